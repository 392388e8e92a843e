// The records of a parent that are written through server-made forms (a group's items), on the
// parent's record page: the columns the server's header call gives (pictures as thumbnails, the
// status as a switch), an Add button and, on each row, Edit and Delete. Forms open in
// FormDialog; the switch and Delete ask first through the confirm-then-call helper.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type RaRecord, RecordContextProvider, useGetManyReference, useTranslate } from 'react-admin';
import { registry } from '../../kernel/schema/load-vite';
import { parentParam as parentParamOf } from '../../kernel/schema/query';
import { properties } from '../../kernel/schema/registry';
import type { ResourceSchema } from '../../kernel/schema/types';
import { request } from '../api/http';
import { UploadPreview, UploadThumbnail } from '../resources/files/UploadThumbnail';
import { ValueField } from '../resources/generic/ValueField';
import type { PanelProps } from '../resources/record/panels';
import { FormDialog } from './FormDialog';
import { useConfirmCall } from './useConfirmCall';
import { PageControls } from '../layout/paging/PageControls';

interface HeaderItem {
  key?: string;
  slot?: string;
  title: string;
  minWidth: number;
  type?: string;
}

/** The resource whose records this parent's forms write, if any. */
function formChildOf(parent: string): [string, ResourceSchema] | undefined {
  return Object.entries(registry.resources).find(
    ([, schema]) => schema['x-resource'].forms && schema['x-resource'].parent?.resource === parent,
  );
}

const PER_PAGE_CHOICES = [10, 20, 50];

function Cell({ item, row, child, schema }: { item: HeaderItem; row: RaRecord; child: string; schema: ResourceSchema }) {
  const value = item.key ? row[item.key] : undefined;
  if (item.type === 'image') {
    const urls = (Array.isArray(value) ? value : [value]).filter((url): url is string => typeof url === 'string' && url !== '');
    return (
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        {urls.map((url) => (
          <Box key={url} sx={{ width: 48, height: 48, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
            <UploadPreview url={url} size={48} />
          </Box>
        ))}
      </Box>
    );
  }
  // A file field's document: its kind's icon, opened in a new tab (a picture shows itself).
  if (item.type === 'file' && typeof value === 'string' && value !== '') return <UploadThumbnail url={value} accept="any" size={48} />;
  const own = item.key ? properties(schema)[item.key] : undefined;
  if (own && item.key) return <ValueField source={item.key} resource={child} schema={own} withUnit />;
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return <>{value ? '✓' : '—'}</>;
  return <>{Array.isArray(value) ? value.join(', ') : String(value)}</>;
}

export function FormRecordsPanel({ resource, record }: PanelProps) {
  const translate = useTranslate();
  const found = formChildOf(resource);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(PER_PAGE_CHOICES[1]);
  const [open, setOpen] = useState<{ path: string; query: Record<string, string | number> }>();
  const { confirmCall, dialog } = useConfirmCall();
  const [child, schema] = found ?? ['', undefined];
  const meta = schema?.['x-resource'];
  const parentParam = (schema && parentParamOf(schema)) ?? '';
  const header = useQuery({
    queryKey: ['form-header', child, record.id],
    queryFn: async () =>
      (await request<{ header: HeaderItem[] }>(meta!.forms!.header, { query: { [parentParam]: String(record.id) } })).data.header,
    enabled: Boolean(meta),
  });
  const rows = useGetManyReference(
    child,
    {
      target: meta?.parent?.field ?? '',
      id: record.id,
      pagination: { page, perPage },
      sort: meta?.list.sort ?? { field: 'id', order: 'ASC' },
    },
    { enabled: Boolean(meta) },
  );
  if (!schema || !meta?.forms) return null;
  const forms = meta.forms;
  const del = meta.endpoints.del;
  const status = forms.status;
  const refresh = () => void rows.refetch();

  const switchStatus = async (row: RaRecord, on: boolean) => {
    if (!status) return;
    const [shown, hidden] = properties(schema)[status.field]?.enum ?? [1, 0];
    const done = await confirmCall({
      action: translate(on ? 'app.forms.show_item' : 'app.forms.hide_item'),
      method: 'POST',
      url: status.path,
      body: { id: row.id, [status.field]: on ? shown : hidden },
    });
    if (done) refresh();
  };
  const remove = async (row: RaRecord) => {
    if (!del) return;
    if (await confirmCall({ action: translate('app.forms.delete_item'), method: del.method, url: del.path, ids: [row.id] })) refresh();
  };

  return (
    <Box data-form-records={child}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setOpen({ path: forms.add.form, query: { [parentParam]: String(record.id) } })}
        >
          {translate('app.forms.add')}
        </Button>
      </Box>
      {(header.isPending || rows.isPending) && <LinearProgress />}
      {header.isError && <Alert severity="error">{header.error.message || '--'}</Alert>}
      {header.data && (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {header.data.map((item) => (
                  <TableCell key={item.key ?? item.slot} sx={{ minWidth: item.minWidth, fontWeight: 600 }}>
                    {item.title}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows.data ?? []).map((row) => (
                <RecordContextProvider key={row.id} value={row}>
                  <TableRow hover data-row={row.id}>
                    {header.data.map((item) => (
                      <TableCell key={item.key ?? item.slot}>
                        {item.slot === 'action' ? (
                          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                            <Button
                              size="small"
                              startIcon={<EditIcon />}
                              onClick={() => setOpen({ path: forms.edit.form, query: { id: String(row.id) } })}
                            >
                              {translate('ra.action.edit')}
                            </Button>
                            {del && (
                              <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => void remove(row)}>
                                {translate('ra.action.delete')}
                              </Button>
                            )}
                          </Box>
                        ) : item.slot && item.slot === status?.field ? (
                          <Switch
                            checked={row[item.slot] === (properties(schema)[item.slot]?.enum ?? [1])[0]}
                            onChange={(_e, on) => void switchStatus(row, on)}
                            inputProps={{ 'aria-label': `${item.title} #${row.id}` }}
                          />
                        ) : (
                          <Cell item={item} row={row} child={child} schema={schema} />
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                </RecordContextProvider>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rows.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {translate('app.forms.empty')}
        </Typography>
      )}
      <PageControls
        count={rows.total ?? 0}
        page={page - 1}
        limit={perPage}
        sizes={PER_PAGE_CHOICES}
        onPage={(next) => setPage(next + 1)}
        onLimit={setPerPage}
      />
      {open && (
        <FormDialog
          definitionPath={open.path}
          query={open.query}
          onClose={() => setOpen(undefined)}
          onSaved={() => {
            setOpen(undefined);
            refresh();
          }}
        />
      )}
      {dialog}
    </Box>
  );
}
