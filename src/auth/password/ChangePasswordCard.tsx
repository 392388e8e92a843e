// "Change password" on the Profile page: a button that opens the same form the must-change
// dialog uses, and closes it once the server took the new password.
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ChangePasswordForm } from './ChangePasswordForm';

export function ChangePasswordCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }} data-card="change-password">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('app.password.title')}
        </Typography>
        {open ? (
          <ChangePasswordForm
            autoFocus
            onDone={() => {
              setOpen(false);
              notify('app.password.changed', { type: 'success' });
            }}
            actions={
              <Button color="inherit" onClick={() => setOpen(false)}>
                {translate('ra.action.cancel')}
              </Button>
            }
          />
        ) : (
          <Button variant="outlined" onClick={() => setOpen(true)}>
            {translate('app.password.change')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
