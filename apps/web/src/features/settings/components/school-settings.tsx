import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceField } from '@/components/ui/choice-field';
import { TextField } from '@/components/ui/field';
import { TitledCard } from '@/components/ui/titled-card';
import { ApiKeysCard } from '@/features/integrations/components/api-keys-card';
import { WebhooksCard } from '@/features/integrations/components/webhooks-card';
import { CouponsCard } from '@/features/payments/components/coupons-card';
import { PayoutAccountCard } from '@/features/payments/components/payout-account-card';
import { RefundPolicyCard } from '@/features/payments/components/refund-policy-card';
import { SchoolSiteCard } from '@/features/school-sites/components/site-settings';
import { useRoleAllows } from '@/features/team/api/team';
import { useForm } from '@/lib/use-form';

type YesNo = 'yes' | 'no';
const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

const NOT_SAVED_YET = 'Saving them arrives in a later version.';

/** SPEC §2.13 Settings: each section of the static form, with its own (inactive) Save button. */
const SettingsSection = ({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) => (
  <TitledCard title={title} description={description}>
    {children}
    <div className="flex justify-end border-t border-slate-100 pt-4">
      {/* Not wired to the server (SPEC: a static form); the button says so instead of pretending to save. */}
      <Button variant="outline" disabled title={NOT_SAVED_YET}>
        Save
      </Button>
    </div>
  </TitledCard>
);

type ToggleProps = { legend: string; name: string; value: YesNo; onChange: (value: YesNo) => void };

const Toggle = ({ legend, name, value, onChange }: ToggleProps) => (
  <ChoiceField
    legend={legend}
    name={name}
    value={value}
    options={YES_NO}
    onChange={onChange}
    layout="inline"
  />
);

const AUTHOR_PERMISSIONS = [
  ['publish', 'Authors can publish courses'],
  ['email', 'Authors can email students'],
  ['price', 'Authors can set the price of their courses'],
  ['coupons', 'Authors can create coupons'],
  ['sales-pages', 'Authors can customise sales pages'],
] as const;

/** Every setting, by the name of its control; the switches start as a new school's. */
const INITIAL_SETTINGS = {
  school_name: '',
  school_email: '',
  street: '',
  city: '',
  country: '',
  'school-name-on-pages': 'yes' as YesNo,
  'address-on-receipts': 'no' as YesNo,
  'download-lectures': 'no' as YesNo,
  autoplay: 'yes' as YesNo,
  ...(Object.fromEntries(AUTHOR_PERMISSIONS.map(([name]) => [`author-${name}`, 'no'])) as Record<
    `author-${(typeof AUTHOR_PERMISSIONS)[number][0]}`,
    YesNo
  >),
  comments: 'yes' as YesNo,
  'moderate-comments': 'no' as YesNo,
};

type Settings = typeof INITIAL_SETTINGS;
type SwitchName = { [K in keyof Settings]: Settings[K] extends YesNo ? K : never }[keyof Settings];

/** SPEC §2.13: School, Address, Lectures, Authors and Comments; shown, not yet saved. */
export const SchoolSettings = () => {
  const form = useForm({ initial: INITIAL_SETTINGS });
  // How the school is paid is its owners' (docs/decisions/039).
  const isOwner = useRoleAllows('owner');
  const toggle = (name: SwitchName) => ({
    name,
    value: form.values[name],
    onChange: (value: YesNo) => form.setValue(name, value),
  });
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <SchoolSiteCard />
      {isOwner ? <PayoutAccountCard /> : null}
      <RefundPolicyCard />
      <CouponsCard />
      <WebhooksCard />
      <ApiKeysCard />
      <Alert tone="info">These settings are a preview. {NOT_SAVED_YET}</Alert>
      <SettingsSection title="School" description="How your school introduces itself to learners.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="School Name" name="school_name" {...form.field('school_name')} />
          <TextField label="Contact Email" type="email" name="school_email" {...form.field('school_email')} />
        </div>
        <Toggle legend="Show the school name on course pages" {...toggle('school-name-on-pages')} />
      </SettingsSection>
      <SettingsSection title="Address" description="Printed on receipts and certificates.">
        <TextField label="Street" name="street" {...form.field('street')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="City" name="city" {...form.field('city')} />
          <TextField label="Country" name="country" {...form.field('country')} />
        </div>
        <Toggle legend="Show the address on receipts" {...toggle('address-on-receipts')} />
      </SettingsSection>
      <SettingsSection title="Lectures" description="What learners can do while they study.">
        <Toggle legend="Learners can download lecture files" {...toggle('download-lectures')} />
        <Toggle legend="Play the next lecture automatically" {...toggle('autoplay')} />
      </SettingsSection>
      <SettingsSection title="Authors" description="What the authors of your school may do.">
        {AUTHOR_PERMISSIONS.map(([name, legend]) => (
          <Toggle key={name} legend={legend} {...toggle(`author-${name}`)} />
        ))}
      </SettingsSection>
      <SettingsSection title="Comments" description="Conversations under lectures.">
        <Toggle legend="Learners can comment on lectures" {...toggle('comments')} />
        <Toggle legend="Approve comments before they appear" {...toggle('moderate-comments')} />
      </SettingsSection>
    </div>
  );
};
