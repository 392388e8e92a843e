// What the main area shows when a screen fails to render. React's error boundary catches such an
// error before it reaches the window, so it is written to the error log here, once.
import ReportIcon from '@mui/icons-material/Report';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { type ErrorProps, useTranslate } from 'react-admin';
import { errorLog } from './errorLog';

const logged = new WeakSet<object>();

export function ErrorPage({ error }: ErrorProps) {
  const translate = useTranslate();
  useEffect(() => {
    if (error && typeof error === 'object' && !logged.has(error)) {
      logged.add(error);
      errorLog.add(error);
    }
  }, [error]);
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }} data-page="error">
      <Typography variant="h5" component="h1" role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <ReportIcon color="error" />
        {translate('ra.page.error')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('ra.message.error')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.errorLog.see_log')}
      </Typography>
      <Button variant="contained" onClick={() => window.history.back()}>
        {translate('ra.action.back')}
      </Button>
    </Box>
  );
}
