import type {
  Broadcast,
  BroadcastAllowance,
  BroadcastPreview,
  SaveBroadcastBody,
} from '@skillwise/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';

export const broadcastKeys = {
  all: ['broadcasts'] as const,
  list: (paging: PageRequest) => [...broadcastKeys.all, 'list', paging] as const,
  allowance: () => [...broadcastKeys.all, 'allowance'] as const,
};

/** GET organization/GetBroadcasts: the school's messages, newest first, with their counts. */
export const useBroadcasts = (paging: PageRequest) =>
  useQuery({
    queryKey: broadcastKeys.list(paging),
    queryFn: ({ signal }) => apiPage<Broadcast>('organization/GetBroadcasts', paging, { auth: true, signal }),
    placeholderData: keepPreviousData,
    // Counts move while a message is being sent.
    refetchInterval: 10_000,
  });

/** GET organization/GetBroadcastAllowance: this month's marketing e-mails. */
export const useBroadcastAllowance = () =>
  useQuery({
    queryKey: broadcastKeys.allowance(),
    queryFn: ({ signal }): Promise<BroadcastAllowance> =>
      apiRequest('organization/GetBroadcastAllowance', { auth: true, signal }),
  });

const useBroadcastChange = <T, R>(change: (body: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.all }),
  });
};

/** POST organization/SaveBroadcast */
export const useSaveBroadcast = () =>
  useBroadcastChange(
    (body: Omit<SaveBroadcastBody, 'format'> & { format: SaveBroadcastBody['format'] }): Promise<Broadcast> =>
      apiRequest('organization/SaveBroadcast', { method: 'POST', auth: true, body }),
  );

/** POST organization/SendBroadcast: now, or at `send_at`. */
export const useSendBroadcast = () =>
  useBroadcastChange(
    (body: { broadcast_Id: number; send_at: string | null }): Promise<Broadcast> =>
      apiRequest('organization/SendBroadcast', { method: 'POST', auth: true, body }),
  );

/** POST organization/CancelBroadcast */
export const useCancelBroadcast = () =>
  useBroadcastChange(
    (broadcastId: number): Promise<Broadcast> =>
      apiRequest('organization/CancelBroadcast', {
        method: 'POST',
        auth: true,
        body: { broadcast_Id: broadcastId },
      }),
  );

/** POST organization/SendTestBroadcast */
export const sendTestBroadcast = (broadcastId: number): Promise<{ message: string }> =>
  apiRequest('organization/SendTestBroadcast', {
    method: 'POST',
    auth: true,
    body: { broadcast_Id: broadcastId },
  });

/** GET organization/PreviewBroadcast */
export const previewBroadcast = (broadcastId: number): Promise<BroadcastPreview> =>
  apiRequest('organization/PreviewBroadcast', { auth: true, query: { broadcast_Id: broadcastId } });
