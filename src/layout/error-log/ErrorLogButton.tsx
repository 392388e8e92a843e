// A bug icon with a badge when the console has caught errors; a dialog lists them.
import BugReport from '@mui/icons-material/BugReport';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useState, useSyncExternalStore } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { errorLog } from './errorLog';

export function ErrorLogButton() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const entries = useSyncExternalStore(errorLog.subscribe, errorLog.entries);
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  return (
    <>
      <Tooltip title={translate('app.errorLog.title')}>
        <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={translate('app.errorLog.title')}>
          <Badge badgeContent={entries.length} color="error">
            <BugReport />
          </Badge>
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby="error-log-title">
        <DialogTitle id="error-log-title">{translate('app.errorLog.title')}</DialogTitle>
        <DialogContent>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.errorLog.message')}</TableCell>
                <TableCell>{translate('app.errorLog.url')}</TableCell>
                <TableCell>{translate('app.errorLog.time')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry, i) => (
                <TableRow key={i}>
                  <TableCell sx={{ wordBreak: 'break-word' }}>
                    <strong>{entry.message}</strong>
                    {entry.stack && <pre style={{ whiteSpace: 'pre-wrap', fontSize: 11, margin: '4px 0 0' }}>{entry.stack}</pre>}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{entry.url}</TableCell>
                  <TableCell>{new Date(entry.time).toLocaleString(locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </DialogContent>
        <DialogActions>
          <Button color="error" onClick={() => (errorLog.clear(), setOpen(false))}>
            {translate('app.errorLog.clear')}
          </Button>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
