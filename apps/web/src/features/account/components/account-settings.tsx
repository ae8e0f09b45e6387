import { Alert } from '@/components/ui/alert';
import { LoadingBlock } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
import { useMyProfile } from '../api/account';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';

/** Account Settings: the signed-in account's name and password, for students and publishers alike. */
export const AccountSettings = () => {
  const profile = useMyProfile();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <TitledCard title="Profile" description="Your full name, as it appears across Skillwise.">
        {profile.isPending ? (
          <LoadingBlock label="Loading your profile..." />
        ) : profile.isError ? (
          <Alert>{errorMessage(profile.error, 'Your profile could not be loaded. Please try again.')}</Alert>
        ) : (
          <NameForm key={profile.data.fullName} email={profile.data.email} fullName={profile.data.fullName} />
        )}
      </TitledCard>
      <TitledCard
        title="Password"
        description="Changing it signs you out everywhere else; you stay signed in here."
      >
        <PasswordForm />
      </TitledCard>
    </div>
  );
};
