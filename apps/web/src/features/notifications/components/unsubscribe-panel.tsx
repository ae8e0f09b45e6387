import {
  INVALID_UNSUBSCRIBE_MESSAGE,
  UNSUBSCRIBE_TOKEN_PATTERN,
  UNSUBSCRIBED_MESSAGE,
} from '@skillwise/contracts';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MailIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { type MessageId, t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { useUnsubscribe } from '../api/notifications';

/** The server's answers on this page (said in English), by their text, to say them in the reader's language. */
const SERVER_TEXTS: ReadonlyMap<string, MessageId> = new Map([
  [UNSUBSCRIBED_MESSAGE, 'site.notifications.unsubscribed'],
  [INVALID_UNSUBSCRIBE_MESSAGE, 'site.notifications.invalidLink'],
]);

const readerText = (text: string): string => {
  const key = SERVER_TEXTS.get(text);
  return key ? t(key) : text;
};

/**
 * The page an e-mail's unsubscribe link opens: no login. It asks before turning e-mails off, so a mail
 * scanner that opens every link changes nothing, and confirms once they are off.
 */
export const UnsubscribePanel = ({ token }: { token: string }) => {
  const t = useT();
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
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('site.notifications.title')}</h1>
      {unsubscribe.isSuccess ? (
        <>
          <Alert tone="success" className="mt-5">
            {readerText(unsubscribe.data.message)}
          </Alert>
          <p className="mt-4 text-sm text-slate-600">{t('site.notifications.changedMind')}</p>
          <Link to={paths.login} className={buttonClassName({ variant: 'outline', className: 'mt-5' })}>
            {t('site.notifications.signIn')}
          </Link>
        </>
      ) : !isWellFormed ? (
        <>
          <Alert className="mt-5">{t('site.notifications.incomplete')}</Alert>
          <Link to={paths.login} className={buttonClassName({ variant: 'outline', className: 'mt-5' })}>
            {t('site.notifications.signIn')}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-slate-600">{t('site.notifications.ask')}</p>
          {unsubscribe.isError ? (
            <Alert className="mt-5">
              {readerText(errorMessage(unsubscribe.error, t('site.notifications.turnOffFailed')))}
            </Alert>
          ) : null}
          <Button
            className="mt-6"
            fullWidth
            onClick={() => unsubscribe.mutate(token)}
            isLoading={unsubscribe.isPending}
            loadingText={t('site.notifications.turningOff')}
          >
            {t('site.notifications.turnOff')}
          </Button>
        </>
      )}
    </Card>
  );
};
