// One message opened: its title, who sent it to whom and when, and its whole text; Reply (to a
// received one), Delete and Close.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { MessageItem } from '../../kernel/notify/names';
import { roleLabel } from './labels';

export interface MessageDialogProps {
  message: MessageItem;
  onClose: () => void;
  onReply: () => void;
  onDelete: () => void;
  /** Marks it read: called once when an unread received message opens. */
  onRead: () => void;
}

export function MessageDialog({ message, onClose, onReply, onDelete, onRead }: MessageDialogProps) {
  const translate = useTranslate();
  const unread = !message.sent && !message.read;
  useEffect(() => {
    if (unread) onRead();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per message opened
  }, [message.id, unread]);
  const [locale] = useLocaleState();
  const to = message.to_role ? roleLabel(message.to_role, translate) : message.recipient_name;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="message-title" data-message-dialog>
      <DialogTitle id="message-title" sx={{ overflowWrap: 'anywhere' }}>
        {message.title}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {translate('app.notices.from', { name: message.sender_name || message.sender })} · {translate('app.notices.to', { name: to })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {new Date(message.created_at).toLocaleString(locale)}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.content || translate('app.notices.no_text')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button color="error" onClick={onDelete}>
          {translate('ra.action.delete')}
        </Button>
        {!message.sent && <Button onClick={onReply}>{translate('app.notices.reply')}</Button>}
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
