import { certificatePath, type CertificateVerification as Verification } from '@skillwise/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { AlertIcon, AwardIcon, CheckCircleIcon, SearchIcon } from '@/components/ui/drawn-icons';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { APP_NAME } from '@/config/app';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { T, useT } from '@/lib/i18n/use-t';
import { useCertificateVerification } from '../api/certificates';
import { certificateDate } from '../lib/dates';

const Fact = ({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) => (
  <div className={cn('min-w-0', wide && 'sm:col-span-2')}>
    <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
    <dd className="mt-1 font-semibold break-words text-slate-900">{children}</dd>
  </div>
);

/** A form to check another number: it opens that number's page. */
const CheckAnother = () => {
  const t = useT();
  const navigate = useNavigate();
  const id = useId();
  const [number, setNumber] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = number.trim().toUpperCase();
    if (text) void navigate(certificatePath(text));
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('site.certificates.number')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          placeholder={t('site.certificates.numberExample')}
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
        />
        <Button type="submit" leftIcon={<SearchIcon className="size-4" />} className="shrink-0">
          {t('site.certificates.check')}
        </Button>
      </div>
    </form>
  );
};

const StatusBand = ({ valid }: { valid: boolean }) => {
  const t = useT();
  return (
    <div
      className={cn(
        'flex items-center gap-3 px-5 py-4 sm:px-8',
        valid ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
      )}
    >
      {valid ? (
        <CheckCircleIcon className="size-6 shrink-0" aria-hidden="true" />
      ) : (
        <AlertIcon className="size-6 shrink-0" aria-hidden="true" />
      )}
      <p className="font-semibold">
        {valid ? t('site.certificates.valid') : t('site.certificates.revoked')}
        <span className="block text-sm font-normal">
          {valid ? t('site.certificates.genuine', { app: APP_NAME }) : t('site.certificates.noLongerValid')}
        </span>
      </p>
    </div>
  );
};

const Found = ({ certificate }: { certificate: Verification }) => {
  const t = useT();
  const valid = certificate.status === 'valid';
  return (
    <Card className="overflow-hidden">
      <StatusBand valid={valid} />
      <div className="flex flex-col gap-6 p-5 sm:p-8">
        {valid ? (
          <div className="text-center">
            <p className="text-sm font-medium tracking-wide text-slate-500 uppercase">
              {t('site.certificates.ofCompletion')}
            </p>
            <p className="mt-4 text-slate-600">{t('site.certificates.certifies')}</p>
            <p className="mt-1 text-2xl font-bold break-words text-slate-900 sm:text-3xl">
              {certificate.student_name}
            </p>
            <p className="mt-3 text-slate-600">{t('site.certificates.completed')}</p>
            <p className="mt-1 text-xl font-semibold break-words text-brand-700">
              {certificate.course_title}
            </p>
          </div>
        ) : (
          <p className="text-slate-700">
            <T
              id="site.certificates.revokedText"
              values={{ course: certificate.course_title, date: certificateDate(certificate.revoked_date) }}
              components={{ 0: <span className="font-semibold" /> }}
            />
          </p>
        )}
        <dl className="grid gap-5 border-t border-slate-100 pt-6 sm:grid-cols-2">
          {valid ? null : <Fact label={t('site.certificates.course')}>{certificate.course_title}</Fact>}
          <Fact label={t('site.certificates.organisation')}>{certificate.org_name}</Fact>
          <Fact label={t('site.certificates.author')}>{certificate.author_name || '—'}</Fact>
          <Fact label={t('site.certificates.issuedOn')}>{certificateDate(certificate.issued_date)}</Fact>
          {valid ? null : (
            <Fact label={t('site.certificates.revokedOn')}>{certificateDate(certificate.revoked_date)}</Fact>
          )}
          <Fact label={t('site.certificates.number')} wide={valid}>
            <span className="font-mono break-all">{certificate.number}</span>
          </Fact>
        </dl>
      </div>
    </Card>
  );
};

/**
 * The public verification page of a certificate number (/certificates/{number}, no login): who earned
 * what and when, marked valid; revoked, without the name; or that no certificate has the number.
 */
export const CertificateVerification = ({ number }: { number: string }) => {
  const t = useT();
  const verification = useCertificateVerification(number);
  const unknown =
    verification.error instanceof ApiError &&
    (verification.error.status === 404 || verification.error.status === 400);

  let body: ReactNode;
  if (verification.isPending) {
    body = <LoadingBlock label={t('site.certificates.checking')} />;
  } else if (verification.isSuccess) {
    body = <Found certificate={verification.data} />;
  } else if (unknown) {
    body = (
      <Card className="flex flex-col gap-6 p-5 sm:p-8">
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-slate-100 text-2xl text-slate-500 sm:flex"
          >
            <AwardIcon />
          </span>
          <div className="min-w-0">
            <CardTitle>{t('site.certificates.unknown')}</CardTitle>
            <p className="mt-1 text-slate-600">
              <T
                id="site.certificates.unknownText"
                values={{ number }}
                components={{ 0: <span className="font-mono break-all" /> }}
              />
            </p>
          </div>
        </div>
        <CheckAnother />
      </Card>
    );
  } else {
    body = (
      <LoadError
        message={errorMessage(verification.error, t('site.certificates.checkError'))}
        onRetry={() => void verification.refetch()}
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <p className="text-sm font-semibold text-brand-600">{t('site.certificates.eyebrow')}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('site.certificates.title')}
        </h1>
        <p className="mt-2 text-slate-600">
          <T
            id="site.certificates.record"
            values={{ number }}
            components={{ 0: <span className="font-mono break-all" /> }}
          />
        </p>
      </div>
      {body}
    </div>
  );
};
