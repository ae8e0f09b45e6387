import { CERTIFICATE_PAGE_SIZES, type CourseCertificate, certificatePath } from '@skillwise/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { ListPager } from '@/components/ui/list-pager';
import { SearchInput } from '@/components/ui/search-input';
import { LoadingBlock } from '@/components/ui/spinner';
import { DESKTOP_MIN_WIDTH } from '@/config/app';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { isPageGone, useClampedPage, useListState } from '@/lib/paging';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCourseCertificates } from '../api/certificates';
import { certificateDate } from '../lib/dates';

const PAGE_SIZE = CERTIFICATE_PAGE_SIZES.course;

const NumberLink = ({ row }: { row: CourseCertificate }) => (
  <Link
    to={certificatePath(row.number)}
    className="font-mono text-[13px] font-medium break-all text-brand-700 hover:underline"
    aria-label={`Certificate ${row.number} of ${row.student_name}`}
  >
    {row.number}
  </Link>
);

const EarnersTable = ({ rows }: { rows: CourseCertificate[] }) => (
  <div className="overflow-x-auto">
    <table className="w-full min-w-[640px] text-left text-sm">
      <caption className="sr-only">Students who earned this course’s certificate</caption>
      <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500">
        <tr>
          {['Student', 'Email', 'Issued', 'Certificate number'].map((column) => (
            <th key={column} scope="col" className="px-4 py-3">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.number}>
            <td className="max-w-56 px-4 py-3 font-semibold break-words text-slate-900">
              {row.student_name}
            </td>
            <td className="max-w-64 px-4 py-3 break-all text-slate-600">{row.email}</td>
            <td className="px-4 py-3 whitespace-nowrap text-slate-600">{certificateDate(row.issued_date)}</td>
            <td className="px-4 py-3">
              <NumberLink row={row} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);

const EarnersList = ({ rows }: { rows: CourseCertificate[] }) => (
  <ul aria-label="Students who earned this course’s certificate" className="flex flex-col gap-3">
    {rows.map((row) => (
      <li key={row.number} className="rounded-xl border border-slate-200 p-4">
        <p className="font-semibold break-words text-slate-900">{row.student_name}</p>
        <p className="text-sm break-all text-slate-600">{row.email}</p>
        <dl className="mt-3 grid grid-cols-1 gap-2 text-sm">
          <div>
            <dt className="text-xs font-medium text-slate-500">Issued</dt>
            <dd className="text-slate-700">{certificateDate(row.issued_date)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Certificate number</dt>
            <dd>
              <NumberLink row={row} />
            </dd>
          </div>
        </dl>
      </li>
    ))}
  </ul>
);

/**
 * The publisher's list of who earned a course's certificate (Admin Course Details): name, e-mail, date
 * and number, newest first, searched and paged on the server.
 */
export const CourseCertificates = ({
  courseId,
  givesCertificate,
}: {
  courseId: number;
  /** The course's certificate flag, when known: a course without one says so. */
  givesCertificate: boolean | undefined;
}) => {
  const headingId = useId();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const earners = useCourseCertificates(courseId, { page, pageSize: PAGE_SIZE, search });
  const isWide = useMediaQuery(`(min-width: ${DESKTOP_MIN_WIDTH}px)`);
  useClampedPage(page, PAGE_SIZE, earners, setPage);
  const rows = earners.data?.rows ?? [];
  const total = earners.data?.total ?? 0;
  const hasAny = total > 0 || search !== '';

  return (
    <Card className="p-6" role="region" aria-labelledby={headingId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            Certificates earned
          </h2>
          <p className="text-sm text-slate-600">
            {givesCertificate === false
              ? 'This course gives no certificate; students who complete it earn none.'
              : 'Students who completed every lesson of this course.'}
          </p>
        </div>
        {hasAny ? (
          <SearchInput
            label="Search by name or email"
            value={searchText}
            onChange={setSearchText}
            className="sm:max-w-72"
          />
        ) : null}
      </div>
      {earners.isPending || isPageGone(earners.data) ? (
        <LoadingBlock label="Loading certificates..." />
      ) : earners.isError && !earners.data ? (
        <Alert className="mt-4">{errorMessage(earners.error, 'The certificates could not be loaded.')}</Alert>
      ) : rows.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">
          {search ? 'No certificate matches this search.' : 'No student has earned this certificate yet.'}
        </p>
      ) : (
        <div className={cn('mt-5 flex flex-col gap-5', earners.isPlaceholderData && 'opacity-60')}>
          {isWide ? <EarnersTable rows={rows} /> : <EarnersList rows={rows} />}
          <ListPager
            label="Certificates pages"
            page={page}
            pageSize={PAGE_SIZE}
            total={total}
            onPageChange={setPage}
            noun={['certificate', 'certificates']}
          />
        </div>
      )}
    </Card>
  );
};
