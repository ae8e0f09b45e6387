import {
  COUPON_CODE_MAX,
  type Coupon,
  type CouponInput,
  type CouponKind,
  couponInputSchema,
} from '@skillwise/contracts';
import { Alert } from '@/components/ui/alert';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { ChoiceField } from '@/components/ui/choice-field';
import { FieldError, TextField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { CourseChoice } from '@/features/courses';
import { notify } from '@/lib/toast';
import { type FormErrors, useForm } from '@/lib/use-form';
import { useCreateCoupon, useUpdateCoupon } from '../api/coupons';

type CourseScope = 'all' | 'chosen';

/** The form as typed: numbers and days as text, the courses as a choice and a list of ids. */
export type CouponDraft = {
  code: string;
  kind: CouponKind;
  value: string;
  scope: CourseScope;
  courseIds: number[];
  startsOn: string;
  endsOn: string;
  maxUses: string;
  maxPerStudent: string;
  active: boolean;
};

const KINDS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Amount off' },
] as const;

const SCOPES = [
  { value: 'all', label: 'All courses' },
  { value: 'chosen', label: 'Chosen courses' },
] as const;

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export const draftOf = (coupon: Coupon | null): CouponDraft => ({
  code: coupon?.code ?? '',
  kind: coupon?.kind ?? 'percent',
  value: text(coupon?.value),
  scope: coupon?.course_ids ? 'chosen' : 'all',
  courseIds: coupon?.course_ids ?? [],
  startsOn: text(coupon?.starts_on),
  endsOn: text(coupon?.ends_on),
  maxUses: text(coupon?.max_uses),
  maxPerStudent: coupon ? text(coupon.max_uses_per_student) : '1',
  active: coupon?.active ?? true,
});

/** Text to a number for the contract to judge; empty is null where the contract allows none. */
const numberOf = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value.trim()));
const optionalNumber = (value: string): number | null => (value.trim() === '' ? null : numberOf(value));
const optionalDay = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** What the form sends, unchecked: the contract (couponInputSchema) checks it, here and on the server. */
export const couponBodyOf = (draft: CouponDraft) => ({
  code: draft.code,
  kind: draft.kind,
  value: numberOf(draft.value),
  course_ids: draft.scope === 'all' ? null : draft.courseIds,
  starts_on: optionalDay(draft.startsOn),
  ends_on: optionalDay(draft.endsOn),
  max_uses: optionalNumber(draft.maxUses),
  max_uses_per_student: optionalNumber(draft.maxPerStudent),
  active: draft.active,
});

/** Each field of the form by the server's name of it: its 400 details are shown beside it. */
const SERVER_FIELDS = {
  code: 'code',
  kind: 'kind',
  value: 'value',
  courseIds: 'course_ids',
  startsOn: 'starts_on',
  endsOn: 'ends_on',
  maxUses: 'max_uses',
  maxPerStudent: 'max_uses_per_student',
} as const satisfies Partial<Record<keyof CouponDraft, string>>;

const FIELD_OF = Object.fromEntries(
  Object.entries(SERVER_FIELDS).map(([key, name]) => [name, key]),
) as Record<string, keyof CouponDraft>;

/** The contract's word on a field as a sentence beside it: "Must be whole cents." */
const sentence = (message: string) =>
  `${message.charAt(0).toUpperCase()}${message.slice(1).replace(/\.?$/, '.')}`;

/** The form's own check is the contract's: each problem beside the field it names. */
const validate = (draft: CouponDraft): FormErrors<CouponDraft> => {
  const parsed = couponInputSchema.safeParse(couponBodyOf(draft));
  if (parsed.success) return {};
  const fields: FormErrors<CouponDraft>['fields'] = {};
  for (const issue of parsed.error.issues) {
    const key = FIELD_OF[String(issue.path[0])];
    if (key && fields[key] === undefined) fields[key] = sentence(issue.message);
  }
  return { fields };
};

type CouponDialogProps = {
  /** The coupon to change, or null for a new one. */
  coupon: Coupon | null;
  onClose: () => void;
};

/** New coupon and Edit: the code, what it takes off, for which courses, between which days, how often. */
export const CouponDialog = ({ coupon, onClose }: CouponDialogProps) => {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const form = useForm<CouponDraft>({
    initial: () => draftOf(coupon),
    validate,
    serverFields: SERVER_FIELDS,
    serverFieldMessage: (_key, message) => sentence(message),
  });
  const { values } = form;
  const onSubmit = form.handleSubmit(async (draft) => {
    const input: CouponInput = couponInputSchema.parse(couponBodyOf(draft));
    const saved = coupon
      ? await update.mutateAsync({ coupon_Id: coupon.coupon_Id, ...input })
      : await create.mutateAsync(input);
    notify.success(coupon ? `${saved.code} is saved.` : `${saved.code} is created.`);
    onClose();
  });
  const failure = form.failureMessage('The coupon could not be saved. Please try again.');
  const chooseCourse = (courseId: number, isChosen: boolean) =>
    form.setValue(
      'courseIds',
      isChosen ? [...values.courseIds, courseId] : values.courseIds.filter((id) => id !== courseId),
    );
  const coursesError = form.error('courseIds');

  return (
    <Modal
      open
      onClose={() => !form.isSubmitting && onClose()}
      title={coupon ? 'Edit coupon' : 'New coupon'}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label="Code"
          name="code"
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={COUPON_CODE_MAX}
          hint="Letters, digits, - and _. Buyers type it in any case."
          {...form.field('code')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <ChoiceField
            legend="Discount"
            name="kind"
            value={values.kind}
            options={KINDS}
            onChange={(kind) => form.setValue('kind', kind)}
          />
          <TextField
            label={values.kind === 'percent' ? 'Percent off (%)' : 'Amount off ($)'}
            name="value"
            inputMode="decimal"
            {...form.field('value')}
          />
        </div>
        <div className="flex flex-col gap-3">
          <ChoiceField
            legend="Courses"
            name="scope"
            value={values.scope}
            options={SCOPES}
            onChange={(scope) => form.setValue('scope', scope)}
            invalid={Boolean(coursesError)}
          />
          {values.scope === 'chosen' ? (
            <CourseChoice chosen={values.courseIds} onChoose={chooseCourse} />
          ) : null}
          {coursesError ? <FieldError>{coursesError}</FieldError> : null}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Starts on"
            labelNote="(optional)"
            name="starts_on"
            type="date"
            hint="Empty: from today."
            {...form.field('startsOn')}
          />
          <TextField
            label="Ends on"
            labelNote="(optional)"
            name="ends_on"
            type="date"
            hint="Empty: no end. The last day counts."
            {...form.field('endsOn')}
          />
          <TextField
            label="Total uses"
            labelNote="(optional)"
            name="max_uses"
            inputMode="numeric"
            hint="Empty: no limit."
            {...form.field('maxUses')}
          />
          <TextField
            label="Uses per student"
            labelNote="(optional)"
            name="max_uses_per_student"
            inputMode="numeric"
            hint="Empty: no limit."
            {...form.field('maxPerStudent')}
          />
        </div>
        <CheckboxField
          label="Active"
          hint="Paused, the code is refused until you resume it."
          checked={values.active}
          onChange={(active) => form.setValue('active', active)}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <FormActions
          onCancel={onClose}
          isSubmitting={form.isSubmitting}
          submitLabel={coupon ? 'Save coupon' : 'Create coupon'}
          className="border-t border-slate-100 pt-4"
        />
      </form>
    </Modal>
  );
};
