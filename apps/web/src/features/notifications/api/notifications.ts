import {
  type MarkReadResult,
  type Notification,
  type NotificationPreferences,
  type Paged,
  UNREAD_COUNT_REFRESH_MS,
  type UnsubscribeResult,
} from '@skillwise/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiRequest, type PageRequest } from '@/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: (paging: PageRequest) => [...notificationKeys.all, 'list', paging] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** GET notifications/GetUnreadCount: the bell's number. */
export const getUnreadCount = async (signal?: AbortSignal): Promise<number> => {
  const answer = await apiRequest<{ unread?: unknown } | null>('notifications/GetUnreadCount', {
    auth: true,
    signal,
  });
  return typeof answer?.unread === 'number' ? answer.unread : 0;
};

/** How long an unread count stays fresh: a focus or a move to another screen within it asks nothing. */
export const UNREAD_FRESH_MS = 5_000;

/**
 * The unread count, asked for when the bell first shows, again when the window regains focus and at
 * most every minute while the page stays open (never on every render). The bell also asks again when
 * the user moves to another screen and the count is no longer fresh (`isStale`).
 */
export const useUnreadCount = () =>
  useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: UNREAD_FRESH_MS,
  });

/** GET notifications/GetMyNotifications?page&pageSize: one page of the caller's own, newest first. */
export const listNotifications = (paging: PageRequest, signal?: AbortSignal): Promise<Paged<Notification>> =>
  apiPage<Notification>('notifications/GetMyNotifications', paging, { auth: true, signal });

export const useNotifications = (paging: PageRequest) =>
  useQuery({
    queryKey: notificationKeys.list(paging),
    queryFn: ({ signal }) => listNotifications(paging, signal),
    placeholderData: keepPreviousData,
    // What the page shows is fresh when it opens, and on focus after a while away.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** PUT notifications/MarkRead: these of the caller's notifications, or all of them. */
export const markNotificationsRead = (which: number[] | 'all'): Promise<MarkReadResult> =>
  apiRequest<MarkReadResult>('notifications/MarkRead', {
    method: 'PUT',
    auth: true,
    body: which === 'all' ? { all: true } : { ids: which },
  });

export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (result) => {
      queryClient.setQueryData(notificationKeys.unread(), result.unread);
      return queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, 'list'] });
    },
  });
};

/** GET notifications/GetPreferences: whether notifications are e-mailed too. */
export const getPreferences = (signal?: AbortSignal): Promise<NotificationPreferences> =>
  apiRequest<NotificationPreferences>('notifications/GetPreferences', { auth: true, signal });

export const usePreferences = () =>
  useQuery({ queryKey: notificationKeys.preferences(), queryFn: ({ signal }) => getPreferences(signal) });

/** PUT notifications/SavePreferences */
export const savePreferences = (emailNotifications: boolean): Promise<NotificationPreferences> =>
  apiRequest<NotificationPreferences>('notifications/SavePreferences', {
    method: 'PUT',
    auth: true,
    body: { email_notifications: emailNotifications },
  });

export const useSavePreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
};

/** POST notifications/Unsubscribe: the token of an e-mail's link; no login. */
export const unsubscribe = (token: string): Promise<UnsubscribeResult> =>
  apiRequest<UnsubscribeResult>('notifications/Unsubscribe', { method: 'POST', body: { token } });

export const useUnsubscribe = () => useMutation({ mutationFn: unsubscribe });
