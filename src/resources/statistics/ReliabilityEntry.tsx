// A reliability entry of a statistics screen: the runs of the period grouped by a field (instrument
// type, brand, hole size, fluid type), each group's failures per 1,000 hours as a bar, and beside it
// a table of runs, failed runs, hours, failures per 1,000 h and mean time between failures.
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import type { ReliabilityFigures, StatisticsResult } from '../../../kernel/schema/statistics';
import { useLabels } from '../generic/useLabels';
import { CountChart } from './lazyCharts';
import { useGroupRows } from './useEntryRows';
import { EntryCard, TotalsRow } from './EntryCard';

type Reliability = Extract<StatisticsResult, { reliability: unknown }>;

const FIGURES = ['runs', 'failures', 'hours', 'perThousandHours', 'mtbf'] as const;

export function ReliabilityEntry({ result, entryKey }: { result: Reliability; entryKey: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { resource, by } = result.reliability;
  const labels = useLabels(resource);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // By the rows' keys: the value as text, "" for none.
  const figuresOf = new Map(result.buckets.map((b) => [b.value === null ? '' : String(b.value), b]));
  // Every option of the field is listed, those without runs too: labelled and ordered as everywhere else.
  const rows = useGroupRows(
    resource,
    registry.resources[resource],
    by,
    result.buckets.map((b) => ({ value: b.value, count: b.runs })),
  ).map((row) => {
    const figures = figuresOf.get(row.key);
    return { ...row, figures, sum: figures?.perThousandHours ?? 0 };
  });
  const number = (n: number | null | undefined, digits = 2) =>
    n === null || n === undefined ? '—' : n.toLocaleString(locale, { maximumFractionDigits: digits });
  const headers: Record<(typeof FIGURES)[number], string> = {
    runs: translate('app.stats.runs'),
    failures: translate('app.stats.failures'),
    hours: translate('app.stats.hours'),
    perThousandHours: translate('app.stats.per_thousand_hours'),
    mtbf: translate('app.stats.mtbf'),
  };
  const title = translate('app.stats.reliability_by', { field: labels.field(by) });
  const cells = (figures: ReliabilityFigures) =>
    FIGURES.map((name) => (
      <TableCell key={name} align="right" data-figure={name}>
        {number(figures[name], name === 'runs' || name === 'failures' ? 0 : 2)}
      </TableCell>
    ));
  const empty = result.total.runs === 0;
  const zero: ReliabilityFigures = { runs: 0, failures: 0, hours: 0, perThousandHours: null, mtbf: null };
  return (
    <EntryCard
      entryKey={entryKey}
      title={title}
      wide
      chartFlex="1 1 280px"
      tableFlex="2 1 480px"
      emptyText={empty ? translate('app.stats.no_runs_in_period') : undefined}
      chart={<CountChart rows={rows} label={headers.perThousandHours} kind="bar" fractional />}
    >
      {phone ? (
        // On a phone each group is a block of its figures, one a line, rather than a table wider than the screen.
        <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {[
            ...rows.map((row) => ({ key: row.key, label: row.label, figures: row.figures ?? zero })),
            { key: 'total', label: translate('app.stats.total'), figures: result.total },
          ].map((item) => (
            <Box component="li" key={item.key} data-value={item.key} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {item.label}
              </Typography>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, m: 0 }}>
                {FIGURES.map((name) => (
                  <Fragment key={name}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {headers[name]}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }} data-figure={name}>
                      {number(item.figures[name], name === 'runs' || name === 'failures' ? 0 : 2)}
                    </Typography>
                  </Fragment>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{labels.field(by)}</TableCell>
              {FIGURES.map((name) => (
                <TableCell key={name} align="right" title={name === 'mtbf' ? translate('app.stats.mtbf_help') : undefined}>
                  {headers[name]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.key} data-value={row.key}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.label}</TableCell>
                {cells(row.figures ?? zero)}
              </TableRow>
            ))}
          </TableBody>
          <TotalsRow label={translate('app.stats.total')} data-total>
            {cells(result.total)}
          </TotalsRow>
        </Table>
      )}
    </EntryCard>
  );
}
