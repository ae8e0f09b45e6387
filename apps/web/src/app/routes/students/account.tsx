import { PageHeader } from '@/components/ui/page-header';
import { AccountSettings } from '@/features/account/components/account-settings';
import { ProfileOverview } from '@/features/account/components/profile-overview';
import { paths } from '@/lib/paths';

/** SPEC §2.12 Profile: the student's own account, with Edit Profile. */
export const ProfilePage = () => (
  <>
    <PageHeader title="Profile" />
    <ProfileOverview settingsPath={paths.students.settings} />
  </>
);

/** Account Settings (the user menu's first entry): the name and the password. */
export const AccountSettingsPage = () => (
  <>
    <PageHeader title="Account Settings" description="Your name and your password." />
    <AccountSettings />
  </>
);
