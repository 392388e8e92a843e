// The value of an `x-upload` field where records are shown (lists, record pages): the image's
// thumbnail, served small by the server (an image this server did not store is shown as it is),
// or an icon of the file's type linked to the file.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslate } from 'react-admin';
import { FILE_TYPES, type UploadAccept, extensionOf, thumbnailOfUrl } from '../../../kernel/contract/uploads';
import { FileKindIcon } from './FileKindIcon';
import { ThumbnailImage } from './ThumbnailImage';
import { useFileUrl } from './useFileUrl';

/** An image's thumbnail, whole in a square of `size` pixels. */
export function UploadPreview({ url, size }: { url: string; size: number }) {
  const src = useFileUrl(thumbnailOfUrl(url) ?? url);
  return src ? <ThumbnailImage src={src} width={size} height={size} /> : null;
}

export function UploadThumbnail({ url, accept, size = 40 }: { url: string; accept: UploadAccept; size?: number }) {
  const translate = useTranslate();
  const href = useFileUrl(url);
  const mime = FILE_TYPES[extensionOf(url)]?.mime ?? '';
  if (accept === 'image' || mime.startsWith('image/')) {
    return (
      <Box sx={{ width: size, height: size, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
        <UploadPreview url={url} size={size} />
      </Box>
    );
  }
  return (
    <Link
      href={href ?? url}
      target="_blank"
      rel="noopener"
      onClick={(event) => event.stopPropagation()}
      aria-label={translate('app.files.download')}
    >
      <FileKindIcon mime={mime} />
    </Link>
  );
}
