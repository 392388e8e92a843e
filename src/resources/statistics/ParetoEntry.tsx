// A Pareto entry of a statistics screen: the failed runs of the period counted by their reason,
// most first, as columns with the cumulative share as a line, and beside it the table of each
// reason's count, share and cumulative share. Reasons are put together by the server whatever
// their case and spacing.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../../kernel/schema/statistics';
import { useLabels } from '../generic/useLabels';
import { ParetoChart } from './lazyCharts';
import { shareOf } from './rows';
import { EntryCard, TotalsRow } from './EntryCard';

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
    <EntryCard
      entryKey={entryKey}
      title={title}
      wide
      chartFlex="3 1 320px"
      tableFlex="2 1 320px"
      emptyText={result.total === 0 ? translate('app.stats.no_failures_in_period') : undefined}
      chart={
        <ParetoChart
          labels={result.buckets.map((b) => label(b.value))}
          counts={result.buckets.map((b) => b.count)}
          cumulative={result.buckets.map((b) => b.cumulative)}
          countLabel={translate('app.stats.failures')}
          cumulativeLabel={translate('app.stats.cumulative')}
        />
      }
    >
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
        <TotalsRow label={translate('app.stats.total')}>
          <TableCell align="right" data-total>
            {result.total.toLocaleString(locale)}
          </TableCell>
          <TableCell sx={WIDE_ONLY} />
          <TableCell />
        </TotalsRow>
      </Table>
    </EntryCard>
  );
}
