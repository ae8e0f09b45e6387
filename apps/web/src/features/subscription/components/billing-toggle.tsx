import { cn } from '@/lib/cn';
import type { BillingType } from '../lib/plans';

const OPTIONS: Array<{ value: BillingType; label: string }> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual (20% Off)' },
];

/** SPEC §2.15: Monthly (the default) or Annual at 20% off. */
export const BillingToggle = ({
  value,
  onChange,
}: {
  value: BillingType;
  onChange: (value: BillingType) => void;
}) => (
  <fieldset className="inline-flex rounded-full border border-slate-200 bg-white p-1 shadow-sm">
    <legend className="sr-only">Billing period</legend>
    {OPTIONS.map((option) => (
      <button
        key={option.value}
        type="button"
        aria-pressed={value === option.value}
        onClick={() => onChange(option.value)}
        className={cn(
          'rounded-full px-4 py-2 text-sm font-semibold transition-colors sm:px-5',
          value === option.value
            ? 'bg-brand-600 text-white shadow-sm'
            : 'text-slate-600 hover:text-slate-900',
        )}
      >
        {option.label}
      </button>
    ))}
  </fieldset>
);
