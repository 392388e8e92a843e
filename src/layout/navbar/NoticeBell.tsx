// The bell of the top bar: the person's unread messages and notifications as a badge, kept live,
// opening a drawer with the latest of them. The drawer's code loads on the first opening only.
import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Suspense, lazy, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useUnreadCount } from '../../notices/stream';

const NoticeDrawer = lazy(() => import('./NoticeDrawer'));

export function NoticeBell() {
  const translate = useTranslate();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const count = unread?.count ?? 0;
  const label = translate('app.notices.bell', { smart_count: count });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          data-notice-bell
          data-count={count}
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
        >
          <Badge badgeContent={count} color="error" max={999}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <NoticeDrawer open={open} onClose={() => setOpen(false)} unread={unread} />
        </Suspense>
      )}
    </>
  );
}
