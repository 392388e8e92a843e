// The person's unread count, kept live. Against the server the notice stream says each change
// (listen.ts); the in-browser mock cannot be reached by an EventSource, so there the count is
// asked for every 30 s instead.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getToken } from '../api/token';
import type { UnreadCount } from '../../kernel/notify/names';
import { LISTS_KEY, UNREAD_KEY, fetchUnread } from './api';
import { listenToUnread } from './listen';

const MOCK = import.meta.env.VITE_MOCK === 'true';
export const POLL_MS = 30_000;

/** The unread count; undefined until first known. The stream closes when the layout goes (sign-out). */
export function useUnreadCount(): UnreadCount | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: UNREAD_KEY, queryFn: fetchUnread, refetchInterval: MOCK ? POLL_MS : false });
  useEffect(() => {
    if (MOCK) return;
    return listenToUnread({
      token: getToken,
      onCount: (count) => {
        queryClient.setQueryData(UNREAD_KEY, count);
        // Something arrived or was read elsewhere: the boxes on screen are read again.
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      },
    });
  }, [queryClient]);
  return data;
}
