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
import { readerFieldText } from '@/lib/field-text';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
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
  { value: 'percent', label: 'admin.payments.coupons.kind.percent' },
  { value: 'amount', label: 'admin.payments.coupons.kind.amount' },
] as const satisfies ReadonlyArray<{ value: CouponKind; label: MessageId }>;

const SCOPES = [
  { value: 'all', label: 'admin.payments.coupons.allCourses' },
  { value: 'chosen', label: 'admin.payments.coupons.chosenCourses' },
] as const satisfies ReadonlyArray<{ value: CourseScope; label: MessageId }>;

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

/** The contract's word on a field as a sentence beside it, in the reader's language: "Must be whole cents." */
const sentence = (contractWord: string) => {
  const message = readerFieldText(contractWord);
  return `${message.charAt(0).toUpperCase()}${message.slice(1).replace(/\.?$/, '.')}`;
};

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
  const t = useT();
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
    notify.success(
      coupon
        ? t('admin.payments.coupons.saved', { code: saved.code })
        : t('admin.payments.coupons.created', { code: saved.code }),
    );
    onClose();
  });
  const failure = form.failureMessage(t('admin.payments.coupons.saveFailed'));
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
      title={coupon ? t('admin.payments.coupons.editTitle') : t('admin.payments.coupons.new')}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label={t('admin.payments.coupons.code')}
          name="code"
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={COUPON_CODE_MAX}
          hint={t('admin.payments.coupons.codeHint')}
          {...form.field('code')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <ChoiceField
            legend={t('admin.payments.coupons.discount')}
            name="kind"
            value={values.kind}
            options={KINDS.map((kind) => ({ value: kind.value, label: t(kind.label) }))}
            onChange={(kind) => form.setValue('kind', kind)}
          />
          <TextField
            label={
              values.kind === 'percent'
                ? t('admin.payments.coupons.percentLabel')
                : t('admin.payments.coupons.amountLabel')
            }
            name="value"
            inputMode="decimal"
            {...form.field('value')}
          />
        </div>
        <div className="flex flex-col gap-3">
          <ChoiceField
            legend={t('admin.payments.coupons.coursesLegend')}
            name="scope"
            value={values.scope}
            options={SCOPES.map((scope) => ({ value: scope.value, label: t(scope.label) }))}
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
            label={t('admin.payments.coupons.startsOn')}
            labelNote={t('admin.payments.optional')}
            name="starts_on"
            type="date"
            hint={t('admin.payments.coupons.startsHint')}
            {...form.field('startsOn')}
          />
          <TextField
            label={t('admin.payments.coupons.endsOn')}
            labelNote={t('admin.payments.optional')}
            name="ends_on"
            type="date"
            hint={t('admin.payments.coupons.endsHint')}
            {...form.field('endsOn')}
          />
          <TextField
            label={t('admin.payments.coupons.totalUses')}
            labelNote={t('admin.payments.optional')}
            name="max_uses"
            inputMode="numeric"
            hint={t('admin.payments.noLimit')}
            {...form.field('maxUses')}
          />
          <TextField
            label={t('admin.payments.coupons.perStudent')}
            labelNote={t('admin.payments.optional')}
            name="max_uses_per_student"
            inputMode="numeric"
            hint={t('admin.payments.noLimit')}
            {...form.field('maxPerStudent')}
          />
        </div>
        <CheckboxField
          label={t('admin.payments.coupons.state.active')}
          hint={t('admin.payments.coupons.activeHint')}
          checked={values.active}
          onChange={(active) => form.setValue('active', active)}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <FormActions
          onCancel={onClose}
          isSubmitting={form.isSubmitting}
          submitLabel={coupon ? t('admin.payments.coupons.save') : t('admin.payments.coupons.create')}
          className="border-t border-slate-100 pt-4"
        />
      </form>
    </Modal>
  );
};
