import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { AwardIcon, BellIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';

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

/** SPEC §2.12: a placeholder card with sample data; Edit Profile does nothing yet. */
const SAMPLE_PROFILE = [
  ['Full name', 'Jordan Miles'],
  ['Email', 'jordan.miles@example.com'],
  ['Location', 'Lisbon, Portugal'],
  ['Member since', 'March 2024'],
  ['Courses completed', '4'],
];

export const ProfilePage = () => (
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
            JM
          </span>
          <Button variant="outline" size="sm" className="self-start sm:self-auto">
            Edit Profile
          </Button>
        </div>
        <h2 className="mt-4 text-xl font-semibold text-slate-900">Jordan Miles</h2>
        <p className="text-sm text-slate-500">Lifelong learner · Product design and data</p>
        <dl className="mt-6 grid gap-4 border-t border-slate-100 pt-6 sm:grid-cols-2">
          {SAMPLE_PROFILE.map(([label, value]) => (
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
