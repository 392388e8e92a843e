// Files chosen for a form field (pictures, or any document for a file field): thumbnails of those
// it holds (each removable; a document as its kind's icon and its name), and buttons that upload
// one more, or reuse one from the library, until the field holds `max`. The field keeps each
// upload's URL.
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { type ChangeEvent, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { FILE_TYPES, type UploadAccept, type UploadedFile, acceptedExtensions } from '../../kernel/contract/uploads';
import { LibraryPicker } from '../resources/files/LibraryPicker';
import { UploadPreview, UploadThumbnail } from '../resources/files/UploadThumbnail';
import { uploadFile } from '../resources/files/uploadFile';

/** What the file chooser offers: the accepted extensions and their content types. */
const chooserAccept = (accept: UploadAccept) =>
  acceptedExtensions(accept)
    .flatMap((extension) => [extension, FILE_TYPES[extension].mime.split(';')[0]])
    .join(',');

/** A stored upload's file name, from its URL. */
const fileName = (url: string) => decodeURIComponent(url.split('/').pop() ?? url);

export interface ImagesInputProps {
  id: string;
  urls: string[];
  max: number;
  /** What the field takes: pictures (the default), or any file. */
  accept?: UploadAccept;
  disabled?: boolean;
  onChange: (urls: string[]) => void;
}

export function ImagesInput({ id, urls, max, accept = 'image', disabled, onChange }: ImagesInputProps) {
  const pictures = accept === 'image';
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const input = useRef<HTMLInputElement>(null);
  const [share, setShare] = useState<number | undefined>();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const uploaded = await uploadFile<UploadedFile>('/upload', file, {
        language: locale,
        noAnswer: translate('app.http.network', { message: file.name }),
        onProgress: setShare,
      });
      onChange([...urls, uploaded.src].slice(-max));
    } catch (error) {
      notify(translate('app.files.upload_failed', { name: file.name, message: (error as Error).message }), { type: 'error' });
    } finally {
      setShare(undefined);
    }
  }

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-images={id}>
      {urls.map((url, index) => (
        <Box
          key={`${url}-${index}`}
          sx={
            pictures
              ? { position: 'relative', width: 80, height: 80, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }
              : { position: 'relative', display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, maxWidth: '100%', pr: 4 }
          }
          data-file={url}
        >
          {pictures ? (
            <UploadPreview url={url} size={80} />
          ) : (
            <>
              <UploadThumbnail url={url} accept={accept} />
              <Box component="span" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {fileName(url)}
              </Box>
            </>
          )}
          {!disabled && (
            <IconButton
              size="small"
              aria-label={translate('app.files.clear')}
              onClick={() => onChange(urls.filter((_, i) => i !== index))}
              sx={{
                position: 'absolute',
                top: 2,
                right: 2,
                bgcolor: 'background.paper',
                '&:hover': { bgcolor: 'background.paper' },
                p: 0.25,
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
      {!disabled && urls.length < max && (
        <Button
          id={id}
          variant="outlined"
          size="small"
          startIcon={pictures ? <AddPhotoAlternateIcon /> : <AttachFileIcon />}
          disabled={share !== undefined}
          onClick={() => input.current?.click()}
        >
          {translate(pictures ? 'app.files.upload_image' : 'app.files.upload_file')}
        </Button>
      )}
      {!disabled && urls.length < max && (
        <LibraryPicker accept={accept} disabled={share !== undefined} onPick={(copy) => onChange([...urls, copy.src].slice(-max))} />
      )}
      <input ref={input} type="file" hidden accept={chooserAccept(accept)} onChange={choose} data-testid={`upload-input-${id}`} />
      {share !== undefined && (
        <LinearProgress
          variant="determinate"
          value={share * 100}
          sx={{ width: '100%' }}
          aria-label={translate('app.files.uploading_short')}
        />
      )}
    </Box>
  );
}
