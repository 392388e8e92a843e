// The filled-in forms of a record (an instrument's dossiers), on its record page: each with the
// template's name and revision it was filled with, who filled it and when; "Fill in" chooses a
// template and opens its form as it is now; a dossier opens read-only with the fields it was
// filled with, and prints on its own. A dossier can be withdrawn (kept, marked no longer valid)
// and restored; that and deleting ask first ("Tip").
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import PrintIcon from '@mui/icons-material/Print';
import RestoreIcon from '@mui/icons-material/Restore';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Suspense, lazy, useState } from 'react';
import { type RaRecord, RecordContextProvider, useGetList, useGetManyReference, useLocaleState, useTranslate } from 'react-admin';
import { rulesOf } from '../../kernel/forms/definitions';
import type { FieldDefinition } from '../../kernel/forms/types';
import { registry } from '../../kernel/schema/load-vite';
import { parentParam as parentParamOf } from '../../kernel/schema/query';
import { properties } from '../../kernel/schema/registry';
import type { FillsSpec, ResourceSchema } from '../../kernel/schema/types';
import { ValueField } from '../resources/generic/ValueField';
import type { PanelProps } from '../resources/record/panels';
import { FormDialog } from './FormDialog';
import { RecordPdfButtons } from '../resources/pdf/RecordPdfButtons';
import { useConfirmCall } from './useConfirmCall';

const ServerForm = lazy(() => import('./ServerForm'));

/** The resource whose records are this parent's filled-in forms, if any. */
function filledChildOf(parent: string): [string, ResourceSchema, FillsSpec] | undefined {
  for (const [name, schema] of Object.entries(registry.resources)) {
    const fills = schema['x-resource'].fills;
    if (fills && schema['x-resource'].parent?.resource === parent) return [name, schema, fills];
  }
  return undefined;
}

/** Prints the dossier alone: everything else on the page is left off the paper. */
const PRINT_ONLY_DOSSIER = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        '[data-print-root], [data-print-root] *': { visibility: 'visible' },
        '[data-print-root]': { position: 'absolute', inset: 0, padding: 24 },
        '[data-print-hide]': { display: 'none !important' },
      },
    }}
  />
);

