// A message to show on the next screen that mounts: the route guard's failure on the sign-in
// page, or "Switch Language Success" once the console has re-rendered in the new language.
import { useEffect } from 'react';
import { useNotify } from 'react-admin';

type NoticeType = 'error' | 'success' | 'warning' | 'info';
let pending: { message: string; type: NoticeType } | undefined;

export const pendingNotice = {
  set(message: string, type: NoticeType) {
    pending = { message, type };
  },
  take() {
    const notice = pending;
    pending = undefined;
    return notice;
  },
};

/** Shows the pending notice, if any, when the calling component mounts. */
export function useShowPendingNotice() {
  const notify = useNotify();
  useEffect(() => {
    const notice = pendingNotice.take();
    if (notice) notify(notice.message, { type: notice.type });
  }, [notify]);
}
