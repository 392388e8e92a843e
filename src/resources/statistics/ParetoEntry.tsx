// A Pareto entry of a statistics screen: the failed runs of the period counted by their reason,
// most first, as columns with the cumulative share as a line, and beside it the table of each
// reason's count, share and cumulative share. Reasons are put together by the server whatever
// their case and spacing.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../../kernel/schema/statistics';
import { useLabels } from '../generic/useLabels';
import { ParetoChart } from './lazyCharts';
import { shareOf } from './rows';

type Pareto = Extract<StatisticsResult, { pareto: unknown }>;

/** A phone leaves out each reason's own share (the cumulative one is the Pareto's), so that the reasons keep room to be read. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } };

export function ParetoEntry({ result, entryKey }: { result: Pareto; entryKey: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const labels = useLabels(result.pareto.resource);
  const reasonHeader = labels.field(result.pareto.field);
  const title = translate('app.stats.pareto_of', { field: reasonHeader });
  const label = (value: string | null) => value ?? translate('app.stats.no_reason');
  const percent = (n: number) => `${n.toLocaleString(locale, { maximumFractionDigits: 1 })}%`;
  return (
    <Card data-entry={entryKey} sx={{ minWidth: 0, gridColumn: '1 / -1' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flex: '3 1 320px', minWidth: 0 }} data-chart>
            {result.total === 0 ? (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                {translate('app.stats.no_failures_in_period')}
              </Typography>
            ) : (
              <ParetoChart
                labels={result.buckets.map((b) => label(b.value))}
                counts={result.buckets.map((b) => b.count)}
                cumulative={result.buckets.map((b) => b.cumulative)}
                countLabel={translate('app.stats.failures')}
                cumulativeLabel={translate('app.stats.cumulative')}
              />
            )}
          </Box>
          <Box sx={{ flex: '2 1 320px', minWidth: 0 }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{reasonHeader}</TableCell>
                  <TableCell align="right">{translate('app.stats.failures')}</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    {translate('app.stats.share')}
                  </TableCell>
                  <TableCell align="right">{translate('app.stats.cumulative')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.buckets.map((b) => (
                  <TableRow key={b.value ?? ''} data-value={b.value ?? ''}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{label(b.value)}</TableCell>
                    <TableCell align="right" data-count>
                      {b.count.toLocaleString(locale)}
                    </TableCell>
                    <TableCell align="right" sx={{ ...WIDE_ONLY, color: 'text.secondary' }}>
                      {shareOf(b.count, result.total)}%
                    </TableCell>
                    <TableCell align="right" data-cumulative>
                      {percent(b.cumulative)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <TableFooter sx={{ '& td': { fontWeight: 600, color: 'text.primary', fontSize: 'inherit' } }}>
                <TableRow>
                  <TableCell>{translate('app.stats.total')}</TableCell>
                  <TableCell align="right" data-total>
                    {result.total.toLocaleString(locale)}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY} />
                  <TableCell />
                </TableRow>
              </TableFooter>
            </Table>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
