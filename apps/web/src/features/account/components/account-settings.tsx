import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useMyProfile } from '../api/account';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';

const Section = ({
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
    </section>
  </Card>
);

/** Account Settings: the signed-in account's name and password, for students and publishers alike. */
export const AccountSettings = () => {
  const profile = useMyProfile();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <Section title="Profile" description="Your full name, as it appears across Skillwise.">
        {profile.isPending ? (
          <LoadingBlock label="Loading your profile..." />
        ) : profile.isError ? (
          <Alert>{errorMessage(profile.error, 'Your profile could not be loaded. Please try again.')}</Alert>
        ) : (
          <NameForm key={profile.data.fullName} email={profile.data.email} fullName={profile.data.fullName} />
        )}
      </Section>
      <Section
        title="Password"
        description="Changing it signs you out everywhere else; you stay signed in here."
      >
        <PasswordForm />
      </Section>
    </div>
  );
};
