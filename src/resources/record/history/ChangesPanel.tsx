// The changes of one operation log entry as a diff: each field, labelled as the console labels
// it on its own record's screens, with its value before and after.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';
import { useLabels } from '../../generic/useLabels';
import type { PanelProps } from '../panels';
import { readChanges, valueText } from './changeText';

export function ChangesPanel({ record }: PanelProps) {
  const translate = useTranslate();
  const labels = useLabels(String(record.resource ?? ''));
  const rows = readChanges(record.changes);
  if (rows.length === 0)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('app.history.no_changes')}
      </Typography>
    );
  const shown = (value: unknown, present: boolean) =>
    present ? (
      valueText(value, translate)
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
                {shown(row.before, row.hasBefore)}
              </TableCell>
              <TableCell sx={{ color: 'success.main', overflowWrap: 'anywhere' }}>{shown(row.after, row.hasAfter)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
