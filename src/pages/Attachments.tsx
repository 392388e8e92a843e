// The attachments library (Settings → Attachments): every uploaded file as a card (its thumbnail
// or type icon, name, size, who sent it and when, and the record that holds it, linked to that
// record's page), filtered by type, holding, days and name, a page at a time. A file no record
// holds may be deleted after the Tip confirm; one a record holds is changed on that record.
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { ATTACHMENT_PATHS, ATTACHMENT_TYPES, type LibraryFile } from '../../kernel/contract/attachments';
import { REPORT_ATTACHMENT } from '../../kernel/contract/uploads';
import { useConfirmCall } from '../forms/useConfirmCall';
import { FileNameLine, FilePreviewBox } from '../resources/files/FileTile';
import { useApiData } from '../resources/statistics/useApiData';
import { useLinks } from '../resources/useLinks';
import { useRouteTitle } from '../routes/useRouteTitle';
import { PageControls } from '../layout/paging/PageControls';

const PAGE_SIZES = [24, 48, 96];
/** Filters side by side: two to a row on a phone, a fixed width on a wider screen. */
const FILTER_WIDTH = { width: { xs: 'calc(50% - 4px)', sm: 180 } };

/** "Attached to Staff Li Wei as Avatar", the record linked to its page where the reader has one. */
function AttachedTo({ attachment }: { attachment: NonNullable<LibraryFile['attachment']> }) {
  const translate = useTranslate();
  const links = useLinks();
  const { resource, recordId, record, as } = attachment;
  const field = as.replace(/^field:/, '');
  const how =
    as === REPORT_ATTACHMENT ? translate('app.attachments.as_report') : translate(`resources.${resource}.fields.${field}`, { _: field });
  const name = `${translate(`resources.${resource}.name`, { smart_count: 1, _: resource })} ${record}`;
  const to = links.open(resource, recordId);
  return (
    <Typography variant="caption" component="p" data-attached-to sx={{ overflowWrap: 'anywhere' }}>
      {translate('app.attachments.attached_to')}{' '}
      {to ? (
        <Link component={RouterLink} to={to}>
          {name}
        </Link>
      ) : (
        name
      )}{' '}
      {translate('app.attachments.as', { how })}
    </Typography>
  );
}

export function Attachments() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = useRouteTitle();
  const [filters, setFilters] = useState({ type: '', attached: '', from: '', to: '', q: '' });
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(PAGE_SIZES[0]);
  const query: Record<string, string | number> = { page: page + 1, limit };
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query[key] = value.trim();
  const { data, error, isPending, refetch } = useApiData<{ list: LibraryFile[]; count: number }>(ATTACHMENT_PATHS.list, query);
  const { confirmCall, dialog } = useConfirmCall();
  const change = (key: keyof typeof filters) => (event: { target: { value: string } }) => {
    setFilters({ ...filters, [key]: event.target.value });
    setPage(0);
  };
  const day = { inputLabel: { shrink: true } };

  async function remove(file: LibraryFile) {
    const done = await confirmCall({
      action: translate('app.attachments.delete_action', { name: file.name }),
      method: 'POST',
      url: ATTACHMENT_PATHS.del,
      ids: [file.id],
    });
    if (done) await refetch();
  }

  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <Title title={title} />
      <Box component="form" role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} onSubmit={(e) => e.preventDefault()}>
        <TextField
          size="small"
          label={translate('app.attachments.search')}
          value={filters.q}
          onChange={change('q')}
          name="q"
          sx={FILTER_WIDTH}
        />
        <TextField
          size="small"
          select
          label={translate('app.attachments.type')}
          value={filters.type}
          onChange={change('type')}
          name="type"
          sx={FILTER_WIDTH}
        >
          <MenuItem value="">{translate('app.attachments.all')}</MenuItem>
          {ATTACHMENT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`app.attachments.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          select
          label={translate('app.attachments.held')}
          value={filters.attached}
          onChange={change('attached')}
          name="attached"
          sx={FILTER_WIDTH}
        >
          <MenuItem value="">{translate('app.attachments.all')}</MenuItem>
          <MenuItem value="1">{translate('app.attachments.attached')}</MenuItem>
          <MenuItem value="0">{translate('app.attachments.unattached')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="date"
          label={translate('app.attachments.from')}
          value={filters.from}
          onChange={change('from')}
          name="from"
          slotProps={day}
          sx={FILTER_WIDTH}
        />
        <TextField
          size="small"
          type="date"
          label={translate('app.attachments.to')}
          value={filters.to}
          onChange={change('to')}
          name="to"
          slotProps={day}
          sx={FILTER_WIDTH}
        />
      </Box>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && data.list.length === 0 && (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate('app.attachments.empty')}
        </Typography>
      )}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
        }}
      >
        {data?.list.map((file) => (
          <Card component="li" key={file.id} data-attachment={file.name} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <FilePreviewBox file={file} height={140} />
            <CardContent sx={{ flex: 1, display: 'flex', gap: 1, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <FileNameLine file={file} />
                <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('app.attachments.by', { who: file.createdBy, when: new Date(file.uploadTime).toLocaleString(locale) })}
                </Typography>
                {file.attachment ? (
                  <AttachedTo attachment={file.attachment} />
                ) : (
                  <Typography variant="caption" color="warning.main" component="p">
                    {translate('app.attachments.not_attached')}
                  </Typography>
                )}
              </Box>
              {!file.attachment && (
                <IconButton
                  size="small"
                  color="error"
                  aria-label={translate('app.files.delete_name', { name: file.name })}
                  onClick={() => void remove(file)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </CardContent>
          </Card>
        ))}
      </Box>
      <PageControls count={data?.count ?? 0} page={page} limit={limit} sizes={PAGE_SIZES} onPage={setPage} onLimit={setLimit} />
      {dialog}
    </Box>
  );
}
