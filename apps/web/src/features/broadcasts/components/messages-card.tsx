import { BROADCAST_MSG, type Broadcast, PAGE_SIZES } from '@skillwise/contracts';
import { DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
import { useListState } from '@/lib/paging';
import { notify } from '@/lib/toast';
import { useBroadcasts, useCancelBroadcast } from '../api/broadcasts';
import { MessageItem } from './message-item';

const PAGE_SIZE = PAGE_SIZES.broadcasts;

/** The school's messages, searched and paged, each with how it went; a draft or a scheduled one opens to edit. */
export const MessagesCard = ({ onOpen }: { onOpen: (message: Broadcast) => void }) => {
  const cancel = useCancelBroadcast();
  const list = useListState();
  const messages = useBroadcasts({ page: list.page, pageSize: PAGE_SIZE, search: list.search });
  const pager = useListPager(list, messages, {
    label: 'Messages pages',
    pageSize: PAGE_SIZE,
    noun: ['message', 'messages'],
  });
  return (
    <TitledCard title="Messages" description="Sent and scheduled messages, with how they went.">
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <DataList
          variant="inset"
          label="Messages"
          query={messages}
          rowKey={(message) => message.broadcast_Id}
          search={{ label: 'Search messages', value: list.searchText, onChange: list.setSearchText }}
          item={(message) => (
            <MessageItem
              message={message}
              onOpen={() => onOpen(message)}
              onCancel={() =>
                void cancel
                  .mutateAsync(message.broadcast_Id)
                  .then(() => notify.success(BROADCAST_MSG.cancelled))
                  .catch((error: unknown) =>
                    notify.error(errorMessage(error, 'The message could not be cancelled.')),
                  )
              }
            />
          )}
          itemProps={(message) => ({ 'data-message': message.subject })}
          loadingLabel="Loading messages..."
          errorText="Could not load your messages."
          empty={
            <div className="p-6">
              <EmptyState title="No messages yet" hint="Write to your students above." />
            </div>
          }
          pager={pager}
        />
      </div>
    </TitledCard>
  );
};
