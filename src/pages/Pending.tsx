import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';

/** A menu entry whose screen comes in a later release says so plainly. */
export function Pending() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <Alert severity="info">
        <AlertTitle>{translate('app.pending.title')}</AlertTitle>
        {translate('app.pending.text')}
      </Alert>
    </Box>
  );
}
