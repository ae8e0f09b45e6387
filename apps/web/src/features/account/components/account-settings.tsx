import { Alert } from '@/components/ui/alert';
import { LanguagePicker } from '@/components/ui/language-picker';
import { LoadingBlock } from '@/components/ui/spinner';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useMyProfile } from '../api/account';
import { NameForm } from './name-form';
import { PasswordForm } from './password-form';

/**
 * Account Settings: the signed-in account's name, password and language (saved to the profile: the app,
 * the e-mails and the certificates follow it), for students and publishers alike.
 */
export const AccountSettings = () => {
  const t = useT();
  const profile = useMyProfile();
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <TitledCard
        title={t('learning.account.profile.title')}
        description={t('learning.account.profile.description')}
      >
        {profile.isPending ? (
          <LoadingBlock label={t('learning.account.profile.loading')} />
        ) : profile.isError ? (
          <Alert>{errorMessage(profile.error, t('learning.account.profile.loadError'))}</Alert>
        ) : (
          <NameForm key={profile.data.fullName} email={profile.data.email} fullName={profile.data.fullName} />
        )}
      </TitledCard>
      <TitledCard
        title={t('learning.account.password.title')}
        description={t('learning.account.password.description')}
      >
        <PasswordForm />
      </TitledCard>
      <TitledCard
        title={t('learning.account.language.title')}
        description={t('learning.account.language.description')}
      >
        <LanguagePicker className="text-slate-700" />
      </TitledCard>
    </div>
  );
};
