import { cn } from '@/lib/cn';

type FilterPillsProps<T extends string> = {
  /** What the choice is, read by assistive technology: 'Filter students', 'Price'. */
  legend: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  /** `pills`: separate rounded buttons (a list's filter); `segmented`: one rounded track (a period). */
  look?: 'pills' | 'segmented';
  className?: string;
};

const LOOKS = {
  pills: {
    group: 'flex flex-wrap items-center gap-2',
    button: 'h-9 rounded-full border px-3.5 text-sm font-medium transition-colors',
    pressed: 'border-brand-500 bg-brand-50 text-brand-700',
    idle: 'border-slate-300 bg-white text-slate-600 hover:border-slate-400',
  },
  segmented: {
    group: 'inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm',
    button: 'rounded-full px-4 py-2 text-sm font-semibold transition-colors sm:px-5',
    pressed: 'bg-brand-600 text-white shadow-sm',
    idle: 'text-slate-600 hover:text-slate-900',
  },
} as const;

/**
 * One choice of a few as a row of toggle buttons, one of them pressed: a list's filter (My Students, the
 * catalogue's price) or a period (the plans' billing, the sales chart's interval).
 */
export const FilterPills = <T extends string>({
  legend,
  options,
  value,
  onChange,
  look = 'pills',
  className,
}: FilterPillsProps<T>) => (
  <fieldset className={cn(LOOKS[look].group, className)}>
    <legend className="sr-only">{legend}</legend>
    {options.map((option) => (
      <button
        key={option.value}
        type="button"
        aria-pressed={value === option.value}
        onClick={() => onChange(option.value)}
        className={cn(LOOKS[look].button, value === option.value ? LOOKS[look].pressed : LOOKS[look].idle)}
      >
        {option.label}
      </button>
    ))}
  </fieldset>
);
