// My messages: received or sent, unread only if asked, newest first, a page at a time. Opening a
// received one marks it read; each can be deleted (after the "Tip" question); "New message"
// writes to a person or to everyone with a role, and Reply answers the sender.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import DraftsIcon from '@mui/icons-material/Drafts';
import MailIcon from '@mui/icons-material/Mail';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { type MessageItem, NOTICE_PATHS } from '../../kernel/notify/names';
import { useConfirmCall } from '../forms/useConfirmCall';
import { type OpenMessageState, markRead, refreshNotices, useNoticeBox, useUnread } from '../notices/api';
import { messageByline } from '../notices/labels';
import { MessageDialog } from '../notices/MessageDialog';
import { type Draft, NewMessageDialog } from '../notices/NewMessageDialog';
import { NoticeRow } from '../notices/NoticeRow';
import { NoticeScreen, usePaging } from '../notices/NoticeScreen';

type BoxName = 'in' | 'out';

export function Messages() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const { confirmCall, dialog } = useConfirmCall();
  const [box, setBox] = useState<BoxName>('in');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [draft, setDraft] = useState<Draft>();
  const paging = usePaging();
  const unread = useUnread();
  const query = { box, unread: box === 'in' && unreadOnly ? 'true' : undefined, page: paging.page + 1, limit: paging.limit };
  const { data, error, isPending, isFetching } = useNoticeBox<MessageItem>(NOTICE_PATHS.messageList, query);

  const fail = (e: unknown) => notify((e as Error).message || translate('app.http.error'), { type: 'error' });
  // The open message lives in the location's state, so that the bell's drawer can open one too.
  const opened = (location.state as OpenMessageState | null)?.openMessage;
  const setOpened = (message: MessageItem | undefined) =>
    navigate(location.pathname, { replace: true, state: message ? { openMessage: message } : null });

  const remove = async (message: MessageItem) => {
    const done = await confirmCall({
      action: translate('app.notices.delete_message', { title: message.title }),
      method: 'POST',
      url: NOTICE_PATHS.messageDel,
      ids: [message.id],
    });
    if (!done) return;
    setOpened(undefined);
    void refreshNotices(queryClient);
  };
  const readAll = () => markRead('message', 'all').then(() => refreshNotices(queryClient), fail);
  const changeBox = (next: BoxName) => {
    setBox(next);
    paging.reset();
  };

  const toolbar = (
    <>
      <Tabs value={box} onChange={(_e, next: BoxName) => changeBox(next)} sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
        <Tab value="in" label={translate('app.notices.received')} icon={<MailIcon fontSize="small" />} iconPosition="start" />
        <Tab value="out" label={translate('app.notices.sent_box')} icon={<SendIcon fontSize="small" />} iconPosition="start" />
      </Tabs>
      {box === 'in' && (
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={unreadOnly}
              onChange={(e) => {
                setUnreadOnly(e.target.checked);
                paging.reset();
              }}
            />
          }
          label={translate('app.notices.unread_only')}
          sx={{ ml: 0 }}
        />
      )}
      <Box sx={{ flex: 1 }} />
      {box === 'in' && (
        <Button size="small" startIcon={<DoneAllIcon />} disabled={!unread?.messages} onClick={() => void readAll()}>
          {translate('app.notices.mark_all_read')}
        </Button>
      )}
      <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setDraft({})}>
        {translate('app.notices.new_message')}
      </Button>
    </>
  );

  const empty = box === 'out' ? 'app.notices.empty_sent' : unreadOnly ? 'app.notices.empty_unread_messages' : 'app.notices.empty_received';
  const dialogs = (
    <>
      {opened && (
        <MessageDialog
          message={opened}
          onClose={() => setOpened(undefined)}
          onRead={() => markRead('message', [opened.id]).then(() => refreshNotices(queryClient), fail)}
          onDelete={() => void remove(opened)}
          onReply={() => {
            setOpened(undefined);
            setDraft({ to_user: opened.sender, title: translate('app.notices.reply_title', { title: opened.title }) });
          }}
        />
      )}
      {draft && <NewMessageDialog draft={draft} onClose={() => setDraft(undefined)} />}
      {dialog}
    </>
  );
  return (
    <NoticeScreen
      toolbar={toolbar}
      loading={isPending || isFetching}
      error={error}
      count={data?.count ?? 0}
      empty={translate(empty)}
      paging={paging}
      dialogs={dialogs}
    >
      {data?.list.map((message) => (
        <NoticeRow
          key={message.id}
          id={message.id}
          kind="message"
          icon={
            message.sent ? <SendIcon fontSize="small" /> : message.read ? <DraftsIcon fontSize="small" /> : <MailIcon fontSize="small" />
          }
          title={message.title}
          byline={messageByline(message, translate)}
          text={message.content}
          createdAt={message.created_at}
          unread={!message.sent && !message.read}
          onOpen={() => setOpened(message)}
          actions={
            <IconButton size="small" aria-label={translate('ra.action.delete')} onClick={() => void remove(message)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          }
        />
      ))}
    </NoticeScreen>
  );
}
