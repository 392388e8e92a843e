// The changes of one operation log entry as a diff: each field, labelled as the console labels
// it on its own record's screens, with its value before and after written as lists write it
// (an option by its label, a reference by its record's name, a number with its unit).
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useI18nProvider, useTranslate } from 'react-admin';
import { registry } from '../../../../kernel/schema/load-vite';
import { field } from '../../../../kernel/schema/registry';
import { useChoices } from '../../generic/choices';
import { useLabels } from '../../generic/useLabels';
import { plainValue } from '../../generic/ValueField';
import type { PanelProps } from '../panels';
import { readChanges } from './changeText';

/** One value a field held, as the field's schema writes it (a field no schema knows any more, as it is). */
function ChangeValue({ resource, path, value }: { resource: string; path: string; value: unknown }) {
  const translate = useTranslate();
  const locale = useI18nProvider().getLocale();
  const schema = registry.resources[resource];
  const fieldSchema = (schema && field(schema, path)?.schema) || {};
  const choices = useChoices(resource, path, fieldSchema);
  return plainValue({ value, schema: fieldSchema, withUnit: true, choices }, translate, locale);
}

export function ChangesPanel({ record }: PanelProps) {
  const translate = useTranslate();
  const resource = String(record.resource ?? '');
  const labels = useLabels(resource);
  const rows = readChanges(record.changes);
  if (rows.length === 0)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('app.history.no_changes')}
      </Typography>
    );
  const shown = (path: string, value: unknown, present: boolean) =>
    present ? (
      <ChangeValue resource={resource} path={path} value={value} />
    ) : (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        {translate('app.history.none')}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.history.changes')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.history.field')}</TableCell>
            <TableCell>{translate('app.history.before')}</TableCell>
            <TableCell>{translate('app.history.after')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.path} data-path={row.path}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {labels.field(row.path)}
              </TableCell>
              <TableCell
                sx={{
                  color: 'error.main',
                  textDecoration: row.hasBefore && row.hasAfter ? 'line-through' : undefined,
                  overflowWrap: 'anywhere',
                }}
              >
                {shown(row.path, row.before, row.hasBefore)}
              </TableCell>
              <TableCell sx={{ color: 'success.main', overflowWrap: 'anywhere' }}>{shown(row.path, row.after, row.hasAfter)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
