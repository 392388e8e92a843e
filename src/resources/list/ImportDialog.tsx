// The Import button of a list that can create records, and its dialog: download the template,
// choose a CSV or XLSX file, see what each column was matched to (and change it), see every row's
// problems by row and column with the forms' own messages, then import the valid rows — or nothing.
// The server reads and checks the file (POST /import); the mapping chosen is remembered there.
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { Button, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { request } from '../../api/http';
import { uploadFile } from '../files/uploadFile';
import { type ImportFields, templateWorkbook } from './importTemplate';
import { saveFile } from './serialize';

interface ImportAnswer {
  total: number;
  valid: number;
  created: number;
  errors: { row: number; column: string; field: string; message: string }[];
  columns: { column: string; field: string | null; unit: string }[];
  import?: number;
}

/** Problems listed in the dialog; the answer's counts still cover every row. */
const SHOWN_ERRORS = 200;
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function ImportButton({ resource, title }: { resource: string; title: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.import.button" onClick={() => setOpen(true)} aria-haspopup="dialog" data-import-button>
        <UploadFileIcon />
      </Button>
      {open && <ImportDialog resource={resource} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}

function ImportDialog({ resource, title, onClose }: { resource: string; title: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [language] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [fields, setFields] = useState<ImportFields>();
  const [mapping, setMapping] = useState<Record<string, string>>();
  const [answer, setAnswer] = useState<ImportAnswer>();
  const [progress, setProgress] = useState<number | 'working'>();
  const [failure, setFailure] = useState<string>();

  const loadFields = async () => {
    if (fields) return fields;
    const { data } = await request<ImportFields>('/import/fields', { query: { resource } });
    setFields(data);
    return data;
  };

  async function send(mode: 'preview' | 'commit', chosen = file, columns = mapping) {
    if (!chosen) return;
    setFailure(undefined);
    setProgress(0);
    try {
      const result = await uploadFile<ImportAnswer>(`/import?resource=${encodeURIComponent(resource)}&mode=${mode}`, chosen, {
        language,
        noAnswer: translate('app.http.network', { message: '—' }),
        fields: columns ? { mapping: JSON.stringify(columns) } : {},
        onProgress: (share) => setProgress(share < 1 ? share : 'working'),
      });
      if (mode === 'commit') {
        notify('app.import.done', { type: 'info', messageArgs: { smart_count: result.created } });
        refresh();
        onClose();
        return;
      }
      setAnswer(result);
      setMapping(Object.fromEntries(result.columns.map((column) => [column.column, column.field ?? ''])));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      if (mode === 'preview') setAnswer(undefined);
    } finally {
      setProgress(undefined);
    }
  }

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setMapping(undefined);
    void loadFields().catch(() => undefined);
    await send('preview', chosen, undefined);
  };

  const remap = (column: string, field: string) => {
    const next = { ...mapping, [column]: field };
    // A field fills one column: the column that had it gives it up.
    if (field !== '') for (const [other, path] of Object.entries(next)) if (other !== column && path === field) next[other] = '';
    setMapping(next);
    void send('preview', file, next);
  };

  const downloadTemplate = async () => {
    try {
      const info = await loadFields();
      const blob = await templateWorkbook(info, { sheet: title, options: translate('app.import.options_sheet') });
      saveFile(blob, `${translate('app.import.template_name', { list: title })}.xlsx`, 'xlsx');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const busy = progress !== undefined;
  const invalid = answer ? answer.total - answer.valid : 0;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="import-title"
      data-import-dialog
    >
      <DialogTitle id="import-title">{translate('app.import.title', { list: title })}</DialogTitle>
      <DialogContent dividers>
        <Stack direction={phone ? 'column' : 'row'} spacing={1} sx={{ mb: 2, alignItems: phone ? 'stretch' : 'center' }}>
          <MuiButton
            variant="contained"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
            data-import-choose
          >
            {translate('app.import.choose')}
          </MuiButton>
          <MuiButton startIcon={<DownloadIcon />} onClick={() => void downloadTemplate()} disabled={busy} data-import-template>
            {translate('app.import.template')}
          </MuiButton>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }} data-import-file>
            {file ? file.name : translate('app.import.hint')}
          </Typography>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            data-import-input
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Stack>
        {busy && (
          <Box sx={{ mb: 2 }} data-import-progress>
            <LinearProgress
              variant={progress === 'working' ? 'indeterminate' : 'determinate'}
              value={progress === 'working' ? undefined : progress * 100}
            />
            <Typography variant="caption" color="text.secondary">
              {translate(progress === 'working' ? 'app.import.checking' : 'app.import.sending')}
            </Typography>
          </Box>
        )}
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }} data-import-failure>
            {failure}
          </Alert>
        )}
        {answer && (
          <>
            <Alert severity={invalid === 0 ? 'success' : answer.valid === 0 ? 'error' : 'warning'} sx={{ mb: 2 }} data-import-summary>
              {translate('app.import.summary', { total: answer.total, valid: answer.valid, smart_count: invalid })}
            </Alert>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {translate('app.import.columns')}
            </Typography>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: phone ? '1fr' : 'repeat(2, minmax(0, 1fr))', gap: 1, mb: 2 }}
              data-import-columns
            >
              {answer.columns.map((column) => (
                <Stack key={column.column} direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Typography variant="body2" noWrap title={column.column} sx={{ width: '40%', flexShrink: 0 }}>
                    {column.column || '—'}
                  </Typography>
                  <Select
                    size="small"
                    fullWidth
                    value={mapping?.[column.column] ?? ''}
                    displayEmpty
                    disabled={busy}
                    onChange={(event) => remap(column.column, String(event.target.value))}
                    inputProps={{ 'aria-label': translate('app.import.column_field', { column: column.column }) }}
                  >
                    <MenuItem value="">
                      <em>{translate('app.import.not_imported')}</em>
                    </MenuItem>
                    {(fields?.fields ?? []).map((field) => (
                      <MenuItem key={field.path} value={field.path}>
                        {field.label}
                      </MenuItem>
                    ))}
                    {/* The field the server matched, before the list of fields has come. */}
                    {column.field && !fields && <MenuItem value={column.field}>{column.field}</MenuItem>}
                  </Select>
                </Stack>
              ))}
            </Box>
            {answer.errors.length > 0 && (
              <>
                <Typography variant="subtitle2" sx={{ mb: 1 }}>
                  {translate('app.import.problems')}
                </Typography>
                <Box sx={{ overflowX: 'auto' }}>
                  <Table size="small" data-import-errors>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('app.import.row')}</TableCell>
                        <TableCell>{translate('app.import.column')}</TableCell>
                        <TableCell>{translate('app.import.message')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {answer.errors.slice(0, SHOWN_ERRORS).map((error, i) => (
                        <TableRow key={i} data-import-error-row={error.row}>
                          <TableCell>{error.row}</TableCell>
                          <TableCell>{error.column || '—'}</TableCell>
                          <TableCell>{error.message}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
                {answer.errors.length > SHOWN_ERRORS && (
                  <Typography variant="caption" color="text.secondary">
                    {translate('app.import.more_problems', { smart_count: answer.errors.length - SHOWN_ERRORS })}
                  </Typography>
                )}
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </MuiButton>
        <MuiButton
          variant="contained"
          onClick={() => void send('commit')}
          disabled={busy || !answer || answer.valid === 0}
          data-import-commit
        >
          {translate('app.import.commit', { smart_count: answer?.valid ?? 0 })}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}
