import { CERTIFICATE_PAGE_SIZES, type CourseCertificate, certificatePath } from '@skillwise/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { useListState } from '@/lib/paging';
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

const COLUMNS: ReadonlyArray<DataColumn<CourseCertificate>> = [
  {
    header: 'Student',
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
    header: 'Email',
    cell: (row) => row.email,
    className: 'max-w-64 break-all text-slate-600',
  },
  {
    header: 'Issued',
    cell: (row) => certificateDate(row.issued_date),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
  {
    header: 'Certificate number',
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
  const headingId = useId();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const earners = useCourseCertificates(courseId, { page, pageSize: PAGE_SIZE, search });
  const pager = useListPager({ page, setPage }, earners, {
    label: 'Certificates pages',
    pageSize: PAGE_SIZE,
    noun: ['certificate', 'certificates'],
  });
  const total = earners.data?.total ?? 0;
  const hasAny = total > 0 || search !== '';

  return (
    <Card className="p-6" role="region" aria-labelledby={headingId}>
      <DataList
        label="Students who earned this course’s certificate"
        query={earners}
        rowKey={(row) => row.number}
        columns={COLUMNS}
        headerCase="as-written"
        tableClassName="min-w-[640px]"
        fields="grid"
        loadingLabel="Loading certificates..."
        errorText="The certificates could not be loaded."
        heading={
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
        }
        search={
          hasAny
            ? {
                label: 'Search by name or email',
                value: searchText,
                onChange: setSearchText,
                className: 'sm:max-w-72',
              }
            : undefined
        }
        empty={
          <p className="text-sm text-slate-500">
            {search ? 'No certificate matches this search.' : 'No student has earned this certificate yet.'}
          </p>
        }
        pager={pager}
      />
    </Card>
  );
};
