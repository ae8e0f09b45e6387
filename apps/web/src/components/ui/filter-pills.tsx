import { cn } from '@/lib/cn';

type FilterPillsProps<T extends string> = {
  /** What the choice is, read by assistive technology: 'Filter students', 'Price'. */
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
};

/** A list's filter as a row of toggle buttons, one of them pressed (My Students, the catalogue's price). */
export const FilterPills = <T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: FilterPillsProps<T>) => (
  <fieldset className={cn('flex flex-wrap items-center gap-2', className)}>
    <legend className="sr-only">{legend}</legend>
    {options.map((option) => (
      <button
        key={option.value}
        type="button"
        aria-pressed={value === option.value}
        onClick={() => onChange(option.value)}
        className={cn(
          'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors',
          value === option.value
            ? 'border-brand-500 bg-brand-50 text-brand-700'
            : 'border-slate-300 bg-white text-slate-600 hover:border-slate-400',
        )}
      >
        {option.label}
      </button>
    ))}
  </fieldset>
);
