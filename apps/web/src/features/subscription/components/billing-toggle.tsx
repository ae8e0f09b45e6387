import { FilterPills } from '@/components/ui/filter-pills';
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
  <FilterPills legend="Billing period" options={OPTIONS} value={value} onChange={onChange} look="segmented" />
);
