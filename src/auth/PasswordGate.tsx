// Before anything else of the console shows, a person whose password was set by someone else
// (a new account, a reset) chooses their own: a dialog that only signing out closes. Once the
// server took the new password the info is loaded again and the console carries on.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { Layout } from '../layout/Layout';
import { useCurrentAccess, useCurrentInfo } from '../routes/useVisibleRoutes';
import { ChangePasswordForm } from './password/ChangePasswordForm';

function MustChangeDialog() {
  const translate = useTranslate();
  const logout = useLogout();
  const notify = useNotify();
  const info = useCurrentInfo();
  return (
    <Box data-page="must-change" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Dialog open disableEscapeKeyDown aria-labelledby="must-change-title" fullWidth maxWidth="xs">
        <DialogTitle id="must-change-title">{translate('app.password.must_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>
            {translate('app.password.must_text', { name: info?.name ?? info?.username ?? '' })}
          </DialogContentText>
          <ChangePasswordForm
            autoFocus
            onDone={() => notify('app.password.changed', { type: 'success' })}
            actions={
              <Button color="inherit" onClick={() => void logout()}>
                {translate('ra.auth.logout')}
              </Button>
            }
          />
        </DialogContent>
      </Dialog>
    </Box>
  );
}

/** The console's layout, or only the must-change dialog while the info says so. */
export function PasswordGateLayout({ children }: { children: ReactNode }) {
  const access = useCurrentAccess();
  if (access?.mustChange) return <MustChangeDialog />;
  return <Layout>{children}</Layout>;
}
