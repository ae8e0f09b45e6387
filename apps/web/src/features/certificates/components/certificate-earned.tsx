import { certificatePath, type MyCertificate } from '@skillwise/contracts';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { AwardIcon } from '@/components/ui/drawn-icons';
import { T, useT } from '@/lib/i18n/use-t';
import { certificateDate } from '../lib/dates';

/** Above a completed course: the certificate it earned, with the way to its page and to My Certificates. */
export const CertificateEarned = ({
  certificate,
  certificatesPath,
}: {
  certificate: MyCertificate;
  certificatesPath: string;
}) => {
  const t = useT();
  return (
    <section
      aria-label={t('learning.certificates.earned.label')}
      className="flex flex-col gap-4 rounded-2xl border border-amber-200 bg-amber-50/70 p-4 sm:flex-row sm:items-center sm:p-5"
    >
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-xl text-amber-600 ring-1 ring-amber-200"
      >
        <AwardIcon />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{t('learning.certificates.earned.title')}</p>
        <p className="text-sm break-words text-slate-600">
          <T
            id="learning.certificates.earned.issued"
            values={{ date: certificateDate(certificate.issued_date), number: certificate.number }}
            components={{ 0: <span className="font-mono break-all" /> }}
          />
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
        <Link to={certificatesPath} className={buttonClassName({ size: 'sm' })}>
          {t('learning.certificates.earned.mine')}
        </Link>
        <Link
          to={certificatePath(certificate.number)}
          className={buttonClassName({ variant: 'outline', size: 'sm' })}
        >
          {t('learning.certificates.earned.view')}
        </Link>
      </div>
    </section>
  );
};
