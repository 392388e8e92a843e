// One report in the grid: its thumbnail (or an icon of its type) opening the preview, its name,
// size, type and upload time, and buttons to preview, download under its own name, and delete.
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { UploadedFile } from '../../../kernel/contract/uploads';
import { FileKindIcon, kindKey } from './FileKindIcon';
import { ThumbnailImage } from './ThumbnailImage';
import { formatFileSize } from './fileSize';
import { useFileUrl } from './useFileUrl';

const THUMBNAIL_HEIGHT = 132;

export interface ReportCardProps {
  file: UploadedFile;
  time: Intl.DateTimeFormat;
  onPreview: () => void;
  onDelete: () => void;
}

export function ReportCard({ file, time, onPreview, onDelete }: ReportCardProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const thumbnail = useFileUrl(file.thumbnail || undefined);
  const download = useFileUrl(file.url);
  return (
    <Card component="li" variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }} data-testid="report-card">
      {/* The picture opens the preview too; keyboards and screen readers use the button below. */}
      <ButtonBase
        onClick={onPreview}
        tabIndex={-1}
        aria-hidden
        sx={{
          height: THUMBNAIL_HEIGHT,
          bgcolor: 'action.hover',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {file.thumbnail ? thumbnail && <ThumbnailImage src={thumbnail} /> : <FileKindIcon mime={file.type} sx={{ fontSize: 56 }} />}
      </ButtonBase>
      <Box sx={{ px: 1.5, pt: 1, flex: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          title={file.name}
          sx={{
            fontWeight: 500,
            overflowWrap: 'anywhere',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {file.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" title={file.type}>
          {formatFileSize(file.size, locale, translate)} · {translate(kindKey(file.type))}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          <time dateTime={file.uploadTime}>{time.format(new Date(file.uploadTime))}</time>
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 0.5, pb: 0.5 }}>
        <Tooltip title={translate('app.files.preview')}>
          <IconButton size="small" onClick={onPreview} aria-label={translate('app.files.preview_name', { name: file.name })}>
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('app.files.download')}>
          <IconButton
            size="small"
            href={download ?? file.url}
            download={file.name}
            aria-label={translate('app.files.download_name', { name: file.name })}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('ra.action.delete')}>
          <IconButton size="small" color="error" onClick={onDelete} aria-label={translate('app.files.delete_name', { name: file.name })}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Card>
  );
}
