// "Choose from library": a button beside an upload input that opens the files the person may see
// (their own uploads not yet saved, and those of records they may use), of the kinds the field
// takes. Choosing one asks the server for a copy of it, theirs alone, so the field names the copy
// as if just uploaded and the record that holds the original keeps it.
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ATTACHMENT_PATHS } from '../../../kernel/contract/attachments';
import { type UploadAccept, type UploadedFile, acceptsMime } from '../../../kernel/contract/uploads';
import { request } from '../../api/http';
import { FileNameLine, FilePreviewBox } from './FileTile';

export interface LibraryPickerProps {
  /** The kinds of file the field takes. */
  accept: UploadAccept;
  disabled?: boolean;
  /** The copy made of the chosen file. */
  onPick: (copy: UploadedFile) => void;
}

function LibraryDialog({ accept, onPick, onClose }: Omit<LibraryPickerProps, 'disabled'> & { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [copying, setCopying] = useState<number>();
  const files = useQuery({
    queryKey: ['api', '/upload/list'],
    queryFn: async () => (await request<{ list: UploadedFile[] }>('/upload/list')).data.list,
  });
  const needle = search.trim().toLowerCase();
  const shown = (files.data ?? []).filter((file) => acceptsMime(accept, file.type) && file.name.toLowerCase().includes(needle));

  async function pick(file: UploadedFile) {
    setCopying(file.id);
    try {
      onPick((await request<UploadedFile>(ATTACHMENT_PATHS.copy, { method: 'POST', body: { id: file.id } })).data);
      onClose();
    } catch (error) {
      notify((error as Error).message || translate('app.http.error'), { type: 'error' });
    } finally {
      setCopying(undefined);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="library-picker-title" data-library-picker>
      <DialogTitle id="library-picker-title">{translate('app.attachments.choose_title')}</DialogTitle>
      <DialogContent>
        <TextField
          size="small"
          fullWidth
          label={translate('app.attachments.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ mt: 1, mb: 2 }}
        />
        {(files.isPending || copying !== undefined) && <LinearProgress sx={{ mb: 1 }} />}
        {files.error && <Alert severity="error">{files.error.message}</Alert>}
        {files.data && shown.length === 0 && <Typography color="text.secondary">{translate('app.attachments.none_to_choose')}</Typography>}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
          {shown.map((file) => (
            <ButtonBase
              key={file.id}
              disabled={copying !== undefined}
              onClick={() => void pick(file)}
              aria-label={translate('app.attachments.choose_name', { name: file.name })}
              sx={{
                display: 'block',
                textAlign: 'left',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                overflow: 'hidden',
                minWidth: 0,
              }}
            >
              <FilePreviewBox file={file} height={100} />
              <Box sx={{ p: 1 }}>
                <FileNameLine file={file} />
              </Box>
            </ButtonBase>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.confirm.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

export function LibraryPicker({ accept, disabled, onPick }: LibraryPickerProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<PhotoLibraryIcon />} disabled={disabled} onClick={() => setOpen(true)}>
        {translate('app.attachments.choose')}
      </Button>
      {open && <LibraryDialog accept={accept} onPick={onPick} onClose={() => setOpen(false)} />}
    </>
  );
}
