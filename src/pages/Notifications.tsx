// My notifications, in my language as the server wrote them: all or unread only, newest first, a
// page at a time. Opening one marks it read and goes to the screen it concerns, when it names one;
// each can be marked read or deleted (after the "Tip" question), and all marked read at once.
import DeleteIcon from '@mui/icons-material/Delete';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { NOTICE_PATHS, type NotificationItem } from '../../kernel/notify/names';
import { useConfirmCall } from '../forms/useConfirmCall';
import { markRead, refreshNotices, useNoticeBox, useUnread } from '../notices/api';
import { NoticeRow } from '../notices/NoticeRow';
import { NoticeScreen, usePaging } from '../notices/NoticeScreen';

export function Notifications() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { confirmCall, dialog } = useConfirmCall();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const paging = usePaging();
  const unread = useUnread();
  const query = { unread: unreadOnly ? 'true' : undefined, page: paging.page + 1, limit: paging.limit };
  const { data, error, isPending, isFetching } = useNoticeBox<NotificationItem>(NOTICE_PATHS.notificationList, query);

  const fail = (e: unknown) => notify((e as Error).message || translate('app.http.error'), { type: 'error' });
  const read = (ids: number[] | 'all') => markRead('notification', ids).then(() => refreshNotices(queryClient), fail);
  const open = (item: NotificationItem) => {
    if (!item.read) void read([item.id]);
    if (item.link) navigate(item.link);
  };
  const remove = async (item: NotificationItem) => {
    const done = await confirmCall({
      action: translate('app.notices.delete_notification', { title: item.title }),
      method: 'POST',
      url: NOTICE_PATHS.notificationDel,
      ids: [item.id],
    });
    if (done) void refreshNotices(queryClient);
  };

  const toolbar = (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={unreadOnly ? 'unread' : 'all'}
        onChange={(_e, value: string | null) => {
          if (!value) return;
          setUnreadOnly(value === 'unread');
          paging.reset();
        }}
        aria-label={translate('app.notices.show')}
      >
        <ToggleButton value="all">{translate('app.notices.all')}</ToggleButton>
        <ToggleButton value="unread">{translate('app.notices.unread_only')}</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ flex: 1 }} />
      <Button size="small" startIcon={<DoneAllIcon />} disabled={!unread?.notifications} onClick={() => void read('all')}>
        {translate('app.notices.mark_all_read')}
      </Button>
    </>
  );

  return (
    <NoticeScreen
      toolbar={toolbar}
      loading={isPending || isFetching}
      error={error}
      count={data?.count ?? 0}
      empty={translate(unreadOnly ? 'app.notices.empty_unread_notifications' : 'app.notices.empty_notifications')}
      paging={paging}
      dialogs={dialog}
    >
      {data?.list.map((item) => (
        <NoticeRow
          key={item.id}
          id={item.id}
          kind="notification"
          icon={item.read ? <NotificationsNoneIcon fontSize="small" /> : <NotificationsIcon fontSize="small" />}
          title={item.title}
          text={item.text}
          createdAt={item.created_at}
          unread={!item.read}
          onOpen={() => open(item)}
          lines={item.lines}
          onReadLine={() => !item.read && void read([item.id])}
          actions={
            <>
              {item.link && (
                <Tooltip title={translate('app.notices.open_link')}>
                  <IconButton size="small" aria-label={translate('app.notices.open_link')} onClick={() => open(item)}>
                    <OpenInNewIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {!item.read && (
                <Tooltip title={translate('app.notices.mark_read')}>
                  <IconButton size="small" aria-label={translate('app.notices.mark_read')} onClick={() => void read([item.id])}>
                    <DoneIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => void remove(item)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </>
          }
        />
      ))}
    </NoticeScreen>
  );
}
