// The instrument's statistics on its record page: total hours in use, runs and footage over its
// usage records, and runs and hours month by month (the chart library loads with the first chart).
// Labels and units come from the usage record schema.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { registry } from '../../../../kernel/schema/load-vite';
import { properties } from '../../../../kernel/schema/registry';
import { DEVICE_STATS, type DeviceStats } from '../../../../kernel/schema/statistics';
import { useLabels } from '../../generic/useLabels';
import { MonthChart } from '../../statistics/lazyCharts';
import { useApiData } from '../../statistics/useApiData';
import type { PanelProps } from '../panels';
import { LoadFailed } from '../../LoadFailed';

const { runs, hours, startDepth } = DEVICE_STATS;

function Figure({ label, value, unit, name }: { label: string; value: string; unit?: string; name: string }) {
  return (
    <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5, minWidth: 0 }} data-figure={name}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-value>
        {value}
        {unit && (
          <Typography component="span" color="text.secondary" sx={{ ml: 0.5 }}>
            {unit}
          </Typography>
        )}
      </Typography>
    </Box>
  );
}

export function DeviceStatsPanel({ record }: PanelProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const labels = useLabels(runs);
  const fields = properties(registry.resources[runs]);
  const { data, error, isPending, isFetching, refetch } = useApiData<DeviceStats>(DEVICE_STATS.path, { id: String(record.id) });
  const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 2 });
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error) return <LoadFailed error={error} retry={() => void refetch()} retrying={isFetching} />;
  const hoursLabel = labels.field(hours);
  return (
    <Box sx={{ p: 2 }} data-panel={DEVICE_STATS.panel}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, mb: 2 }}>
        <Figure name="usetime" label={hoursLabel} value={number(data.usetime)} unit={labels.unit(fields[hours])} />
        <Figure name="tang" label={translate('app.stats.runs')} value={number(data.tang)} />
        <Figure name="depth" label={translate('app.stats.footage')} value={number(data.depth)} unit={labels.unit(fields[startDepth])} />
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('app.stats.by_month')}
      </Typography>
      {data.chartData.timeData.length === 0 ? (
        <Typography color="text.secondary">{translate('app.stats.no_runs')}</Typography>
      ) : (
        <Box data-chart>
          <MonthChart
            months={data.chartData.timeData}
            runs={data.chartData.tangData}
            hours={data.chartData.hourData}
            runsLabel={translate('app.stats.runs')}
            hoursLabel={labels.column(hours, fields[hours])}
          />
        </Box>
      )}
    </Box>
  );
}
