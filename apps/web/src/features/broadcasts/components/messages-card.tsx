import { type Broadcast, PAGE_SIZES } from '@skillwise/contracts';
import { DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { notify } from '@/lib/toast';
import { useBroadcasts, useCancelBroadcast } from '../api/broadcasts';
import { MessageItem } from './message-item';

const PAGE_SIZE = PAGE_SIZES.broadcasts;

/** The school's messages, searched and paged, each with how it went; a draft or a scheduled one opens to edit. */
export const MessagesCard = ({ onOpen }: { onOpen: (message: Broadcast) => void }) => {
  const t = useT();
  const cancel = useCancelBroadcast();
  const list = useListState();
  const messages = useBroadcasts({ page: list.page, pageSize: PAGE_SIZE, search: list.search });
  const pager = useListPager(list, messages, {
    label: t('admin.broadcasts.pages'),
    pageSize: PAGE_SIZE,
    noun: [t('admin.broadcasts.nounOne'), t('admin.broadcasts.nounMany')],
  });
  return (
    <TitledCard title={t('admin.broadcasts.messages')} description={t('admin.broadcasts.messagesHint')}>
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <DataList
          variant="inset"
          label={t('admin.broadcasts.messages')}
          query={messages}
          rowKey={(message) => message.broadcast_Id}
          search={{
            label: t('admin.broadcasts.search'),
            value: list.searchText,
            onChange: list.setSearchText,
          }}
          item={(message) => (
            <MessageItem
              message={message}
              onOpen={() => onOpen(message)}
              onCancel={() =>
                void cancel
                  .mutateAsync(message.broadcast_Id)
                  .then(() => notify.success(t('admin.broadcasts.cancelled')))
                  .catch((error: unknown) =>
                    notify.error(errorMessage(error, t('admin.broadcasts.cancelFailed'))),
                  )
              }
            />
          )}
          itemProps={(message) => ({ 'data-message': message.subject })}
          loadingLabel={t('admin.broadcasts.loading')}
          errorText={t('admin.broadcasts.loadFailed')}
          empty={
            <div className="p-6">
              <EmptyState title={t('admin.broadcasts.empty')} hint={t('admin.broadcasts.emptyHint')} />
            </div>
          }
          pager={pager}
        />
      </div>
    </TitledCard>
  );
};
