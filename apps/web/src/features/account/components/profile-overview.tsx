import { ROLE } from '@skillwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Chip } from '@/components/ui/chip';
import { AlertIcon, CheckCircleIcon, LockIcon } from '@/components/ui/drawn-icons';
import { Modal } from '@/components/ui/modal';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useMyProfile } from '../api/account';
import { initialsOf } from '../lib/account-forms';
import { NameForm } from './name-form';

const ROLE_LABELS: Record<number, MessageId> = {
  [ROLE.PUBLISHER]: 'learning.account.role.publisher',
  [ROLE.STUDENT]: 'learning.account.role.student',
};

type ProfileOverviewProps = {
  /** Where the password is changed (Account Settings). */
  settingsPath: string;
};

/**
 * SPEC §2.12 Profile: the signed-in account's own name, e-mail, join date, verified state and courses,
 * with Edit Profile changing the name.
 */
export const ProfileOverview = ({ settingsPath }: ProfileOverviewProps) => {
  const t = useT();
  const profile = useMyProfile();
  const [isEditing, setEditing] = useState(false);

  if (profile.isPending) {
    return (
      <Card className="max-w-3xl">
        <LoadingBlock label={t('learning.account.profile.loading')} />
      </Card>
    );
  }
  if (profile.isError) {
    return <Alert>{errorMessage(profile.error, t('learning.account.profile.loadError'))}</Alert>;
  }

  const me = profile.data;
  const isStudent = me.role_id === ROLE.STUDENT;
  const rows: Array<[MessageId, string]> = [
    ['learning.account.profile.fullName', me.fullName],
    ['learning.account.profile.email', me.email],
    ['learning.account.profile.memberSince', formatDate(me.created_date)],
    ...(isStudent
      ? ([
          ['learning.account.profile.courses', formatCount(me.courses)],
          ['learning.account.profile.completed', formatCount(me.completedCourses)],
        ] as Array<[MessageId, string]>)
      : []),
  ];

  return (
    <Card className="max-w-3xl overflow-hidden">
      <div className="h-24 bg-gradient-to-r from-brand-600 to-violet-500" />
      <div className="px-5 pb-6 sm:px-6">
        <div className="-mt-10 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <span
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-full bg-white text-2xl font-bold text-brand-700 shadow-card ring-4 ring-white"
          >
            {initialsOf(me.fullName || me.email)}
          </span>
          <Button
            variant="outline"
            size="sm"
            className="self-start sm:self-auto"
            onClick={() => setEditing(true)}
          >
            {t('learning.account.profile.edit')}
          </Button>
        </div>
        <h2 className="mt-4 text-xl font-semibold break-words text-slate-900">{me.fullName}</h2>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
          <span>{t(ROLE_LABELS[me.role_id] ?? 'learning.account.role.member')}</span>
          <span aria-hidden="true">·</span>
          {me.verified ? (
            <Chip tone="green">
              <CheckCircleIcon className="size-3.5" />
              {t('learning.account.profile.verified')}
            </Chip>
          ) : (
            <Chip tone="amber">
              <AlertIcon className="size-3.5" />
              {t('learning.account.profile.notVerified')}
            </Chip>
          )}
        </div>
        <dl className="mt-6 grid gap-4 border-t border-slate-100 pt-6 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t(label)}</dt>
              <dd className="mt-1 text-sm break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-6 flex flex-col gap-3 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <LockIcon className="mt-0.5 size-5 shrink-0 text-slate-500" />
            <div>
              <p className="text-sm font-semibold text-slate-900">{t('learning.account.password.title')}</p>
              <p className="text-sm text-slate-600">{t('learning.account.profile.passwordHint')}</p>
            </div>
          </div>
          <Link to={settingsPath} className={buttonClassName({ variant: 'outline', size: 'sm' })}>
            {t('learning.account.profile.changePassword')}
          </Link>
        </div>
      </div>
      <Modal open={isEditing} onClose={() => setEditing(false)} title={t('learning.account.profile.edit')}>
        <NameForm
          key={me.fullName}
          email={me.email}
          fullName={me.fullName}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Modal>
    </Card>
  );
};
