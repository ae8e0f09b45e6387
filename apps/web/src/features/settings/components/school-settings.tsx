import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChoiceField } from '@/components/ui/choice-field';
import { TextField } from '@/components/ui/field';
import { TitledCard, type TitledProps } from '@/components/ui/titled-card';
import { ApiKeysCard } from '@/features/integrations/components/api-keys-card';
import { WebhooksCard } from '@/features/integrations/components/webhooks-card';
import { CouponsCard } from '@/features/payments/components/coupons-card';
import { PayoutAccountCard } from '@/features/payments/components/payout-account-card';
import { RefundPolicyCard } from '@/features/payments/components/refund-policy-card';
import { SchoolSiteCard } from '@/features/school-sites/components/site-settings';
import { useRoleAllows } from '@/features/team/api/team';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useForm } from '@/lib/use-form';

type YesNo = 'yes' | 'no';

/** SPEC §2.13 Settings: each section of the static form, with its own (inactive) Save button. */
const SettingsSection = ({ title, description, children }: TitledProps) => {
  const t = useT();
  return (
    <TitledCard title={title} description={description}>
      {children}
      <div className="flex justify-end border-t border-slate-100 pt-4">
        {/* Not wired to the server (SPEC: a static form); the button says so instead of pretending to save. */}
        <Button variant="outline" disabled title={t('admin.settings.notSavedYet')}>
          {t('admin.settings.save')}
        </Button>
      </div>
    </TitledCard>
  );
};

type ToggleProps = { legend: string; name: string; value: YesNo; onChange: (value: YesNo) => void };

const Toggle = ({ legend, name, value, onChange }: ToggleProps) => {
  const t = useT();
  return (
    <ChoiceField
      legend={legend}
      name={name}
      value={value}
      options={[
        { value: 'yes', label: t('admin.settings.yes') },
        { value: 'no', label: t('admin.settings.no') },
      ]}
      onChange={onChange}
      layout="inline"
    />
  );
};

const AUTHOR_PERMISSIONS = [
  ['publish', 'admin.settings.authorPublish'],
  ['email', 'admin.settings.authorEmail'],
  ['price', 'admin.settings.authorPrice'],
  ['coupons', 'admin.settings.authorCoupons'],
  ['sales-pages', 'admin.settings.authorSalesPages'],
] as const satisfies ReadonlyArray<readonly [string, MessageId]>;

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
  const t = useT();
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
      <Alert tone="info">{t('admin.settings.previewNote', { later: t('admin.settings.notSavedYet') })}</Alert>
      <SettingsSection title={t('admin.settings.school')} description={t('admin.settings.schoolHint')}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t('admin.settings.schoolName')}
            name="school_name"
            {...form.field('school_name')}
          />
          <TextField
            label={t('admin.settings.contactEmail')}
            type="email"
            name="school_email"
            {...form.field('school_email')}
          />
        </div>
        <Toggle legend={t('admin.settings.nameOnPages')} {...toggle('school-name-on-pages')} />
      </SettingsSection>
      <SettingsSection title={t('admin.settings.address')} description={t('admin.settings.addressHint')}>
        <TextField label={t('admin.settings.street')} name="street" {...form.field('street')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t('admin.settings.city')} name="city" {...form.field('city')} />
          <TextField label={t('admin.settings.country')} name="country" {...form.field('country')} />
        </div>
        <Toggle legend={t('admin.settings.addressOnReceipts')} {...toggle('address-on-receipts')} />
      </SettingsSection>
      <SettingsSection title={t('admin.settings.lectures')} description={t('admin.settings.lecturesHint')}>
        <Toggle legend={t('admin.settings.download')} {...toggle('download-lectures')} />
        <Toggle legend={t('admin.settings.autoplay')} {...toggle('autoplay')} />
      </SettingsSection>
      <SettingsSection title={t('admin.settings.authors')} description={t('admin.settings.authorsHint')}>
        {AUTHOR_PERMISSIONS.map(([name, legend]) => (
          <Toggle key={name} legend={t(legend)} {...toggle(`author-${name}`)} />
        ))}
      </SettingsSection>
      <SettingsSection title={t('admin.settings.comments')} description={t('admin.settings.commentsHint')}>
        <Toggle legend={t('admin.settings.canComment')} {...toggle('comments')} />
        <Toggle legend={t('admin.settings.moderate')} {...toggle('moderate-comments')} />
      </SettingsSection>
    </div>
  );
};
