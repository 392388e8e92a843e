// A file looked at without leaving the page: an image shown whole, a PDF in the browser's own
// viewer, anything else offered for download. Full screen on a phone.
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { type UploadedFile, kindOfMime } from '../../../kernel/contract/uploads';
import { FileKindIcon } from './FileKindIcon';
import { useFileUrl } from './useFileUrl';

export function FilePreviewDialog({ file, onClose }: { file: UploadedFile | undefined; onClose: () => void }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const kind = file && kindOfMime(file.type);
  const url = useFileUrl(file?.url);
  return (
    <Dialog open={Boolean(file)} onClose={onClose} fullScreen={phone} fullWidth maxWidth="lg" aria-labelledby="file-preview-title">
      {file && (
        <>
          <DialogTitle id="file-preview-title" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
            {file.name}
            <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent
            dividers
            sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', p: kind === 'pdf' ? 0 : 2, minHeight: 240 }}
          >
            {!url ? null : kind === 'image' ? (
              <Box
                component="img"
                src={url}
                alt={file.name}
                sx={{ maxWidth: '100%', maxHeight: phone ? 'calc(100vh - 160px)' : '75vh', objectFit: 'contain' }}
              />
            ) : kind === 'pdf' ? (
              <Box
                component="iframe"
                src={url}
                title={file.name}
                sx={{ border: 0, width: '100%', height: phone ? 'calc(100vh - 140px)' : '75vh' }}
              />
            ) : (
              <Box sx={{ textAlign: 'center', py: 4 }}>
                <FileKindIcon mime={file.type} sx={{ fontSize: 72 }} />
                <Typography sx={{ mt: 1 }} color="text.secondary">
                  {translate('app.files.no_preview')}
                </Typography>
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button startIcon={<DownloadIcon />} href={url ?? file.url} download={file.name}>
              {translate('app.files.download')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
