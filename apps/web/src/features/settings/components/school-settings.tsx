import { type ReactNode, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChoiceField } from '@/components/ui/choice-field';
import { TextField } from '@/components/ui/field';

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
  <Card className="p-5 sm:p-6">
    <section aria-label={title} className="flex flex-col gap-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
      </div>
      {children}
      <div className="flex justify-end border-t border-slate-100 pt-4">
        {/* Not wired to the server (SPEC: a static form); the button says so instead of pretending to save. */}
        <Button variant="outline" disabled title={NOT_SAVED_YET}>
          Save
        </Button>
      </div>
    </section>
  </Card>
);

const Toggle = ({ legend, name, initial = 'no' }: { legend: string; name: string; initial?: YesNo }) => {
  const [value, setValue] = useState<YesNo>(initial);
  return (
    <ChoiceField
      legend={legend}
      name={name}
      value={value}
      options={YES_NO}
      onChange={setValue}
      layout="inline"
    />
  );
};

const AUTHOR_PERMISSIONS = [
  ['publish', 'Authors can publish courses'],
  ['email', 'Authors can email students'],
  ['price', 'Authors can set the price of their courses'],
  ['coupons', 'Authors can create coupons'],
  ['sales-pages', 'Authors can customise sales pages'],
] as const;

/** SPEC §2.13: School, Address, Lectures, Authors and Comments; shown, not yet saved. */
export const SchoolSettings = () => {
  const [school, setSchool] = useState({ name: '', email: '' });
  const [address, setAddress] = useState({ street: '', city: '', country: '' });
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <Alert tone="info">These settings are a preview. {NOT_SAVED_YET}</Alert>
      <SettingsSection title="School" description="How your school introduces itself to learners.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="School Name"
            name="school_name"
            value={school.name}
            onChange={(event) => setSchool({ ...school, name: event.target.value })}
          />
          <TextField
            label="Contact Email"
            type="email"
            name="school_email"
            value={school.email}
            onChange={(event) => setSchool({ ...school, email: event.target.value })}
          />
        </div>
        <Toggle legend="Show the school name on course pages" name="school-name-on-pages" initial="yes" />
      </SettingsSection>
      <SettingsSection title="Address" description="Printed on receipts and certificates.">
        <TextField
          label="Street"
          name="street"
          value={address.street}
          onChange={(event) => setAddress({ ...address, street: event.target.value })}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="City"
            name="city"
            value={address.city}
            onChange={(event) => setAddress({ ...address, city: event.target.value })}
          />
          <TextField
            label="Country"
            name="country"
            value={address.country}
            onChange={(event) => setAddress({ ...address, country: event.target.value })}
          />
        </div>
        <Toggle legend="Show the address on receipts" name="address-on-receipts" />
      </SettingsSection>
      <SettingsSection title="Lectures" description="What learners can do while they study.">
        <Toggle legend="Learners can download lecture files" name="download-lectures" />
        <Toggle legend="Play the next lecture automatically" name="autoplay" initial="yes" />
      </SettingsSection>
      <SettingsSection title="Authors" description="What the authors of your school may do.">
        {AUTHOR_PERMISSIONS.map(([name, legend]) => (
          <Toggle key={name} legend={legend} name={`author-${name}`} />
        ))}
      </SettingsSection>
      <SettingsSection title="Comments" description="Conversations under lectures.">
        <Toggle legend="Learners can comment on lectures" name="comments" initial="yes" />
        <Toggle legend="Approve comments before they appear" name="moderate-comments" />
      </SettingsSection>
    </div>
  );
};
