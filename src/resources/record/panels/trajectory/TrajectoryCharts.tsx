// The four charts of a well's trajectory (MUI X Charts, loaded with the trajectory tab): plan
// view with its closure line, vertical section with depth growing downwards, and inclination and
// dogleg severity against measured depth (a step per interval). Every station is drawn; no marks, no animation, so a
// listing of ten thousand stations stays quick.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { memo, type ReactNode, useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { TrajectoryAnswer } from '../../../../../kernel/survey/names';
import { againstDepth, figureText, planSeries, sectionSeries } from './series';

const HEIGHT = 260;
const noTooltip = { tooltip: { trigger: 'none' as const } };
const grid = { vertical: true, horizontal: true };
const format = (value: number) => String(Math.round(value * 100) / 100);
/** Room for the y axis's tick labels and its title (measured widths cut "100" short). */
const Y_WIDTH = 64;

function ChartBox({ name, title, children, square }: { name: string; title: string; children: ReactNode; square?: boolean }) {
  return (
    <Box data-chart={name} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {/* The plan view keeps a square drawing, so both axes (same span) have about the same scale. */}
      <Box sx={square ? { aspectRatio: '1 / 1', maxWidth: 460, mx: 'auto' } : { height: HEIGHT }}>{children}</Box>
    </Box>
  );
}

/** Drawn again only when the answer changes (ten thousand points take a moment). */
export const TrajectoryCharts = memo(function TrajectoryCharts({ answer }: { answer: TrajectoryAnswer }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const plan = useMemo(() => planSeries(answer), [answer]);
  const section = useMemo(() => sectionSeries(answer), [answer]);
  const inc = useMemo(() => againstDepth(answer.stations, 'inc'), [answer]);
  const dls = useMemo(() => againstDepth(answer.stations, 'dls'), [answer]);
  const axis = (key: string, unit: string) => `${translate(`app.trajectory.axis.${key}`)} (${translate(`units.${unit}`, { _: unit })})`;
  const path = theme.palette.primary.main;
  const common = { skipAnimation: true, hideLegend: true, grid };

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
      <ChartBox name="plan" title={translate('app.trajectory.plan')} square>
        <LineChart
          {...common}
          slotProps={noTooltip}
          axisHighlight={{ x: 'none', y: 'none' }}
          xAxis={[
            {
              data: plan.east,
              scaleType: 'linear',
              min: plan.eastDomain[0],
              max: plan.eastDomain[1],
              label: axis('east', 'm'),
              valueFormatter: format,
            },
          ]}
          yAxis={[
            {
              scaleType: 'linear',
              min: plan.northDomain[0],
              max: plan.northDomain[1],
              label: axis('north', 'm'),
              width: Y_WIDTH,
              valueFormatter: format,
            },
          ]}
          series={[
            { id: 'path', data: plan.path, label: translate('app.trajectory.path'), color: path, showMark: false },
            {
              id: 'closure',
              data: plan.closure,
              label: translate('app.trajectory.closure_line'),
              color: theme.palette.warning.main,
              showMark: ({ index }) => index === 0 || index === plan.closure.length - 1,
              shape: 'circle',
              connectNulls: true,
            },
          ]}
          sx={{ '& path[data-series="closure"]': { strokeDasharray: '6 4' } }}
        />
      </ChartBox>
      <ChartBox name="section" title={translate('app.trajectory.section', { azimuth: figureText(answer.vsAzimuth, locale) })} square>
        <LineChart
          {...common}
          slotProps={noTooltip}
          axisHighlight={{ x: 'none', y: 'none' }}
          xAxis={[{ data: section.vs, scaleType: 'linear', label: axis('vs', 'm'), valueFormatter: format }]}
          yAxis={[{ scaleType: 'linear', reverse: section.reverse, label: axis('tvd', 'm'), width: Y_WIDTH, valueFormatter: format }]}
          series={[{ id: 'section', data: section.tvd, label: translate('app.trajectory.axis.tvd'), color: path, showMark: false }]}
        />
      </ChartBox>
      <ChartBox name="inclination" title={translate('app.trajectory.inclination_md')}>
        <LineChart
          {...common}
          xAxis={[{ data: inc.md, scaleType: 'linear', label: axis('md', 'm'), valueFormatter: format }]}
          yAxis={[{ scaleType: 'linear', label: axis('inc', '°'), width: Y_WIDTH, min: 0 }]}
          series={[
            {
              id: 'inc',
              data: inc.value,
              label: axis('inc', '°'),
              color: path,
              showMark: false,
              valueFormatter: (v) => (v === null ? '' : format(v)),
            },
          ]}
        />
      </ChartBox>
      <ChartBox name="dls" title={translate('app.trajectory.dls_md')}>
        <LineChart
          {...common}
          xAxis={[{ data: dls.md, scaleType: 'linear', label: axis('md', 'm'), valueFormatter: format }]}
          yAxis={[{ scaleType: 'linear', label: axis('dls', '°/30m'), width: Y_WIDTH, min: 0 }]}
          series={[
            {
              id: 'dls',
              data: dls.value,
              label: axis('dls', '°/30m'),
              color: theme.palette.error.main,
              showMark: false,
              // A station's dogleg severity holds over the interval that ends at it: a step each, never a curve between.
              curve: 'stepBefore',
              valueFormatter: (v) => (v === null ? '' : format(v)),
            },
          ]}
        />
      </ChartBox>
    </Box>
  );
});
