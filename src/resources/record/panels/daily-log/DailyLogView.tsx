// A well's time log in figures, from its daily reports (GET /project/daily/charts): the hours of
// non-productive time by category and by cause, and the current depth of each report's day
// against the planned depth, depth growing downwards as on a drilling curve. MUI X Charts, loaded
// with this tab.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { DAILY_CHARTS_PATH, DAILY_LOG_PANEL, type DailyCharts, type NptBucket } from '../../../../../kernel/daily/names';
import { useDictionaryOptions } from '../../../generic/useDictionaryOptions';
import { itemLabel } from '../../../generic/dictionaryChoices';
import { useApiData } from '../../../statistics/useApiData';
import type { PanelProps } from '../../panels';
import { LoadFailed } from '../../../LoadFailed';

const HEIGHT = 260;
/** On a phone, the names beside the bars get at most this width, so the bars keep room. */
const PHONE_LABEL_WIDTH = 110;

function ChartBox({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <Box data-chart={name} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Figure({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5, minWidth: 0 }} data-figure={name}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-value>
        {value}
      </Typography>
    </Box>
  );
}

function HoursBars({ buckets, label, hoursLabel }: { buckets: NptBucket[]; label: (key: string | null) => string; hoursLabel: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <BarChart
      height={Math.max(160, buckets.length * 36 + 40)}
      layout="horizontal"
      hideLegend
      yAxis={[{ scaleType: 'band', data: buckets.map((b) => label(b.key)), width: phone ? PHONE_LABEL_WIDTH : 'auto' }]}
      xAxis={[{ label: hoursLabel }]}
      series={[{ data: buckets.map((b) => b.hours), label: hoursLabel, color: theme.palette.warning.main }]}
    />
  );
}

export function DailyLogView({ record }: PanelProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const [locale] = useLocaleState();
  const dictionary = useDictionaryOptions();
  const { data, error, isPending, isFetching, refetch } = useApiData<DailyCharts>(DAILY_CHARTS_PATH, { id: String(record.id) });
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error) return <LoadFailed error={error} retry={() => void refetch()} retrying={isFetching} />;
  const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 2 });
  const [metres, hours] = [translate('units.m'), translate('units.h')];
  const notSet = translate('app.stats.not_set');
  const category = (key: string | null) => {
    const item = key === null ? undefined : dictionary.nptCategory?.find((option) => option.key === key);
    return key === null ? notSet : item ? itemLabel(item, locale) : key;
  };
  const cause = (key: string | null) => (key === null ? notSet : translate(`resources.daily.enums.timeLog.nptCause.${key}`, { _: key }));
  const hoursLabel = `${translate('app.dailyLog.hours')} (${hours})`;
  const latest = data.depth[data.depth.length - 1]?.depth;
  const depthLabel = `${translate('app.dailyLog.current_depth')} (${metres})`;
  const plannedLabel = `${translate('app.dailyLog.design_depth')} (${metres})`;
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 3 }} data-panel={DAILY_LOG_PANEL}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
        <Figure name="reports" label={translate('app.dailyLog.reports')} value={number(data.depth.length)} />
        <Figure name="depth" label={depthLabel} value={latest === undefined ? '—' : number(latest)} />
        <Figure name="designDepth" label={plannedLabel} value={data.designDepth === null ? '—' : number(data.designDepth)} />
        <Figure name="npt" label={`${translate('app.dailyLog.npt_total')} (${hours})`} value={number(data.nptHours)} />
      </Box>
      <ChartBox name="depth" title={translate('app.dailyLog.depth_by_day')}>
        {data.depth.length === 0 ? (
          <Typography color="text.secondary">{translate('app.dailyLog.no_depth')}</Typography>
        ) : (
          <LineChart
            height={HEIGHT}
            grid={{ horizontal: true }}
            xAxis={[
              { scaleType: 'point', data: data.depth.map((d) => d.day), tickLabelStyle: { angle: -30, textAnchor: 'end' }, height: 'auto' },
            ]}
            yAxis={[{ reverse: true, width: 'auto', label: metres }]}
            series={[
              { data: data.depth.map((d) => d.depth), label: depthLabel, color: theme.palette.primary.main, showMark: false },
              ...(data.designDepth === null
                ? []
                : [
                    { data: data.depth.map(() => data.designDepth), label: plannedLabel, color: theme.palette.error.main, showMark: false },
                  ]),
            ]}
          />
        )}
      </ChartBox>
      {data.nptHours === 0 ? (
        <Typography color="text.secondary" data-chart="npt">
          {translate('app.dailyLog.no_npt')}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <ChartBox name="byCategory" title={translate('app.dailyLog.by_category')}>
            <HoursBars buckets={data.byCategory} label={category} hoursLabel={hoursLabel} />
          </ChartBox>
          <ChartBox name="byCause" title={translate('app.dailyLog.by_cause')}>
            <HoursBars buckets={data.byCause} label={cause} hoursLabel={hoursLabel} />
          </ChartBox>
        </Box>
      )}
    </Box>
  );
}
