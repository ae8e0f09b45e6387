import { CERTIFICATE_PAGE_SIZES, type CourseCertificate, certificatePath } from '@skillwise/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card, CardTitle } from '@/components/ui/card';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { useCourseCertificates } from '../api/certificates';
import { certificateDate } from '../lib/dates';

const PAGE_SIZE = CERTIFICATE_PAGE_SIZES.course;

const NumberLink = ({ row }: { row: CourseCertificate }) => {
  const t = useT();
  return (
    <Link
      to={certificatePath(row.number)}
      className="font-mono text-[13px] font-medium break-all text-brand-700 hover:underline"
      aria-label={t('admin.certificates.numberLabel', { number: row.number, student: row.student_name })}
    >
      {row.number}
    </Link>
  );
};

/** The columns, each header a catalogue key. */
const COLUMNS: ReadonlyArray<Omit<DataColumn<CourseCertificate>, 'header'> & { header: MessageId }> = [
  {
    header: 'admin.certificates.student',
    cell: (row) => row.student_name,
    className: 'max-w-56 font-semibold break-words text-slate-900',
    card: 'title',
    // The card's heading: the name with the e-mail under it.
    cardCell: (row) => (
      <>
        <p className="font-semibold break-words text-slate-900">{row.student_name}</p>
        <p className="text-sm break-all text-slate-600">{row.email}</p>
      </>
    ),
  },
  {
    header: 'admin.certificates.email',
    cell: (row) => row.email,
    className: 'max-w-64 break-all text-slate-600',
  },
  {
    header: 'admin.certificates.issued',
    cell: (row) => certificateDate(row.issued_date),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: 'admin.certificates.number',
    cell: (row) => <NumberLink row={row} />,
    card: 'field',
    cardClassName: '',
  },
];

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
  const t = useT();
  const headingId = useId();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const earners = useCourseCertificates(courseId, { page, pageSize: PAGE_SIZE, search });
  const pager = useListPager({ page, setPage }, earners, {
    label: t('admin.certificates.pages'),
    pageSize: PAGE_SIZE,
    noun: 'admin.certificates.count',
  });
  const total = earners.data?.total ?? 0;
  const hasAny = total > 0 || search !== '';

  return (
    <Card className="p-6" role="region" aria-labelledby={headingId}>
      <DataList
        label={t('admin.certificates.label')}
        query={earners}
        rowKey={(row) => row.number}
        columns={COLUMNS.map((column) => ({ ...column, header: t(column.header) }))}
        headerCase="as-written"
        tableClassName="min-w-[640px]"
        fields="grid"
        loadingLabel={t('admin.certificates.loading')}
        errorText={t('admin.certificates.loadError')}
        heading={
          <div>
            <CardTitle id={headingId}>{t('admin.certificates.title')}</CardTitle>
            <p className="text-sm text-slate-600">
              {givesCertificate === false ? t('admin.certificates.none') : t('admin.certificates.hint')}
            </p>
          </div>
        }
        search={
          hasAny
            ? {
                label: t('admin.certificates.search'),
                value: searchText,
                onChange: setSearchText,
                className: 'sm:max-w-72',
              }
            : undefined
        }
        empty={
          <p className="text-sm text-slate-500">
            {search ? t('admin.certificates.noMatch') : t('admin.certificates.empty')}
          </p>
        }
        pager={pager}
      />
    </Card>
  );
};
