// What a screen shows when the call for its data failed (the server refused it or did not answer):
// that it could not be loaded, why, and a button to ask again. Never an empty screen, and never
// the "nothing yet" of a list that may well hold records.
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

export interface LoadFailedProps {
  error: unknown;
  /** Asks for the data again. */
  retry: () => void;
  /** The data is being asked for again: the button waits. */
  retrying?: boolean;
}

export function LoadFailed({ error, retry, retrying = false }: LoadFailedProps) {
  const translate = useTranslate();
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    <Box
      role="alert"
      data-load-failed
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, py: 5, px: 2 }}
    >
      <ErrorOutlineIcon sx={{ fontSize: 56, color: 'error.main' }} />
      <Typography variant="h6" component="p">
        {translate('app.load.failed')}
      </Typography>
      {message && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {message}
        </Typography>
      )}
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => retry()} disabled={retrying} sx={{ mt: 1 }}>
        {translate('app.load.retry')}
      </Button>
    </Box>
  );
}
