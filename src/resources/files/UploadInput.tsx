// The form input of an `x-upload` field: a preview of the file the field names (an image's
// thumbnail, else an icon of its type), a button to upload one (the field then holds its URL)
// with the allowed types and size beside it and the progress while it goes, one to reuse a file
// from the library (LibraryPicker.tsx), and one to clear it.
// The server keeps the upload for the record once the record is saved.
import DeleteIcon from '@mui/icons-material/Delete';
import ImageIcon from '@mui/icons-material/Image';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useNotify, useResourceContext, useTranslate } from 'react-admin';
import {
  FILE_TYPES,
  type UploadAccept,
  type UploadLimits,
  type UploadedFile,
  acceptedExtensions,
  extensionOf,
} from '../../../kernel/contract/uploads';
import { request } from '../../api/http';
import { FileKindIcon } from './FileKindIcon';
import { LibraryPicker } from './LibraryPicker';
import { formatFileSize } from './fileSize';
import { UploadPreview } from './UploadThumbnail';
import { uploadFile } from './uploadFile';

export interface UploadInputProps {
  source: string;
  accept: UploadAccept;
  isRequired?: boolean;
  disabled?: boolean;
  helperText?: string | false;
}

/** What the file chooser offers: the field's extensions and their content types. */
const acceptAttribute = (accept: UploadAccept) =>
  acceptedExtensions(accept)
    .flatMap((extension) => [extension, FILE_TYPES[extension].mime.split(';')[0]])
    .join(',');

export function UploadInput({ source, accept, isRequired, disabled, helperText }: UploadInputProps) {
  const { field, fieldState, isRequired: required } = useInput({ source, isRequired });
  const resource = useResourceContext();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [share, setShare] = useState<number | undefined>();
  const limits = useQuery({
    queryKey: ['upload-limits'],
    queryFn: async () => (await request<UploadLimits>('/upload')).data,
    staleTime: Infinity,
  });
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : undefined;
  const extensions = acceptedExtensions(accept);

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
      field.onChange(uploaded.url);
    } catch (error) {
      notify(translate('app.files.upload_failed', { name: file.name, message: (error as Error).message }), { type: 'error' });
    } finally {
      setShare(undefined);
    }
  }

  return (
    <Box sx={{ mb: 2 }} role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} error={fieldState.invalid} sx={{ display: 'block', mb: 1, fontSize: '0.85rem' }}>
        <FieldTitle source={source} resource={resource} isRequired={required} />
      </FormLabel>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            flex: 'none',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {value ? (
            accept === 'image' ? (
              <UploadPreview url={value} size={96} />
            ) : (
              <FileKindIcon mime={FILE_TYPES[extensionOf(value)]?.mime ?? ''} sx={{ fontSize: 48 }} />
            )
          ) : (
            <ImageIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: '1 1 180px' }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<UploadFileIcon />}
              disabled={disabled || share !== undefined}
              onClick={() => input.current?.click()}
            >
              {translate(value ? 'app.files.replace' : accept === 'image' ? 'app.files.upload_image' : 'app.files.upload_file')}
            </Button>
            <LibraryPicker accept={accept} disabled={disabled || share !== undefined} onPick={(copy) => field.onChange(copy.url)} />
            {value && !required && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                disabled={disabled || share !== undefined}
                onClick={() => field.onChange(null)}
              >
                {translate('app.files.clear')}
              </Button>
            )}
          </Box>
          <input ref={input} type="file" hidden accept={acceptAttribute(accept)} onChange={choose} data-testid={`upload-input-${source}`} />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {translate('app.files.limits', {
              types: extensions.map((e) => e.slice(1).toUpperCase()).join(', '),
              size: limits.data ? formatFileSize(limits.data.maxBytes, locale, translate) : '…',
            })}
          </Typography>
          {share !== undefined && (
            <LinearProgress variant="determinate" value={share * 100} sx={{ mt: 1 }} aria-label={translate('app.files.uploading_short')} />
          )}
        </Box>
      </Box>
      <FormHelperText error={fieldState.invalid} component="div">
        <InputHelperText error={fieldState.error?.message} helperText={helperText} />
      </FormHelperText>
    </Box>
  );
}
