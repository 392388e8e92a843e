// The bell's drawer: the person's latest messages and notifications together, newest first,
// unread ones marked; "Mark all read"; and the ways to the two full screens. Full width on a phone.
import CloseIcon from '@mui/icons-material/Close';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import {
  MESSAGE_PAGE,
  type MessageItem,
  NOTICE_PATHS,
  NOTIFICATION_PAGE,
  type NotificationItem,
  type UnreadCount,
} from '../../../kernel/notify/names';
import { type OpenMessageState, markRead, pagePath, refreshNotices, useNoticeBox } from '../../notices/api';
import { messageByline } from '../../notices/labels';
import { NoticeRow } from '../../notices/NoticeRow';
import { mergeLatest } from '../../notices/unread';

/** How many of each the drawer asks for, and how many it shows together. */
const LATEST = 10;

export default function NoticeDrawer({ open, onClose, unread }: { open: boolean; onClose: () => void; unread?: UnreadCount }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const messages = useNoticeBox<MessageItem>(NOTICE_PATHS.messageList, { box: 'in', limit: LATEST }, open);
  const notifications = useNoticeBox<NotificationItem>(NOTICE_PATHS.notificationList, { limit: LATEST }, open);
  const latest = mergeLatest(messages.data?.list ?? [], notifications.data?.list ?? [], LATEST);
  const messagesPath = pagePath(MESSAGE_PAGE);
  const notificationsPath = pagePath(NOTIFICATION_PAGE);
  const error = messages.error ?? notifications.error;
  const loaded = messages.data && notifications.data;

  const fail = (e: unknown) => notify((e as Error).message || translate('app.http.error'), { type: 'error' });
  const readAll = async () => {
    setBusy(true);
    try {
      await Promise.all([markRead('message', 'all'), markRead('notification', 'all')]);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      void refreshNotices(queryClient);
    }
  };
  const go = (to: string | undefined, state?: OpenMessageState) => {
    onClose();
    if (to) navigate(to, { state });
  };
  const openNotification = (item: NotificationItem) => {
    if (!item.read) markRead('notification', [item.id]).then(() => refreshNotices(queryClient), fail);
    go(item.link ?? notificationsPath);
  };

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Above the top bar, which sits above the sidebar.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 400 }, display: 'flex', flexDirection: 'column' },
          'aria-label': translate('app.notices.drawer_title'),
        } as object,
      }}
      data-notice-drawer
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {translate('app.notices.drawer_title')}
        </Typography>
        <Button size="small" startIcon={<DoneAllIcon />} disabled={busy || !unread?.count} onClick={() => void readAll()}>
          {translate('app.notices.mark_all_read')}
        </Button>
        <IconButton edge="end" onClick={onClose} aria-label={translate('ra.action.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {(busy || !loaded) && !error && <LinearProgress />}
      {error && <Alert severity="error">{error.message}</Alert>}
      <List disablePadding sx={{ flex: 1, overflowY: 'auto' }}>
        {latest.map((entry) =>
          entry.kind === 'message' ? (
            <NoticeRow
              key={`m${entry.item.id}`}
              id={entry.item.id}
              kind="message"
              icon={<MailIcon fontSize="small" />}
              title={entry.item.title}
              byline={messageByline(entry.item, translate)}
              text={entry.item.content}
              createdAt={entry.item.created_at}
              unread={!entry.item.read}
              onOpen={() => go(messagesPath, { openMessage: entry.item })}
            />
          ) : (
            <NoticeRow
              key={`n${entry.item.id}`}
              id={entry.item.id}
              kind="notification"
              icon={<NotificationsIcon fontSize="small" />}
              title={entry.item.title}
              text={entry.item.text}
              createdAt={entry.item.created_at}
              unread={!entry.item.read}
              onOpen={() => openNotification(entry.item)}
            />
          ),
        )}
        {loaded && latest.length === 0 && (
          <Typography role="status" color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {translate('app.notices.drawer_empty')}
          </Typography>
        )}
      </List>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 1, borderTop: 1, borderColor: 'divider', justifyContent: 'space-between' }}>
        {messagesPath && (
          <Button component={Link} to={messagesPath} onClick={onClose} startIcon={<MailIcon />}>
            {translate('app.notices.all_messages')}
          </Button>
        )}
        {notificationsPath && (
          <Button component={Link} to={notificationsPath} onClick={onClose} startIcon={<NotificationsIcon />}>
            {translate('app.notices.all_notifications')}
          </Button>
        )}
      </Box>
    </Drawer>
  );
}
