// A per-month entry of a statistics screen: the records of the last months by the month of a date
// (trips by the month they came out of the hole), a column per month, every month shown even when
// empty, and beside it a table of each month's records and their sum or average, with the unit.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useLocaleState, useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { properties } from '../../../kernel/schema/registry';
import { type StatisticsResult, monthMeasure } from '../../../kernel/schema/statistics';
import { useLabels } from '../generic/useLabels';
import { MonthValuesChart } from './lazyCharts';
import { monthName, monthRows } from './rows';
import { EntryCard, TotalsRow } from './EntryCard';

type PerMonth = Extract<StatisticsResult, { perMonth: unknown }>;

/** The titles and headers of a per-month entry, in the reader's language, units in the headers. */
export function useMonthLabels(screenResource: string, result: PerMonth) {
  const translate = useTranslate();
  const resource = result.perMonth.resource ?? screenResource;
  const labels = useLabels(resource);
  const measure = monthMeasure(result.perMonth);
  const plural = translate(`resources.${resource}.name`, { smart_count: 2, _: resource });
  const unit = measure ? labels.unit(properties(registry.resources[resource])[measure.field]) : undefined;
  const withUnit = (text: string) => (unit ? `${text} (${unit})` : text);
  const measureLabel =
    measure &&
    (measure.kind === 'sum' ? labels.field(measure.field) : translate('app.stats.average_of', { field: labels.field(measure.field) }));
  return {
    resource,
    measure,
    unit,
    title: measureLabel ? translate('app.stats.per_month', { what: measureLabel }) : translate('app.stats.per_month', { what: plural }),
    window: translate('app.stats.month_window', { smart_count: result.perMonth.months, field: labels.field(result.perMonth.date) }),
    countHeader: plural,
    valueHeader: measureLabel ? withUnit(measureLabel) : undefined,
  };
}

export function MonthEntry({ resource, result, entryKey }: { resource: string; result: PerMonth; entryKey: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { measure, title, window, countHeader, valueHeader } = useMonthLabels(resource, result);
  const rows = monthRows(result.months, (month) => monthName(month, locale));
  const number = (n: number | null | undefined) =>
    n === null || n === undefined ? '—' : n.toLocaleString(locale, { maximumFractionDigits: 2 });
  const values = rows.map((r) => (measure ? (r.value ?? null) : r.count));
  return (
    <EntryCard
      entryKey={entryKey}
      title={title}
      caption={window}
      chart={<MonthValuesChart months={rows.map((r) => r.label)} values={values} label={valueHeader ?? countHeader} whole={!measure} />}
    >
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.stats.month')}</TableCell>
            <TableCell align="right">{countHeader}</TableCell>
            {valueHeader && <TableCell align="right">{valueHeader}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key} data-month={row.key}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.label}</TableCell>
              <TableCell align="right" data-count>
                {number(row.count)}
              </TableCell>
              {valueHeader && (
                <TableCell align="right" data-value>
                  {number(row.value)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
        <TotalsRow label={translate('app.stats.all_months')}>
          <TableCell align="right" data-total>
            {number(result.total)}
          </TableCell>
          {valueHeader && (
            <TableCell align="right" data-value-total>
              {number(result.value)}
            </TableCell>
          )}
        </TotalsRow>
      </Table>
    </EntryCard>
  );
}
