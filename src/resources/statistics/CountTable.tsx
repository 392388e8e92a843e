// The numbers beside a chart: each value with its colour, count (and sum, when the entry adds up
// a field) and share of what the chart shows, and the totals.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useLocaleState, useTranslate } from 'react-admin';
import { type ChartRow, measureOf, shareOf } from './rows';
import { TotalsRow } from './EntryCard';

interface CountTableProps {
  rows: ChartRow[];
  title: string;
  valueHeader: string;
  /** The header of the sums' column ("Total footage (m)"), when the rows carry sums. */
  sumHeader?: string;
  /** The sum over every record, as the server worked it out (the rows' sums are rounded). */
  sumTotal?: number;
}

export function CountTable({ rows, title, valueHeader, sumHeader, sumTotal }: CountTableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const total = rows.reduce((all, r) => all + r.count, 0);
  const totalMeasure = rows.reduce((all, r) => all + measureOf(r), 0);
  const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 2 });
  return (
    <Table size="small" aria-label={title}>
      <TableHead>
        {/* The numbers' headers are short words: kept on one line, never split a character a line. */}
        <TableRow sx={{ '& th[align="right"], & th.MuiTableCell-alignRight': { whiteSpace: 'nowrap' } }}>
          <TableCell>{valueHeader}</TableCell>
          <TableCell align="right">{translate('app.stats.count')}</TableCell>
          {sumHeader && <TableCell align="right">{sumHeader}</TableCell>}
          <TableCell align="right">{translate('app.stats.share')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key} data-value={row.key}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>
              {row.color && (
                <Box
                  component="span"
                  sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '2px', bgcolor: row.color, mr: 1 }}
                />
              )}
              {row.label}
            </TableCell>
            <TableCell align="right" data-count>
              {number(row.count)}
            </TableCell>
            {sumHeader && (
              <TableCell align="right" data-sum>
                {number(row.sum ?? 0)}
              </TableCell>
            )}
            <TableCell align="right" sx={{ color: 'text.secondary' }}>
              {shareOf(measureOf(row), totalMeasure)}%
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TotalsRow label={translate('app.stats.total')}>
        <TableCell align="right" data-total>
          {number(total)}
        </TableCell>
        {sumHeader && (
          <TableCell align="right" data-sum-total>
            {number(sumTotal ?? totalMeasure)}
          </TableCell>
        )}
        <TableCell />
      </TotalsRow>
    </Table>
  );
}
