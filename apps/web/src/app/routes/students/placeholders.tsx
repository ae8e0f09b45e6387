import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { AwardIcon, BellIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { useAssignedCourses } from '@/features/courses/api/courses';
import { useStudentProfile } from '@/features/students/api/students';
import { formatCount, formatDate } from '@/lib/format';
import { storage } from '@/lib/storage';

/** SPEC §2.12: My Certificates is a heading only. */
export const CertificatesPage = () => (
  <>
    <PageHeader title="My Certificates" />
    <EmptyState
      icon={<AwardIcon />}
      title="No certificates yet"
      hint="Finish a course to earn your first certificate."
    />
  </>
);

/** SPEC §2.12: a placeholder titled 'My Notification'. */
export const NotificationsPage = () => (
  <>
    <PageHeader title="My Notification" />
    <EmptyState
      icon={<BellIcon />}
      title="You are all caught up"
      hint="New notifications will appear here."
    />
  </>
);

export const AccountSettingsPage = () => (
  <>
    <PageHeader title="Account Settings" />
    <EmptyState
      title="Account settings are coming soon"
      hint="You will be able to manage your account here."
    />
  </>
);

/** Two letters for the avatar: the initials of the name, else of the e-mail. */
const initialsOf = (name: string): string =>
  name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

/**
 * SPEC §2.12 Profile: a card with an Edit Profile button that does nothing yet. It shows the signed-in
 * student's own name, e-mail, join date and courses, never someone else's sample data.
 */
export const ProfilePage = () => {
  const email = storage.get('userEmail') ?? '';
  const profile = useStudentProfile(email);
  // Only the count is shown: one row is asked for and the total read from its header.
  const courses = useAssignedCourses(storage.get('userId') ?? '', { page: 1, pageSize: 1 });
  const name = profile.data?.fullName ?? '';
  const rows: Array<[string, string]> = [
    ['Full name', name || '—'],
    ['Email', email || '—'],
    ['Member since', profile.data ? formatDate(profile.data.created_date) : '—'],
    ['Courses', courses.data ? formatCount(courses.data.total) : '—'],
  ];
  return (
    <>
      <PageHeader title="Profile" />
      <Card className="max-w-2xl overflow-hidden">
        <div className="h-24 bg-gradient-to-r from-brand-600 to-violet-500" />
        <div className="px-6 pb-6">
          <div className="-mt-10 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <span
              aria-hidden="true"
              className="flex size-20 items-center justify-center rounded-full bg-white text-2xl font-bold text-brand-700 shadow-card ring-4 ring-white"
            >
              {initialsOf(name || email)}
            </span>
            <Button variant="outline" size="sm" className="self-start sm:self-auto">
              Edit Profile
            </Button>
          </div>
          <h2 className="mt-4 text-xl font-semibold break-words text-slate-900">{name || email}</h2>
          <p className="text-sm text-slate-500">Student</p>
          <dl className="mt-6 grid gap-4 border-t border-slate-100 pt-6 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
                <dd className="mt-1 truncate text-sm text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Card>
    </>
  );
};
