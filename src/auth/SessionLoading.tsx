// The screen while the route guard checks the session: react-admin's loading page, or, when the
// server cannot be reached, what went wrong and a Retry button. The person stays signed in.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useSyncExternalStore } from 'react';
import { LoadingPage, useTranslate } from 'react-admin';
import { connectionTrouble } from './loadInfo';

export function SessionLoading(props: { loadingPrimary?: string; loadingSecondary?: string }) {
  const translate = useTranslate();
  const message = useSyncExternalStore(connectionTrouble.subscribe, connectionTrouble.message);
  if (message === undefined) return <LoadingPage {...props} />;
  return (
    <Box data-page="session-retry" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%', p: 2 }}>
      <Alert
        severity="warning"
        sx={{ maxWidth: 560 }}
        action={
          <Button color="inherit" size="small" onClick={connectionTrouble.retry}>
            {translate('app.http.retry')}
          </Button>
        }
      >
        <AlertTitle>{message}</AlertTitle>
        {translate('app.http.still_signed_in')}
      </Alert>
    </Box>
  );
}
