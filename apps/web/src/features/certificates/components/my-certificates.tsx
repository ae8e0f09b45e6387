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
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { notify } from '@/lib/toast';
import { useDownloadCertificate, useMyCertificates } from '../api/certificates';
import { certificateDate } from '../lib/dates';

const PAGE_SIZE = CERTIFICATE_PAGE_SIZES.mine;

/** The public address, shown in full, with a button that copies it. */
export const ShareLink = ({ url, label }: { url: string; label: string }) => {
  const t = useT();
  const urlRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(url)) {
      setCopied(true);
      notify.success(t('learning.certificates.share.copied'), {
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
    notify.info(t('learning.certificates.share.select'), { toastId: 'certificate-link' });
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
          {copied ? t('learning.certificates.share.copiedButton') : t('learning.certificates.share.copy')}
        </Button>
      </div>
    </div>
  );
};

const CertificateCard = ({ certificate }: { certificate: MyCertificate }) => {
  const t = useT();
  const download = useDownloadCertificate();
  const onDownload = () =>
    download.mutate(certificate.number, {
      onError: (error) => notify.error(errorMessage(error, translate('learning.certificates.downloadError'))),
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
            {certificate.author_name
              ? ` · ${t('learning.certificates.byAuthor', { author: certificate.author_name })}`
              : ''}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm min-[420px]:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{t('learning.certificates.issued')}</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{certificateDate(certificate.issued_date)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{t('learning.certificates.number')}</dt>
          <dd className="mt-0.5 font-mono text-[13px] font-medium break-all text-slate-900">
            {certificate.number}
          </dd>
        </div>
      </dl>
      <ShareLink url={certificate.verification_url} label={t('learning.certificates.share.label')} />
      <div className="mt-auto flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row">
        <Button
          onClick={onDownload}
          isLoading={download.isPending}
          loadingText={t('learning.certificates.preparing')}
          leftIcon={<DownloadIcon className="size-4" />}
          aria-label={t('learning.certificates.downloadLabel', { course: certificate.course_title })}
        >
          {t('learning.certificates.download')}
        </Button>
        <Link
          to={certificatePath(certificate.number)}
          className={buttonClassName({ variant: 'outline' })}
          aria-label={t('learning.certificates.viewLabel', { course: certificate.course_title })}
        >
          <ExternalLinkIcon className="size-4" />
          {t('learning.certificates.view')}
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
  const t = useT();
  const [page, setPage] = useState(1);
  const certificates = useMyCertificates({ page, pageSize: PAGE_SIZE });
  const pager = useListPager({ page, setPage }, certificates, {
    label: t('learning.certificates.pages'),
    pageSize: PAGE_SIZE,
    noun: 'learning.certificates.count',
  });

  return (
    <DataList
      variant="bare"
      label={t('learning.certificates.label')}
      query={certificates}
      rowKey={(certificate) => certificate.number}
      item={(certificate) => <CertificateCard certificate={certificate} />}
      listClassName="grid gap-5 lg:grid-cols-2"
      loadingLabel={t('learning.certificates.loading')}
      errorText={t('learning.certificates.loadError')}
      empty={
        <EmptyState
          icon={<AwardIcon />}
          title={t('learning.certificates.empty')}
          hint={t('learning.certificates.emptyHint')}
          action={
            <Link to={coursesPath} className={buttonClassName({ variant: 'outline' })}>
              {t('learning.certificates.toCourses')}
            </Link>
          }
        />
      }
      pager={pager}
    />
  );
};
