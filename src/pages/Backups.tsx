// The Backup screen (Settings → System → Backup): on SQLite, "Back up now" makes a checked copy of
// the database while the console keeps working, and the backups made are listed newest first with
// their size and time, each downloaded or deleted (after the Tip question). On PostgreSQL the
// server makes none itself: the screen gives the pg_dump and pg_restore commands instead; in the
// in-browser mock it says there is nothing to back up.
import BackupIcon from '@mui/icons-material/Backup';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { BACKUP_PATHS, type BackupFile, type BackupListing } from '../../kernel/contract/backups';
import { API_BASE } from '../../kernel/contract/codes';
import { request } from '../api/http';
import { getToken } from '../api/token';
import { useConfirmCall } from '../forms/useConfirmCall';
import { formatFileSize } from '../resources/files/fileSize';
import { useApiData } from '../resources/statistics/useApiData';
import { useRouteTitle } from '../routes/useRouteTitle';

type Outcome = { severity: 'success'; file: BackupFile } | { severity: 'error'; message: string };

/** Fetches a backup with the session's token and hands it to the browser's download. */
async function download(file: BackupFile) {
  const url = `${API_BASE}${BACKUP_PATHS.download}?name=${encodeURIComponent(file.name)}`;
  const response = await fetch(url, { headers: { 'X-Token': getToken() ?? '' } });
  const type = response.headers.get('Content-Type') ?? '';
  // A refusal is an envelope; the file is anything else.
  if (type.startsWith('application/json'))
    throw new Error(((await response.json()) as { message?: string }).message ?? response.statusText);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = file.name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

/** A command to copy, in a monospaced block that wraps rather than widens the page. */
const Command = ({ text }: { text: string }) => (
  <Box
    component="pre"
    sx={{ m: 0, mt: 0.5, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
  >
    {text}
  </Box>
);

export function Backups() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const title = useRouteTitle();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { data, error, isPending, refetch } = useApiData<BackupListing>(BACKUP_PATHS.list);
  const { confirmCall, dialog } = useConfirmCall();
  const [making, setMaking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const size = (file: BackupFile) => formatFileSize(file.size, locale, translate);
  const when = (file: BackupFile) => new Date(file.createdAt).toLocaleString(locale);

  async function backUpNow() {
    setMaking(true);
    setOutcome(undefined);
    try {
      const { data: file } = await request<BackupFile>(BACKUP_PATHS.create, { method: 'POST', body: {} });
      setOutcome({ severity: 'success', file });
      await refetch();
    } catch (failure) {
      setOutcome({ severity: 'error', message: (failure as Error).message });
    } finally {
      setMaking(false);
    }
  }

  async function remove(file: BackupFile) {
    const done = await confirmCall({
      action: translate('app.backups.delete_action', { name: file.name }),
      method: 'POST',
      url: BACKUP_PATHS.del,
      body: { name: file.name },
    });
    if (done) await refetch();
  }

  const save = (file: BackupFile) => download(file).catch((failure: Error) => notify(failure.message, { type: 'error' }));

  const actions = (file: BackupFile) => (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      <IconButton size="small" aria-label={translate('app.files.download_name', { name: file.name })} onClick={() => void save(file)}>
        <DownloadIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        color="error"
        aria-label={translate('app.files.delete_name', { name: file.name })}
        onClick={() => void remove(file)}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
  const empty = data && data.mode === 'sqlite' && data.list.length === 0 ? translate('app.backups.empty') : undefined;

  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <Title title={title} />
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data?.mode === 'pg_dump' && (
        <Alert severity="info" data-backup-mode="pg_dump">
          <Typography variant="body2">{translate('app.backups.pg_dump')}</Typography>
          <Command text={data.command ?? ''} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('app.backups.pg_restore')}
          </Typography>
          <Command text={data.restore ?? ''} />
        </Alert>
      )}
      {data?.mode === 'none' && (
        <Alert severity="info" data-backup-mode="none">
          {translate('app.backups.none')}
        </Alert>
      )}
      {data?.mode === 'sqlite' && (
        <>
          <Card sx={{ p: 2, mb: 2 }} data-backup-mode="sqlite">
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {translate('app.backups.sqlite')}
            </Typography>
            <Button
              variant="contained"
              startIcon={making ? <CircularProgress size={16} color="inherit" /> : <BackupIcon />}
              disabled={making}
              onClick={() => void backUpNow()}
            >
              {translate(making ? 'app.backups.making' : 'app.backups.make')}
            </Button>
            {making && <LinearProgress sx={{ mt: 1.5 }} aria-label={translate('app.backups.making')} />}
            {outcome?.severity === 'success' && (
              <Alert severity="success" sx={{ mt: 1.5, overflowWrap: 'anywhere' }} data-backup-result="ok">
                {translate('app.backups.made', { name: outcome.file.name, size: size(outcome.file) })}
              </Alert>
            )}
            {outcome?.severity === 'error' && (
              <Alert severity="error" sx={{ mt: 1.5, overflowWrap: 'anywhere' }} data-backup-result="failed">
                {outcome.message}
              </Alert>
            )}
          </Card>
          <Card>
            {phone ? (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {data.list.map((file) => (
                  <Box
                    component="li"
                    key={file.name}
                    data-backup={file.name}
                    sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', gap: 1 }}
                  >
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {file.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {size(file)} · {when(file)}
                      </Typography>
                    </Box>
                    {actions(file)}
                  </Box>
                ))}
                {empty && (
                  <Typography sx={{ p: 2 }} color="text.secondary">
                    {empty}
                  </Typography>
                )}
              </Box>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('app.backups.name')}</TableCell>
                      <TableCell align="right">{translate('app.backups.size')}</TableCell>
                      <TableCell>{translate('app.backups.time')}</TableCell>
                      <TableCell align="right">{translate('app.backups.actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.list.map((file) => (
                      <TableRow key={file.name} data-backup={file.name}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{file.name}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {size(file)}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(file)}</TableCell>
                        <TableCell align="right">{actions(file)}</TableCell>
                      </TableRow>
                    ))}
                    {empty && (
                      <TableRow>
                        <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                          {empty}
                        </TableCell>
                      </TableRow>
                    )}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Card>
        </>
      )}
      {dialog}
    </Box>
  );
}
