import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn';
import { counterText } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { Input, Select, Textarea } from './input';

/** What a Field hands to its control so label, hint and error are bound to it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

/** SPEC §5: a character counter beside the label, `00/100`; it only informs, it does not block typing. */
export type FieldCounter = { length: number; max: number };

type FieldProps = {
  label: string;
  /** Shown after the label, e.g. '(optional)'. */
  labelNote?: string;
  counter?: FieldCounter;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A field's error message, under its control; `id` is what the control's aria-describedby names. */
export const FieldError = ({ id, children }: { id?: string | undefined; children: ReactNode }) => (
  <p id={id} className="text-xs font-medium text-rose-600">
    {children}
  </p>
);

/** A label, a control, a hint and an error message, wired together with ids. */
export const Field = ({ label, labelNote, counter, hint, error, className, children }: FieldProps) => {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {labelNote ? <span className="text-xs text-slate-500">{labelNote}</span> : null}
        {counter ? (
          <span
            className={cn(
              'text-xs tabular-nums',
              counter.length > counter.max ? 'font-medium text-amber-700' : 'text-slate-500',
            )}
          >
            {counterText(counter.length, counter.max)}
          </span>
        ) : null}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
};

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  labelNote?: string;
  /** The maximum of a counter shown beside the label; the length is the value's. */
  counterMax?: number;
  hint?: string;
  error?: string;
  multiline?: false;
};

const counterOf = (value: unknown, max: number | undefined): FieldCounter | undefined =>
  max === undefined ? undefined : { length: typeof value === 'string' ? value.length : 0, max };

/** What a labelled field's frame (`Field`) takes of its props. */
type FrameProps = {
  label: string;
  labelNote?: string | undefined;
  counterMax?: number | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
};

/** A field's props split into its frame's (the counter counting `value`) and its control's. */
const splitFrame = <P extends FrameProps & { value?: unknown }>({
  label,
  labelNote,
  counterMax,
  hint,
  error,
  className,
  ...control
}: P) =>
  [
    { label, labelNote, counter: counterOf(control.value, counterMax), hint, error, className },
    control,
  ] as const;

/** The common case: a labelled text input. */
export const TextField = (props: TextFieldProps) => {
  const [frame, inputProps] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <Input
          {...inputProps}
          {...control}
          aria-invalid={control['aria-invalid'] ?? inputProps['aria-invalid']}
        />
      )}
    </Field>
  );
};

type TextAreaFieldProps = {
  label: string;
  labelNote?: string;
  counterMax?: number;
  required?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  name?: string;
  value: string;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Marks the textarea invalid when its error is said elsewhere (the form's alert). */
  'aria-invalid'?: boolean;
};

export const TextAreaField = ({ onChange, ...props }: TextAreaFieldProps) => {
  const [frame, rest] = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <Textarea
          {...rest}
          {...control}
          aria-invalid={control['aria-invalid'] ?? rest['aria-invalid']}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
};

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  labelNote?: string;
  hint?: string;
  error?: string;
  /** The first, empty option, e.g. 'Select Content Type'. */
  placeholder?: string;
  options: ReadonlyArray<{ value: string | number; label: string }>;
};

/** A labelled native select with an optional empty first option. */
export const SelectField = ({
  label,
  labelNote,
  hint,
  error,
  className,
  placeholder,
  options,
  ...selectProps
}: SelectFieldProps) => (
  <Field label={label} labelNote={labelNote} hint={hint} error={error} className={className}>
    {(control) => (
      <Select
        {...selectProps}
        {...control}
        aria-invalid={control['aria-invalid'] ?? selectProps['aria-invalid']}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    )}
  </Field>
);

/** An e-mail address shown in a form but not editable there (an account's sign-in address). */
export const ReadOnlyEmailField = ({ value, hint }: { value: string; hint: string }) => {
  const t = useT();
  return (
    <Field label={t('common.ui.email')} hint={hint}>
      {(control) => (
        <Input
          {...control}
          name="email"
          type="email"
          value={value}
          readOnly
          className="bg-slate-50 text-slate-600 focus:ring-0"
        />
      )}
    </Field>
  );
};
