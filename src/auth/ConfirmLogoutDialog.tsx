// Codes 50008, 50012 and 50014 ask whether to log in again or stay on the page.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { sessionEnded } from '../api/events';
import { resetSession } from './session';

export function ConfirmLogoutDialog() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => sessionEnded.subscribe(() => setOpen(true)), []);

  const relogin = () => {
    resetSession();
    window.location.reload();
  };
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="confirm-logout-title">
      <DialogTitle id="confirm-logout-title">{translate('app.http.logout_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.http.logout_text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)}>{translate('app.http.cancel')}</Button>
        <Button variant="contained" onClick={relogin} autoFocus>
          {translate('app.http.relogin')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
