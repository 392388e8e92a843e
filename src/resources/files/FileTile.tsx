// The top of a file's card in the attachments library and the picker: the image's thumbnail
// whole in a box, or a large icon of the file's type; and the file's name and size under it.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { UploadedFile } from '../../../kernel/contract/uploads';
import { FileKindIcon } from './FileKindIcon';
import { ThumbnailImage } from './ThumbnailImage';
import { formatFileSize } from './fileSize';
import { useFileUrl } from './useFileUrl';

export function FilePreviewBox({ file, height }: { file: UploadedFile; height: number }) {
  const src = useFileUrl(file.thumbnail || undefined);
  return (
    <Box sx={{ height, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
      {file.thumbnail ? src && <ThumbnailImage src={src} /> : <FileKindIcon mime={file.type} sx={{ fontSize: height / 2.5 }} />}
    </Box>
  );
}

/** The file's name (whole on hover) and its size with its unit. */
export function FileNameLine({ file }: { file: UploadedFile }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Typography variant="body2" noWrap title={file.name} sx={{ fontWeight: 500 }}>
        {file.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {formatFileSize(file.size, locale, translate)}
      </Typography>
    </>
  );
}
