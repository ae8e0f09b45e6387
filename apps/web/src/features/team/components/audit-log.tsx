import { AUDIT_ACTION_LABELS, type AuditEvent, PAGE_SIZES } from '@skillwise/contracts';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { formatDateTime } from '@/lib/format';
import { useListState } from '@/lib/paging';
import { useAuditLog } from '../api/team';

const PAGE_SIZE = PAGE_SIZES.auditLog;

const COLUMNS: ReadonlyArray<DataColumn<AuditEvent>> = [
  {
    header: 'What',
    cell: (event) => (
      <span className="font-semibold text-slate-900">{AUDIT_ACTION_LABELS[event.action]}</span>
    ),
    card: 'title',
  },
  {
    header: 'Subject',
    cell: (event) => <span className="wrap-anywhere text-slate-700">{event.subject}</span>,
    className: 'max-w-64',
    card: 'line',
  },
  {
    header: 'Who',
    cell: (event) =>
      event.actor_name ? (
        <>
          <span className="block text-slate-900">{event.actor_name}</span>
          {event.actor_email ? (
            <span className="block text-xs break-all text-slate-500">{event.actor_email}</span>
          ) : null}
        </>
      ) : (
        <span className="text-slate-500">A former account</span>
      ),
    className: 'max-w-56',
    card: 'field',
    cardWide: true,
  },
  {
    header: 'When',
    cell: (event) => formatDateTime(event.created_at),
    className: 'whitespace-nowrap text-slate-600',
    card: 'field',
  },
];

/**
 * The audit log (docs/decisions/039): who published, refunded, removed a student or changed the team,
 * newest first, searched and paged on the server.
 */
export const AuditLog = () => {
  const headingId = useId();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const events = useAuditLog({ page, pageSize: PAGE_SIZE, search });
  const pager = useListPager({ page, setPage }, events, {
    label: 'Audit log pages',
    pageSize: PAGE_SIZE,
    noun: ['event', 'events'],
  });
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={headingId}>
      <DataList
        label="Audit log"
        query={events}
        rowKey={(event) => event.id}
        columns={COLUMNS}
        headerCase="as-written"
        tableClassName="min-w-[640px]"
        fields="grid"
        loadingLabel="Loading the audit log..."
        errorText="The audit log could not be loaded."
        heading={
          <div>
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              Audit log
            </h2>
            <p className="text-sm text-slate-500">Who did what on your school, newest first.</p>
          </div>
        }
        search={{
          label: 'Search the audit log',
          value: searchText,
          onChange: setSearchText,
          className: 'sm:max-w-72',
        }}
        empty={
          <p className="text-sm text-slate-500">
            {search ? 'Nothing in the log matches this search.' : 'Nothing has been recorded yet.'}
          </p>
        }
        pager={pager}
      />
    </Card>
  );
};
