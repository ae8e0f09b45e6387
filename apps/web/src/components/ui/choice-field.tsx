import { useId } from 'react';
import { cn } from '@/lib/cn';

type Choice<T extends string> = { value: T; label: string };

type ChoiceFieldProps<T extends string> = {
  legend: string;
  name: string;
  value: T | '';
  options: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
  required?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  /** 'inline' puts the question and its choices on one line from the sm breakpoint (settings lists). */
  layout?: 'stacked' | 'inline';
  className?: string;
};

/** A row of radio buttons drawn as segmented pills (yes/no, Female/Male). */
export const ChoiceField = <T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  required,
  invalid,
  disabled,
  layout = 'stacked',
  className,
}: ChoiceFieldProps<T>) => {
  const id = useId();
  const isInline = layout === 'inline';
  return (
    <fieldset className={cn('flex flex-col gap-1.5', className)} aria-invalid={invalid || undefined}>
      {/* A legend cannot take part in a flex row, so the inline layout shows the question in a span. */}
      <legend className={isInline ? 'sr-only' : 'mb-1.5 text-sm font-medium text-slate-700'}>{legend}</legend>
      <div
        className={cn(
          isInline && 'flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-6',
        )}
      >
        {isInline ? (
          <span aria-hidden="true" className="text-sm font-medium text-slate-700">
            {legend}
          </span>
        ) : null}
        <div className="flex shrink-0 flex-wrap gap-2">
          {options.map((option) => {
            const optionId = `${id}-${option.value}`;
            const checked = value === option.value;
            return (
              <label
                key={option.value}
                htmlFor={optionId}
                className={cn(
                  'flex h-10 cursor-pointer items-center gap-2 rounded-xl border px-3.5 text-sm font-medium transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                  checked
                    ? 'border-brand-500 bg-brand-50 text-brand-700'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
                  invalid && !checked && 'border-rose-400',
                  disabled && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  id={optionId}
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={checked}
                  required={required}
                  disabled={disabled}
                  onChange={() => onChange(option.value)}
                  className="size-4 accent-brand-600"
                />
                {option.label}
              </label>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
};
