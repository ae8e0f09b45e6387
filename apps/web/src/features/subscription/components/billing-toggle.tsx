import { FilterPills } from '@/components/ui/filter-pills';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import type { BillingType } from '../lib/plans';

const OPTIONS: Array<{ value: BillingType; label: MessageId }> = [
  { value: 'monthly', label: 'admin.subscription.monthly' },
  { value: 'annual', label: 'admin.subscription.annualOff' },
];

/** SPEC §2.15: Monthly (the default) or Annual at 20% off. */
export const BillingToggle = ({
  value,
  onChange,
}: {
  value: BillingType;
  onChange: (value: BillingType) => void;
}) => {
  const t = useT();
  return (
    <FilterPills
      legend={t('admin.subscription.billingPeriod')}
      options={OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
      value={value}
      onChange={onChange}
      look="segmented"
    />
  );
};
