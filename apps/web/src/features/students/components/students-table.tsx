import { STUDENTS_PAGE_SIZE, type StudentRow } from '@skillwise/contracts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@/components/ui/button';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { ExportCsvButton } from '@/components/ui/export-csv-button';
import { FilterPills } from '@/components/ui/filter-pills';
import { ChevronRightIcon, MailIcon, UserPlusIcon, UsersIcon } from '@/components/ui/icons';
import { PersonPhoto } from '@/components/ui/person-photo';
import { useRoleAllows } from '@/features/team';
import { cn } from '@/lib/cn';
import { formatCount, formatPrice } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { paths } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { listAllStudents, useStudents } from '../api/students';
import { csvFileName, studentsCsv } from '../lib/students-csv';
import { enrolledParam, STUDENT_FILTERS, type StudentFilter } from '../lib/students-list';

type StudentsTableProps = {
  onAddStudents: () => void;
  onOpenStudent: (student: StudentRow) => void;
};

const nameParts = (fullName: string) => {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  return { first, last: rest.at(-1) ?? '' };
};

const StudentName = ({ student }: { student: StudentRow }) => {
  const { first, last } = nameParts(student.fullName);
  return (
    <span className="flex min-w-0 items-center gap-3">
      <PersonPhoto src={null} firstName={first} lastName={last} className="size-9" />
      <span className="min-w-0 font-semibold break-words text-slate-900">{student.fullName}</span>
    </span>
  );
};

/**
 * SPEC §2.13 My Students: search by name or e-mail, the enrolment filters and 10 a page, all on the
 * server (DESIGN 10), Add Students, Export CSV of every student the search and filter find, Email
 * Students (the composer, docs/decisions/036). Choosing a student opens its management page.
 */
export const StudentsTable = ({ onAddStudents, onOpenStudent }: StudentsTableProps) => {
  const t = useT();
  const orgId = storage.get('orgId') ?? '0';
  // Adding students and e-mailing them are the owners' and admins' (docs/decisions/039).
  const isStaff = useRoleAllows('staff');
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const [filter, setFilter] = useState<StudentFilter>('all');
  const enrolled = enrolledParam(filter);
  const students = useStudents(orgId, { page, pageSize: STUDENTS_PAGE_SIZE, search, enrolled });
  const pager = useListPager({ page, setPage }, students, {
    label: t('admin.students.table.pages'),
    pageSize: STUDENTS_PAGE_SIZE,
    noun: [t('admin.students.table.noun'), t('admin.students.table.nounPlural')],
  });

  const total = students.data?.total ?? 0;

  const openButton = (student: StudentRow, children: ReactNode, className: string, label?: string) => (
    <button
      type="button"
      onClick={() => onOpenStudent(student)}
      aria-label={label}
      className={cn('text-start', className)}
    >
      {children}
    </button>
  );

  const columns: ReadonlyArray<DataColumn<StudentRow>> = [
    {
      header: t('admin.students.table.name'),
      className: 'max-w-72',
      card: 'title',
      cell: (student) => openButton(student, <StudentName student={student} />, 'rounded-lg hover:underline'),
      // On a card the name's button covers the whole card.
      cardCell: (student) =>
        openButton(
          student,
          <StudentName student={student} />,
          'after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none',
        ),
    },
    {
      header: t('admin.students.table.email'),
      cell: (student) => student.email,
      className: 'max-w-64 truncate text-slate-600',
      card: 'field',
      cardClassName: 'break-all text-slate-700',
    },
    {
      header: t('admin.students.table.courses'),
      cell: (student) =>
        t('admin.students.table.courseCount', {
          count: student.numberofcourses,
          shown: formatCount(student.numberofcourses),
        }),
      className: 'whitespace-nowrap text-slate-600',
      card: 'field',
    },
    {
      header: t('admin.students.table.totalCost'),
      cell: (student) => formatPrice(student.totalcost),
      className: 'font-medium whitespace-nowrap text-slate-900',
      card: 'field',
    },
    {
      header: t('admin.students.table.open'),
      hideHeader: true,
      align: 'end',
      cell: (student) =>
        openButton(
          student,
          <ChevronRightIcon className="size-5" />,
          'inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900',
          t('admin.students.table.manage', { name: student.fullName }),
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-5">
      <DataList
        label={t('admin.students.table.label')}
        query={students}
        rowKey={(student) => student.user_id}
        columns={columns}
        tableClassName="min-w-[680px]"
        rowClassName="hover:bg-slate-50/70"
        cardClassName="relative transition-shadow hover:shadow-raised has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
        loadingLabel={t('admin.students.table.loading')}
        errorText={t('admin.students.table.loadFailed')}
        search={{
          label: t('admin.students.table.search'),
          value: searchText,
          onChange: setSearchText,
          className: 'lg:max-w-sm',
        }}
        toolbarClassName="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between"
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportCsvButton
              csv={async () => studentsCsv(await listAllStudents(orgId, search, enrolled))}
              fileName={() => csvFileName()}
              errorText={t('admin.students.table.exportFailed')}
              disabled={total === 0}
            />
            {isStaff ? (
              <>
                <Link to={paths.admin.emailStudents} className={buttonClassName({ variant: 'outline' })}>
                  <MailIcon className="size-4" />
                  {t('admin.students.table.emailStudents')}
                </Link>
                <Button
                  leftIcon={<UserPlusIcon className="size-4" />}
                  onClick={onAddStudents}
                  className="order-first lg:order-none"
                >
                  {t('admin.students.table.addStudents')}
                </Button>
              </>
            ) : null}
          </div>
        }
        filters={
          <FilterPills
            legend={t('admin.students.filter.legend')}
            options={STUDENT_FILTERS.map((option) => ({ value: option.value, label: t(option.label) }))}
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setPage(1);
            }}
          />
        }
        empty={
          search === '' && filter === 'all' ? (
            <EmptyState
              icon={<UsersIcon />}
              title={t('admin.students.table.none')}
              hint={t('admin.students.table.noneHint')}
              action={
                isStaff ? (
                  <Button leftIcon={<UserPlusIcon className="size-4" />} onClick={onAddStudents}>
                    {t('admin.students.table.addStudents')}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <EmptyState
              icon={<UsersIcon />}
              title={t('admin.students.table.notFound')}
              hint={t('admin.students.table.notFoundHint')}
            />
          )
        }
        pager={pager}
      />
    </div>
  );
};
