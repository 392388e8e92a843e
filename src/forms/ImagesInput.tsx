// Pictures chosen for a form field: thumbnails of those it holds (each removable), and buttons
// that upload one more, or reuse one from the library, until the field holds `max`. The field
// keeps each upload's URL.
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { type ChangeEvent, useRef, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { FILE_TYPES, type UploadedFile, acceptedExtensions } from '../../kernel/contract/uploads';
import { LibraryPicker } from '../resources/files/LibraryPicker';
import { UploadPreview } from '../resources/files/UploadThumbnail';
import { uploadFile } from '../resources/files/uploadFile';

const IMAGE_ACCEPT = acceptedExtensions('image')
  .flatMap((extension) => [extension, FILE_TYPES[extension].mime])
  .join(',');

export interface ImagesInputProps {
  id: string;
  urls: string[];
  max: number;
  disabled?: boolean;
  onChange: (urls: string[]) => void;
}

export function ImagesInput({ id, urls, max, disabled, onChange }: ImagesInputProps) {
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
          sx={{ position: 'relative', width: 80, height: 80, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
        >
          <UploadPreview url={url} size={80} />
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
          startIcon={<AddPhotoAlternateIcon />}
          disabled={share !== undefined}
          onClick={() => input.current?.click()}
        >
          {translate('app.files.upload_image')}
        </Button>
      )}
      {!disabled && urls.length < max && (
        <LibraryPicker accept="image" disabled={share !== undefined} onPick={(copy) => onChange([...urls, copy.src].slice(-max))} />
      )}
      <input ref={input} type="file" hidden accept={IMAGE_ACCEPT} onChange={choose} data-testid={`upload-input-${id}`} />
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
