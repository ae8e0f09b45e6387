import { certificatePath, type CertificateVerification as Verification } from '@skillwise/contracts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AlertIcon, AwardIcon, CheckCircleIcon, SearchIcon } from '@/components/ui/drawn-icons';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { APP_NAME } from '@/config/app';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
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
        Certificate number
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          placeholder="SW-ABCD-EFGH-JKLM-NPQR"
          autoComplete="off"
          spellCheck={false}
          className="font-mono uppercase"
        />
        <Button type="submit" leftIcon={<SearchIcon className="size-4" />} className="shrink-0">
          Check
        </Button>
      </div>
    </form>
  );
};

const StatusBand = ({ valid }: { valid: boolean }) => (
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
      {valid ? 'Valid certificate' : 'Revoked certificate'}
      <span className="block text-sm font-normal">
        {valid
          ? `This certificate was issued through ${APP_NAME} and is genuine.`
          : 'This certificate is no longer valid.'}
      </span>
    </p>
  </div>
);

const Found = ({ certificate }: { certificate: Verification }) => {
  const valid = certificate.status === 'valid';
  return (
    <Card className="overflow-hidden">
      <StatusBand valid={valid} />
      <div className="flex flex-col gap-6 p-5 sm:p-8">
        {valid ? (
          <div className="text-center">
            <p className="text-sm font-medium tracking-wide text-slate-500 uppercase">
              Certificate of Completion
            </p>
            <p className="mt-4 text-slate-600">This certifies that</p>
            <p className="mt-1 text-2xl font-bold break-words text-slate-900 sm:text-3xl">
              {certificate.student_name}
            </p>
            <p className="mt-3 text-slate-600">has successfully completed the course</p>
            <p className="mt-1 text-xl font-semibold break-words text-brand-700">
              {certificate.course_title}
            </p>
          </div>
        ) : (
          <p className="text-slate-700">
            The certificate of completion for{' '}
            <span className="font-semibold">{certificate.course_title}</span> was revoked on{' '}
            {certificateDate(certificate.revoked_date)}: the account it was issued to has been deleted. It no
            longer names anyone.
          </p>
        )}
        <dl className="grid gap-5 border-t border-slate-100 pt-6 sm:grid-cols-2">
          {valid ? null : <Fact label="Course">{certificate.course_title}</Fact>}
          <Fact label="Organisation">{certificate.org_name}</Fact>
          <Fact label="Author">{certificate.author_name || '—'}</Fact>
          <Fact label="Issued on">{certificateDate(certificate.issued_date)}</Fact>
          {valid ? null : <Fact label="Revoked on">{certificateDate(certificate.revoked_date)}</Fact>}
          <Fact label="Certificate number" wide={valid}>
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
  const verification = useCertificateVerification(number);
  const unknown =
    verification.error instanceof ApiError &&
    (verification.error.status === 404 || verification.error.status === 400);

  let body: ReactNode;
  if (verification.isPending) {
    body = <LoadingBlock label="Checking the certificate..." />;
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
            <h2 className="text-lg font-semibold text-slate-900">Unknown certificate number</h2>
            <p className="mt-1 text-slate-600">
              No certificate has the number <span className="font-mono break-all">{number}</span>. Check it
              against the certificate and try again.
            </p>
          </div>
        </div>
        <CheckAnother />
      </Card>
    );
  } else {
    body = (
      <LoadError
        message={errorMessage(verification.error, 'The certificate could not be checked. Please try again.')}
        onRetry={() => void verification.refetch()}
      />
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <p className="text-sm font-semibold text-brand-600">Certificate verification</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Is this certificate genuine?
        </h1>
        <p className="mt-2 text-slate-600">
          The public record of certificate <span className="font-mono break-all">{number}</span>.
        </p>
      </div>
      {body}
    </div>
  );
};
