// The card every statistics entry is drawn in: its title (and a line saying what it counts), then
// its chart and its table side by side, the table under the chart when the card is narrow. An entry
// with nothing to chart says so where the chart would be.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface EntryCardProps {
  /** The key of the entry, carried by the card. */
  entryKey: string;
  title: string;
  /** A line under the title: what the entry counts over. */
  caption?: string;
  /** Whether the card spans the whole row of the screen's grid. */
  wide?: boolean;
  chart: ReactNode;
  /** Said in place of the chart when there is nothing to chart. */
  emptyText?: string;
  /** The flex of the chart's and the table's columns (grow, shrink, basis). */
  chartFlex?: string;
  tableFlex?: string;
  /** The table of the figures. */
  children: ReactNode;
}

export function EntryCard({
  entryKey,
  title,
  caption,
  wide,
  chart,
  emptyText,
  chartFlex = '1 1 260px',
  tableFlex = '1 1 220px',
  children,
}: EntryCardProps) {
  return (
    <Card data-entry={entryKey} sx={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: caption ? 0 : 1 }}>
          {title}
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
            {caption}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: chartFlex, minWidth: 0 }} data-chart>
            {emptyText ? (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {emptyText}
              </Typography>
            ) : (
              chart
            )}
          </Box>
          <Box sx={{ flex: tableFlex, minWidth: 0 }}>{children}</Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The style of a figures table's footer row: the totals, in the body's size and colour, bold. */
const TOTALS_ROW = { '& td': { fontWeight: 600, color: 'text.primary', fontSize: 'inherit' } };

/** A figures table's footer: one row, its label ("Total") first, then the figures given as cells. */
export function TotalsRow({ label, children, ...row }: { label: string; children: ReactNode } & Record<`data-${string}`, unknown>) {
  return (
    <TableFooter sx={TOTALS_ROW}>
      <TableRow {...row}>
        <TableCell>{label}</TableCell>
        {children}
      </TableRow>
    </TableFooter>
  );
}
