import { ROLE } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { UsersIcon } from '@/components/ui/drawn-icons';
import { LoadingBlock } from '@/components/ui/spinner';
import { getAdminDestination, getOrganisation, logOut } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { withNext } from '@/lib/return-to';
import { storage, storedSession } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { useAcceptInvite, useInvitation } from '../api/team';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The page an invitation's link opens (docs/decisions/039), no login needed to read it: the school, the
 * role and the address it was sent to. The account with that address accepts it; anyone else is told
 * so; a visitor logs in or signs up with that address and comes back here to accept.
 */
export const AcceptInvitation = ({ token }: { token: string }) => {
  const t = useT();
  const invitation = useInvitation(token);
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = `${location.pathname}${location.search}`;
  const session = storedSession();

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: async (joined) => {
        // What the login stores for a publisher (SPEC §4): the account is its school's member from now on.
        storage.set('currentUserRole', ROLE.PUBLISHER);
        storage.set('orgId', joined.org_Id);
        storage.remove('componentKey');
        const destination = getAdminDestination(await getOrganisation(joined.org_Id).catch(() => null));
        storage.set('subscriptionStatus', destination.subscriptionStatus);
        notify.success(t('site.team.accept.joined', { school: joined.org_name }));
        void navigate(paths.admin.root);
      },
    });

  let body: ReactNode;
  if (token === '' || invitation.isError) {
    body = (
      <>
        <Alert className="mt-5">{t('site.team.accept.invalid')}</Alert>
        <Link to={paths.home} className={buttonClassName({ variant: 'outline', className: 'mt-5' })}>
          {t('site.team.accept.home')}
        </Link>
      </>
    );
  } else if (invitation.isPending) {
    body = <LoadingBlock label={t('site.team.accept.loading')} />;
  } else {
    const { school, email, role, invited_by, expires_at } = invitation.data;
    const roleLabel = t(`site.team.role.${role}`);
    const strong = { 0: <strong className="text-slate-900" />, 1: <strong className="text-slate-900" /> };
    body = (
      <>
        <p className="mt-2 text-slate-600">
          {invited_by ? (
            <T
              id="site.team.accept.invitedBy"
              values={{ inviter: invited_by, school, role: roleLabel }}
              components={strong}
            />
          ) : (
            <T id="site.team.accept.invited" values={{ school, role: roleLabel }} components={strong} />
          )}
        </p>
        <dl className="mt-5 flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">{t('site.team.accept.school')}</dt>
            <dd className="break-words text-slate-900">{school}</dd>
          </div>
          <div className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">{t('site.team.accept.role')}</dt>
            <dd className="text-slate-900">
              {roleLabel} <span className="text-slate-600">· {t(`site.team.roleDescription.${role}`)}</span>
            </dd>
          </div>
          <div className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">{t('site.team.accept.sentTo')}</dt>
            <dd className="break-all text-slate-900">{email}</dd>
          </div>
          <div className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">{t('site.team.accept.validUntil')}</dt>
            <dd className="text-slate-900">{formatDate(expires_at)}</dd>
          </div>
        </dl>
        {session === null ? (
          <>
            <p className="mt-5 text-sm wrap-anywhere text-slate-600">
              {t('site.team.accept.visitor', { email })}
            </p>
            <div className="mt-5 flex flex-col gap-2 sm:flex-row">
              <Link to={withNext(paths.login, here)} className={buttonClassName({ className: 'sm:flex-1' })}>
                {t('site.team.accept.logIn')}
              </Link>
              <Link
                to={withNext(paths.register, here)}
                className={buttonClassName({ variant: 'outline', className: 'sm:flex-1' })}
              >
                {t('site.team.accept.signUp')}
              </Link>
            </div>
          </>
        ) : sameAddress(session.email, email) ? (
          <>
            {accept.isError ? (
              <Alert className="mt-5">{errorMessage(accept.error, t('site.team.accept.failed'))}</Alert>
            ) : null}
            <Button
              className="mt-6"
              fullWidth
              onClick={onAccept}
              isLoading={accept.isPending}
              loadingText={t('site.team.accept.joining')}
            >
              {t('site.team.accept.accept')}
            </Button>
          </>
        ) : (
          <>
            <Alert className="mt-5">{t('site.team.accept.wrongEmail')}</Alert>
            <p className="mt-3 text-sm wrap-anywhere text-slate-600">
              {t('site.team.accept.signedInAs', { email: session.email })}
            </p>
            <Button
              variant="outline"
              className="mt-5"
              fullWidth
              onClick={() => void logOut(navigate, queryClient, withNext(paths.login, here))}
            >
              {t('site.team.accept.switchAccount', { email })}
            </Button>
          </>
        )}
      </>
    );
  }

  return (
    <Card className="mx-auto w-full max-w-lg p-6 sm:p-8">
      <span
        aria-hidden="true"
        className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600"
      >
        <UsersIcon className="size-6" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('site.team.accept.title')}</h1>
      {body}
    </Card>
  );
};
