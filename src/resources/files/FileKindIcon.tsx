// An icon for a file by its type, where there is no thumbnail: PDF, word processing, spreadsheet,
// presentation, text, or any other file.
import ArticleIcon from '@mui/icons-material/Article';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import TableChartIcon from '@mui/icons-material/TableChart';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { kindOfMime } from '../../../kernel/contract/uploads';

/** The icon and its colour for a content type. */
function iconOf(mime: string): [typeof ImageIcon, SvgIconProps['color']] {
  if (/spreadsheet|excel|csv/.test(mime)) return [TableChartIcon, 'success'];
  if (/presentation|powerpoint/.test(mime)) return [SlideshowIcon, 'warning'];
  switch (kindOfMime(mime)) {
    case 'image':
      return [ImageIcon, 'info'];
    case 'pdf':
      return [PictureAsPdfIcon, 'error'];
    case 'office':
      return [DescriptionIcon, 'primary'];
    case 'text':
      return [ArticleIcon, 'action'];
    default:
      return [InsertDriveFileIcon, 'action'];
  }
}

export function FileKindIcon({ mime, ...props }: { mime: string } & SvgIconProps) {
  const [Icon, color] = iconOf(mime);
  return <Icon color={color} {...props} />;
}

/** The message key naming a file's kind for people (app.files.kinds.*). */
export function kindKey(mime: string): string {
  if (/spreadsheet|excel/.test(mime)) return 'app.files.kinds.spreadsheet';
  if (/presentation|powerpoint/.test(mime)) return 'app.files.kinds.presentation';
  if (/csv/.test(mime)) return 'app.files.kinds.csv';
  return `app.files.kinds.${kindOfMime(mime) ?? 'other'}`;
}
