import { type AuditEvent, PAGE_SIZES } from '@skillwise/contracts';
import { useId } from 'react';
import { Card, CardTitle } from '@/components/ui/card';
import { type DataColumn, DataList, useListPager } from '@/components/ui/data-list';
import { formatDateTime } from '@/lib/format';
import type { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { useAuditLog } from '../api/team';

const PAGE_SIZE = PAGE_SIZES.auditLog;

/** The columns, their headers in the current language (built as the log draws). */
const columns = (t: typeof translate): ReadonlyArray<DataColumn<AuditEvent>> => [
  {
    header: t('admin.team.audit.what'),
    cell: (event) => (
      <span className="font-semibold text-slate-900">{t(`admin.team.audit.action.${event.action}`)}</span>
    ),
    card: 'title',
  },
  {
    header: t('admin.team.audit.subject'),
    cell: (event) => <span className="wrap-anywhere text-slate-700">{event.subject}</span>,
    className: 'max-w-64',
    card: 'line',
  },
  {
    header: t('admin.team.audit.who'),
    cell: (event) =>
      event.actor_name ? (
        <>
          <span className="block text-slate-900">{event.actor_name}</span>
          {event.actor_email ? (
            <span className="block text-xs break-all text-slate-500">{event.actor_email}</span>
          ) : null}
        </>
      ) : (
        <span className="text-slate-500">{t('admin.team.audit.formerAccount')}</span>
      ),
    className: 'max-w-56',
    card: 'field',
    cardWide: true,
  },
  {
    header: t('admin.team.audit.when'),
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
  const t = useT();
  const headingId = useId();
  const { searchText, setSearchText, search, page, setPage } = useListState();
  const events = useAuditLog({ page, pageSize: PAGE_SIZE, search });
  const pager = useListPager({ page, setPage }, events, {
    label: t('admin.team.audit.pages'),
    pageSize: PAGE_SIZE,
    noun: 'admin.team.audit.rowCount',
  });
  return (
    <Card className="p-5 sm:p-6" role="region" aria-labelledby={headingId}>
      <DataList
        label={t('admin.team.audit.title')}
        query={events}
        rowKey={(event) => event.id}
        columns={columns(t)}
        headerCase="as-written"
        tableClassName="min-w-[640px]"
        fields="grid"
        loadingLabel={t('admin.team.audit.loading')}
        errorText={t('admin.team.audit.loadFailed')}
        heading={
          <div>
            <CardTitle id={headingId}>{t('admin.team.audit.title')}</CardTitle>
            <p className="text-sm text-slate-500">{t('admin.team.audit.description')}</p>
          </div>
        }
        search={{
          label: t('admin.team.audit.search'),
          value: searchText,
          onChange: setSearchText,
          className: 'sm:max-w-72',
        }}
        empty={
          <p className="text-sm text-slate-500">
            {search ? t('admin.team.audit.noMatch') : t('admin.team.audit.empty')}
          </p>
        }
        pager={pager}
      />
    </Card>
  );
};
