import { ROLE, TEAM_MSG, TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS } from '@skillwise/contracts';
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
        notify.success(TEAM_MSG.joined(joined.org_name));
        void navigate(paths.admin.root);
      },
    });

  let body: ReactNode;
  if (token === '' || invitation.isError) {
    body = (
      <>
        <Alert className="mt-5">{TEAM_MSG.inviteInvalid}</Alert>
        <Link to={paths.home} className={buttonClassName({ variant: 'outline', className: 'mt-5' })}>
          Go to the home page
        </Link>
      </>
    );
  } else if (invitation.isPending) {
    body = <LoadingBlock label="Loading the invitation..." />;
  } else {
    const { school, email, role, invited_by, expires_at } = invitation.data;
    body = (
      <>
        <p className="mt-2 text-slate-600">
          {invited_by ? `${invited_by} invites you` : 'You are invited'} to join{' '}
          <strong className="text-slate-900">{school}</strong>’s team as{' '}
          <strong className="text-slate-900">{TEAM_ROLE_LABELS[role]}</strong>.
        </p>
        <dl className="mt-5 flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm">
          <div className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">School:</dt>
            <dd className="break-words text-slate-900">{school}</dd>
          </div>
          <div className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">Role:</dt>
            <dd className="text-slate-900">
              {TEAM_ROLE_LABELS[role]}{' '}
              <span className="text-slate-600">· {TEAM_ROLE_DESCRIPTIONS[role]}</span>
            </dd>
          </div>
          <div className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">Sent to:</dt>
            <dd className="break-all text-slate-900">{email}</dd>
          </div>
          <div className="flex flex-col sm:flex-row sm:gap-2">
            <dt className="font-medium text-slate-700">Valid until:</dt>
            <dd className="text-slate-900">{formatDate(expires_at)}</dd>
          </div>
        </dl>
        {session === null ? (
          <>
            <p className="mt-5 text-sm wrap-anywhere text-slate-600">
              Log in with {email} to accept. New here? Sign up with that address first; you come back to this
              page afterwards.
            </p>
            <div className="mt-5 flex flex-col gap-2 sm:flex-row">
              <Link to={withNext(paths.login, here)} className={buttonClassName({ className: 'sm:flex-1' })}>
                Log in
              </Link>
              <Link
                to={withNext(paths.register, here)}
                className={buttonClassName({ variant: 'outline', className: 'sm:flex-1' })}
              >
                Sign up
              </Link>
            </div>
          </>
        ) : sameAddress(session.email, email) ? (
          <>
            {accept.isError ? (
              <Alert className="mt-5">
                {errorMessage(accept.error, 'The invitation could not be accepted. Please try again.')}
              </Alert>
            ) : null}
            <Button
              className="mt-6"
              fullWidth
              onClick={onAccept}
              isLoading={accept.isPending}
              loadingText="Joining..."
            >
              Accept and join the team
            </Button>
          </>
        ) : (
          <>
            <Alert className="mt-5">{TEAM_MSG.wrongEmail}</Alert>
            <p className="mt-3 text-sm wrap-anywhere text-slate-600">You are signed in as {session.email}.</p>
            <Button
              variant="outline"
              className="mt-5"
              fullWidth
              onClick={() => void logOut(navigate, queryClient, withNext(paths.login, here))}
            >
              Log out and log in as {email}
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
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Join a school’s team</h1>
      {body}
    </Card>
  );
};
