import { CERTIFICATE_PAGE_SIZES, certificatePath, type MyCertificate } from '@skillwise/contracts';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { AwardIcon, CheckIcon, DownloadIcon, ExternalLinkIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { notify } from '@/lib/toast';
import { useDownloadCertificate, useMyCertificates } from '../api/certificates';
import { certificateDate } from '../lib/dates';

const PAGE_SIZE = CERTIFICATE_PAGE_SIZES.mine;

/** The public address, shown in full, with a button that copies it. */
export const ShareLink = ({ url, label }: { url: string; label: string }) => {
  const urlRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      notify.success('Link copied. Anyone with it can check this certificate.', {
        toastId: 'certificate-link',
      });
      setTimeout(() => setCopied(false), 3000);
      return;
    }
    // The browser refused: select the address so one keystroke copies it.
    const shown = urlRef.current;
    const selection = window.getSelection();
    if (shown && selection) {
      const range = document.createRange();
      range.selectNodeContents(shown);
      selection.removeAllRanges();
      selection.addRange(range);
    }
    notify.info('Copy the selected link to share it.', { toastId: 'certificate-link' });
  };
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          ref={urlRef}
          className="block min-w-0 flex-1 rounded-lg bg-slate-50 px-3 py-2 font-mono text-xs break-all text-slate-700 ring-1 ring-slate-200"
        >
          {url}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy()} className="shrink-0">
          {copied ? <CheckIcon className="size-4" /> : null}
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
    </div>
  );
};

const CertificateCard = ({ certificate }: { certificate: MyCertificate }) => {
  const download = useDownloadCertificate();
  const onDownload = () =>
    download.mutate(certificate.number, {
      onError: (error) =>
        notify.error(errorMessage(error, 'The certificate could not be downloaded. Please try again.')),
    });
  return (
    <Card className="flex h-full flex-col gap-5 p-5 sm:p-6">
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-amber-50 text-2xl text-amber-600 ring-1 ring-amber-200"
        >
          <AwardIcon />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words text-slate-900">{certificate.course_title}</h2>
          <p className="mt-0.5 text-sm break-words text-slate-600">
            {certificate.org_name}
            {certificate.author_name ? ` · by ${certificate.author_name}` : ''}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm min-[420px]:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">Issued</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{certificateDate(certificate.issued_date)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">Certificate number</dt>
          <dd className="mt-0.5 font-mono text-[13px] font-medium break-all text-slate-900">
            {certificate.number}
          </dd>
        </div>
      </dl>
      <ShareLink url={certificate.verification_url} label="Share link (public verification page)" />
      <div className="mt-auto flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row">
        <Button
          onClick={onDownload}
          isLoading={download.isPending}
          loadingText="Preparing PDF..."
          leftIcon={<DownloadIcon className="size-4" />}
          aria-label={`Download PDF: ${certificate.course_title}`}
        >
          Download PDF
        </Button>
        <Link
          to={certificatePath(certificate.number)}
          className={buttonClassName({ variant: 'outline' })}
          aria-label={`View verification page: ${certificate.course_title}`}
        >
          <ExternalLinkIcon className="size-4" />
          View verification page
        </Link>
      </div>
    </Card>
  );
};

/**
 * My Certificates: the student's certificates of completion, newest first, a page at a time. Each has
 * its course, organisation, author, date and number, a PDF to download and the public link to share.
 */
export const MyCertificates = ({ coursesPath }: { coursesPath: string }) => {
  const [page, setPage] = useState(1);
  const certificates = useMyCertificates({ page, pageSize: PAGE_SIZE });
  const pager = useListPager({ page, setPage }, certificates, {
    label: 'Certificates pages',
    pageSize: PAGE_SIZE,
    noun: ['certificate', 'certificates'],
  });

  return (
    <DataList
      variant="bare"
      label="Your certificates"
      query={certificates}
      rowKey={(certificate) => certificate.number}
      item={(certificate) => <CertificateCard certificate={certificate} />}
      listClassName="grid gap-5 lg:grid-cols-2"
      loadingLabel="Loading your certificates..."
      errorText="Your certificates could not be loaded."
      empty={
        <EmptyState
          icon={<AwardIcon />}
          title="No certificates yet"
          hint="Complete every lesson of a course that offers a certificate, and it will be here to download and share."
          action={
            <Link to={coursesPath} className={buttonClassName({ variant: 'outline' })}>
              Go to My Courses
            </Link>
          }
        />
      }
      pager={pager}
    />
  );
};
