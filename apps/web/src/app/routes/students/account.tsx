import { PageHeader, Screen } from '@/components/ui/page-header';
import { AccountSettings } from '@/features/account/components/account-settings';
import { ProfileOverview } from '@/features/account/components/profile-overview';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

/** SPEC §2.12 Profile: the student's own account, with Edit Profile. */
export const ProfilePage = () => {
  const t = useT();
  return (
    <>
      <PageHeader title={t('learning.learningRoutes.profile.title')} />
      <ProfileOverview settingsPath={paths.students.settings} />
    </>
  );
};

/** Account Settings (the user menu's first entry): the name and the password. */
export const AccountSettingsPage = () => (
  <Screen texts="learning.learningRoutes.settings">
    <AccountSettings />
  </Screen>
);
