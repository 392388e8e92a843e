// The person's unread count, kept live. Against the server the notice stream says each change
// (listen.ts); the in-browser mock cannot be reached by an EventSource, so there the count is
// asked for every 30 s instead.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createElement, useEffect } from 'react';
import { useNotify } from 'react-admin';
import { getToken } from '../api/token';
import { request } from '../api/http';
import {
  MESSAGE_PAGE,
  type MessageItem,
  NOTICE_PATHS,
  NOTIFICATION_PAGE,
  type NotificationItem,
  type UnreadCount,
} from '../../kernel/notify/names';
import { type Box, LISTS_KEY, UNREAD_KEY, fetchUnread, pagePath } from './api';
import { listenToUnread } from './listen';
import { NoticeToast } from './NoticeToast';

const MOCK = import.meta.env.VITE_MOCK === 'true';
export const POLL_MS = 30_000;

/** The unread count; undefined until first known. The stream closes when the layout goes (sign-out). */
export function useUnreadCount(): UnreadCount | undefined {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { data } = useQuery({ queryKey: UNREAD_KEY, queryFn: fetchUnread, refetchInterval: MOCK ? POLL_MS : false });
  useEffect(() => {
    if (MOCK) return;
    return listenToUnread({
      token: getToken,
      onCount: (count) => {
        const before = queryClient.getQueryData<UnreadCount>(UNREAD_KEY);
        queryClient.setQueryData(UNREAD_KEY, count);
        // A new message or notification since the count last known: a toast says what it is.
        if (before && count.messages > before.messages) void toastLatest('message', notify);
        else if (before && count.notifications > before.notifications) void toastLatest('notification', notify);
        // Something arrived or was read elsewhere: the boxes on screen are read again.
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
    });
  }, [queryClient, notify]);
  return data;
}

/** Shows the newest message or notification as a toast, with the way to open it. */
async function toastLatest(kind: 'message' | 'notification', notify: ReturnType<typeof useNotify>) {
  try {
    if (kind === 'message') {
      const { list } = (await request<Box<MessageItem>>(NOTICE_PATHS.messageList, { query: { box: 'in', limit: 1 } })).data;
      const item = list[0];
      if (item)
        notify(createElement(NoticeToast, { title: item.title, to: pagePath(MESSAGE_PAGE), state: { openMessage: item } }), {
          type: 'info',
        });
      return;
    }
    const { list } = (await request<Box<NotificationItem>>(NOTICE_PATHS.notificationList, { query: { limit: 1 } })).data;
    const item = list[0];
    if (item) notify(createElement(NoticeToast, { title: item.title, to: item.link ?? pagePath(NOTIFICATION_PAGE) }), { type: 'info' });
  } catch {
    // The bell still counts it: a toast that cannot be made is left out.
  }
}
