// The console's calls of the person's own messages and notifications, and where their screens
// live. Every query sits under NOTICES_KEY, so one invalidation after a change (or a stream
// event) refreshes the bell, the drawer and both screens together.
import { type QueryClient, keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../api/http';
import { type MessageItem, NOTICE_PATHS, type UnreadCount } from '../../kernel/notify/names';
import { flattenRoutes } from '../../kernel/routes/tree';
import { registry } from '../../kernel/schema/load-vite';

export const NOTICES_KEY = ['notices'] as const;
export const UNREAD_KEY = [...NOTICES_KEY, 'unread'] as const;
export const LISTS_KEY = [...NOTICES_KEY, 'list'] as const;

export interface Box<T> {
  list: T[];
  count: number;
}

export const fetchUnread = async () => (await request<UnreadCount>(NOTICE_PATHS.unread)).data;

/** The unread count as last known (the bell keeps it live). */
export const useUnread = () => useQuery({ queryKey: UNREAD_KEY, queryFn: fetchUnread }).data;

/** One page of a box (`/message/list`, `/notification/list`), the previous page kept on screen while the next loads. */
export function useNoticeBox<T>(path: string, query: Record<string, string | number | undefined>, enabled = true) {
  return useQuery({
    queryKey: [...LISTS_KEY, path, query],
    queryFn: async () => (await request<Box<T>>(path, { query })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After a change: every box and the count are read again. */
export const refreshNotices = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: NOTICES_KEY });

/** Marks read the person's messages or notifications: these ids, or all of them. */
export async function markRead(kind: 'message' | 'notification', ids: number[] | 'all') {
  const path = kind === 'message' ? NOTICE_PATHS.messageRead : NOTICE_PATHS.notificationRead;
  await request(path, { method: 'POST', body: ids === 'all' ? { all: true } : { ids } });
}

/** The path of the screen a route of the tree shows with this page component. */
export function pagePath(component: string): string | undefined {
  return flattenRoutes(registry.routes).find(({ node }) => node.component === component)?.fullPath;
}

/** What a link to the message screen may carry: a message to open at once (from the bell's drawer). */
export interface OpenMessageState {
  openMessage: MessageItem;
}
