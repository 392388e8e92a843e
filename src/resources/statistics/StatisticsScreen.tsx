// The statistics screen of a resource (`resource:<name>:statistics`): every entry of its
// `x-resource.statistics`, answered by one call, each drawn as a chart with its numbers beside it.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { type Period, type StatisticsAnswer, type StatisticsResult, entryKey, isPeriodEntry } from '../../../kernel/schema/statistics';
import { useRouteTitle } from '../../routes/useRouteTitle';
import { useSchema } from '../generic/useSchema';
import { GroupEntry, RangeEntry } from './CountEntry';
import { ExpiringEntry } from './ExpiringEntry';
import { MonthEntry } from './MonthEntry';
import { ParetoEntry } from './ParetoEntry';
import { PeriodBar, defaultPeriod, periodQuery } from './PeriodBar';
import { ReliabilityEntry } from './ReliabilityEntry';
import { useApiData } from './useApiData';

export function StatisticsScreen() {
  const { resource, schema } = useSchema();
  const translate = useTranslate();
  const title = useRouteTitle();
  const spec = schema['x-resource'].statistics;
  const periodic = spec?.entries.some(isPeriodEntry) ?? false;
  const [period, setPeriod] = useState<Period>(defaultPeriod);
  const { data, error, isPending, refetch } = useApiData<StatisticsAnswer>(
    spec?.path ?? '',
    periodic ? periodQuery(period) : undefined,
    true,
  );
  return (
    <Box sx={{ mt: 1, minWidth: 0 }} data-statistics={resource}>
      <Title title={title ?? translate(`resources.${resource}.name`, { smart_count: 2 })} />
      {periodic && <PeriodBar period={period} onChange={setPeriod} />}
      {isPending && <LinearProgress />}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {translate('app.stats.load_failed', { message: error.message })}
        </Alert>
      )}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
          {data.entries.map((entry) => (
            <Entry key={entryKey(entry)} resource={resource} entry={entry} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One entry of the answer, drawn as its kind is. */
function Entry({ resource, entry }: { resource: string; entry: StatisticsResult }) {
  const key = entryKey(entry);
  if ('groupBy' in entry) {
    // The records counted may be another resource's (a crew's wells): labelled as that resource labels them.
    const counted = entry.resource ?? resource;
    return (
      <GroupEntry
        resource={counted}
        schema={registry.resources[counted]}
        field={entry.groupBy}
        buckets={entry.buckets}
        sum={entry.sum}
        sumTotal={entry.sumTotal}
        entryKey={key}
      />
    );
  }
  if ('histogram' in entry)
    return (
      <RangeEntry
        resource={resource}
        schema={registry.resources[resource]}
        field={entry.histogram}
        buckets={entry.buckets}
        entryKey={key}
      />
    );
  if ('perMonth' in entry) return <MonthEntry resource={resource} result={entry} entryKey={key} />;
  if ('reliability' in entry) return <ReliabilityEntry result={entry} entryKey={key} />;
  if ('pareto' in entry) return <ParetoEntry result={entry} entryKey={key} />;
  return <ExpiringEntry resource={resource} result={entry} />;
}