function FilledView({ row, spec, onClose }: { row: RaRecord; spec: FillsSpec; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const fields = (row[spec.fields] ?? []) as FieldDefinition[];
  const values = (row[spec.values] ?? {}) as Record<string, unknown>;
  const when = row.add_time ? new Date(String(row.add_time)).toLocaleString(locale) : '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="filled-title" data-filled-view={row.id}>
      {PRINT_ONLY_DOSSIER}
      <Box data-print-root>
        <DialogTitle id="filled-title">
          {String(row.name ?? '')} · {translate('app.dossiers.revision', { revision: row[spec.revision] ?? 1 })}
        </DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('app.dossiers.filled_by', { name: String(row[spec.by] ?? '—'), time: when })}
          </Typography>
          <Suspense fallback={<CircularProgress size={24} />}>
            <ServerForm rules={rulesOf(fields, values)} values={values} readOnly />
          </Suspense>
        </DialogContent>
      </Box>
      <DialogActions data-print-hide>
        <Button startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('app.dossiers.print')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function FilledFormsPanel({ resource, record }: PanelProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const found = filledChildOf(resource);
  const [child, schema, spec] = found ?? ['', undefined, undefined];
  const templateResource = schema && spec ? (properties(schema)[spec.template]?.['x-ref'] ?? '') : '';
  const [choosing, setChoosing] = useState(false);
  const [template, setTemplate] = useState<string>('');
  const [filling, setFilling] = useState<string>();
  const [viewing, setViewing] = useState<RaRecord>();
  const { confirmCall, dialog } = useConfirmCall();
  const meta = schema?.['x-resource'];
  const rows = useGetManyReference(
    child,
    {
      target: meta?.parent?.field ?? '',
      id: record.id,
      pagination: { page: 1, perPage: 100 },
      sort: meta?.list.sort ?? { field: 'id', order: 'DESC' },
    },
    { enabled: Boolean(meta) },
  );
  const templates = useGetList(
    templateResource,
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: choosing && Boolean(templateResource) },
  );
  if (!schema || !spec || !meta) return null;
  const parentParam = parentParamOf(schema)!;
  const del = meta.endpoints.del;
  const refresh = () => void rows.refetch();
  const status = spec.status;
  const statusValues = status ? (properties(schema)[status.field]?.enum ?? []) : [];
  /** Withdraws a valid dossier or makes a withdrawn one valid again, after the "Tip" question. */
  const switchStatus = async (row: RaRecord, restore: boolean) => {
    if (!status) return;
    const done = await confirmCall({
      action: translate(restore ? 'app.dossiers.restore_action' : 'app.dossiers.withdraw_action'),
      method: 'POST',
      url: status.path,
      body: { id: row.id, [status.field]: statusValues[restore ? 0 : 1] },
    });
    if (done) refresh();
  };

  return (
    <Box data-filled-forms={child}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setChoosing(true)}>
          {translate('app.dossiers.fill')}
        </Button>
      </Box>
      {rows.isPending && <LinearProgress />}
      {rows.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {translate('app.dossiers.empty')}
        </Typography>
      )}
      <List dense disablePadding>
        {(rows.data ?? []).map((row) => {
          const withdrawn = status !== undefined && row[status.field] === statusValues[1];
          return (
            <ListItem
              key={row.id}
              divider
              data-row={row.id}
              data-status={status ? String(row[status.field]) : undefined}
              sx={{ flexWrap: 'wrap', gap: 1, px: 1 }}
            >
              <ListItemText
                sx={{ flex: '1 1 16rem', minWidth: 0, opacity: withdrawn ? 0.6 : 1 }}
                primary={`${String(row.name ?? '')} · ${translate('app.dossiers.revision', { revision: row[spec.revision] ?? 1 })}`}
                secondary={translate('app.dossiers.filled_by', {
                  name: String(row[spec.by] ?? '—'),
                  time: row.add_time ? new Date(String(row.add_time)).toLocaleString(locale) : '',
                })}
              />
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
                {status && (
                  <RecordContextProvider value={row}>
                    <ValueField source={status.field} resource={child} schema={properties(schema)[status.field]} />
                  </RecordContextProvider>
                )}
                <Button size="small" startIcon={<VisibilityIcon />} onClick={() => setViewing(row)}>
                  {translate('ra.action.show')}
                </Button>
                <RecordPdfButtons resource={child} id={row.id} />
                {status && (
                  <Button
                    size="small"
                    startIcon={withdrawn ? <RestoreIcon /> : <BlockIcon />}
                    onClick={() => void switchStatus(row, withdrawn)}
                  >
                    {translate(withdrawn ? 'app.dossiers.restore' : 'app.dossiers.withdraw')}
                  </Button>
                )}
                {del && (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={async () => {
                      if (await confirmCall({ action: translate('app.dossiers.delete'), method: del.method, url: del.path, ids: [row.id] }))
                        refresh();
                    }}
                  >
                    {translate('ra.action.delete')}
                  </Button>
                )}
              </Box>
            </ListItem>
          );
        })}
      </List>
      {choosing && (
        <Dialog open onClose={() => setChoosing(false)} fullWidth maxWidth="xs" aria-labelledby="choose-template-title">
          <DialogTitle id="choose-template-title">{translate('app.dossiers.choose')}</DialogTitle>
          <DialogContent>
            <TextField
              select
              fullWidth
              sx={{ mt: 1 }}
              label={translate(`resources.${templateResource}.name`, { smart_count: 1 })}
              value={template}
              onChange={(event) => setTemplate(event.target.value)}
            >
              {(templates.data ?? []).map((t) => (
                <MenuItem key={t.id} value={String(t.id)}>
                  {String(t[registry.resources[templateResource]['x-resource'].recordRepresentation] ?? t.id)}
                </MenuItem>
              ))}
            </TextField>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setChoosing(false)}>{translate('ra.action.cancel')}</Button>
            <Button
              variant="contained"
              disabled={!template}
              onClick={() => {
                setChoosing(false);
                setFilling(template);
              }}
            >
              {translate('app.dossiers.fill')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {filling && (
        <FormDialog
          definitionPath={spec.form}
          query={{ tid: filling, [parentParam]: String(record.id) }}
          onClose={() => setFilling(undefined)}
          onSaved={() => {
            setFilling(undefined);
            refresh();
          }}
        />
      )}
      {viewing && <FilledView row={viewing} spec={spec} onClose={() => setViewing(undefined)} />}
      {dialog}
    </Box>
  );
}
