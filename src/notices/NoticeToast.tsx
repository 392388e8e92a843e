// A toast for what just arrived: the new message's or notification's title, and a button opening
// it (a message on the messages screen, a notification where it leads, else on its screen).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export function NoticeToast({ title, to, state }: { title: string; to?: string; state?: unknown }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} data-notice-toast>
      <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Box>
      {to && (
        <Button component={Link} to={to} state={state} size="small" color="inherit" sx={{ flex: 'none' }}>
          {translate('app.notices.open_link')}
        </Button>
      )}
    </Box>
  );
}
