import { UNSUBSCRIBE_TOKEN_PATTERN } from '@skillwise/contracts';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MailIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useUnsubscribe } from '../api/notifications';

/**
 * The page an e-mail's unsubscribe link opens: no login. It asks before turning e-mails off, so a mail
 * scanner that opens every link changes nothing, and confirms once they are off.
 */
export const UnsubscribePanel = ({ token }: { token: string }) => {
  const unsubscribe = useUnsubscribe();
  const isWellFormed = UNSUBSCRIBE_TOKEN_PATTERN.test(token);

  return (
    <Card className="mx-auto w-full max-w-lg p-6 sm:p-8">
      <span
        aria-hidden="true"
        className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-600"
      >
        <MailIcon className="size-6" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notification e-mails</h1>
      {unsubscribe.isSuccess ? (
        <>
          <Alert tone="success" className="mt-5">
            {unsubscribe.data.message}
          </Alert>
          <p className="mt-4 text-sm text-slate-600">
            Changed your mind? Sign in and turn them back on in My Notification.
          </p>
          <Link to={paths.login} className={buttonClassName({ variant: 'outline', className: 'mt-5' })}>
            Sign in
          </Link>
        </>
      ) : !isWellFormed ? (
        <>
          <Alert className="mt-5">
            This unsubscribe link is incomplete. Open it again from the e-mail, or sign in and turn e-mails
            off in My Notification.
          </Alert>
          <Link to={paths.login} className={buttonClassName({ variant: 'outline', className: 'mt-5' })}>
            Sign in
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-600">
            Stop e-mails about enrolments, new lessons, certificates, sales and new students? You will still
            see them in My Notification, and receipts for your purchases are still sent.
          </p>
          {unsubscribe.isError ? (
            <Alert className="mt-5">
              {errorMessage(unsubscribe.error, 'Your e-mails could not be turned off. Please try again.')}
            </Alert>
          ) : null}
          <Button
            className="mt-6"
            fullWidth
            onClick={() => unsubscribe.mutate(token)}
            isLoading={unsubscribe.isPending}
            loadingText="Turning off..."
          >
            Turn off notification e-mails
          </Button>
        </>
      )}
    </Card>
  );
};
