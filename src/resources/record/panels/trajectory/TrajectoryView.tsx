// A well's trajectory, as the server computes it from its survey stations: the totals, the
// stations set aside where two sources gave the same depth, the charts or the 3D view, the table
// of stations, and the import of a survey listing. Loaded with the tab (TrajectoryPanel).
import ThreeDRotationIcon from '@mui/icons-material/ThreeDRotation';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useLocaleState, useRefresh, useTranslate } from 'react-admin';
import { registry } from '../../../../../kernel/schema/load-vite';
import type { SurveySpec } from '../../../../../kernel/schema/types';
import {
  TRAJECTORY_PANEL,
  type TrajectoryAnswer,
  type TrajectoryAnswerTotals,
  type TrajectoryWarning,
} from '../../../../../kernel/survey/names';
import { useApiData } from '../../../statistics/useApiData';
import type { PanelProps } from '../../panels';
import { ImportSurvey } from './ImportSurvey';
import { StationTable } from './StationTable';
import { figureText } from './series';
import { TrajectoryCharts } from './TrajectoryCharts';

const Well3D = lazy(() => import('./Well3D').then((m) => ({ default: m.Well3D })));

type View = 'charts' | '3d';

function Figure({ name, label, value, unit, note }: { name: string; label: string; value: string; unit?: string; note?: string }) {
  return (
    <Box sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5, minWidth: 0 }} data-figure={name}>
      {/* The label wraps where the tile is narrow (a phone, a long language): never cut. */}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', hyphens: 'auto' }}>
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-value>
        {value}
        {unit && (
          <Typography component="span" color="text.secondary" sx={{ ml: 0.5 }}>
            {unit}
          </Typography>
        )}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      )}
    </Box>
  );
}

function Totals({ totals }: { totals: TrajectoryAnswerTotals }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = (n: number) => figureText(n, locale);
  const unit = (symbol: string) => translate(`units.${symbol}`, { _: symbol });
  const at = (md: number) => translate('app.trajectory.at_md', { md: number(md), unit: unit('m') });
  const label = (key: string) => translate(`app.trajectory.totals.${key}`);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(128px, 1fr))' },
        mb: 2,
      }}
    >
      <Figure name="stations" label={label('stations')} value={totals.stations.toLocaleString(locale)} />
      <Figure name="md" label={label('md')} value={number(totals.md)} unit={unit('m')} />
      <Figure name="tvd" label={label('tvd')} value={number(totals.tvd)} unit={unit('m')} />
      <Figure name="closure" label={label('closure')} value={number(totals.closure)} unit={unit('m')} />
      <Figure name="closureAzi" label={label('closureAzi')} value={number(totals.closureAzi)} unit={unit('°')} />
      <Figure
        name="maxInclination"
        label={label('maxInclination')}
        value={number(totals.maxInclination)}
        unit={unit('°')}
        note={at(totals.maxInclinationMd)}
      />
      <Figure name="maxDls" label={label('maxDls')} value={number(totals.maxDls)} unit={unit('°/30m')} note={at(totals.maxDlsMd)} />
    </Box>
  );
}

function Warnings({ warnings }: { warnings: TrajectoryWarning[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const source = (s: string) =>
    translate(`app.trajectory.source_phrase.${s}`, { _: translate(`resources.${s}.name`, { smart_count: 1, _: s }) });
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-warnings>
      <AlertTitle>{translate('app.trajectory.warnings_title', { smart_count: warnings.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((w, i) => (
          <li key={i}>
            {translate('app.trajectory.warning', {
              md: figureText(w.md, locale),
              unit: translate('units.m'),
              kept: source(w.kept.source),
              dropped: source(w.dropped.source ?? w.source),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export function TrajectoryView({ resource, record }: PanelProps) {
  const translate = useTranslate();
  const spec = registry.resources[resource]?.['x-resource'].survey;
  if (!spec)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('app.record.no_panel', { name: TRAJECTORY_PANEL })}
      </Typography>
    );
  return <Trajectory spec={spec} record={record} />;
}

/** The calls are the ones the well's schema names (`x-resource.survey`). */
function Trajectory({ spec, record }: { spec: SurveySpec; record: PanelProps['record'] }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [view, setView] = useState<View>('charts');
  const { data, error, isPending, refetch } = useApiData<TrajectoryAnswer>(spec.trajectory, { id: String(record.id) });
  // The well's own derived totals (max inclination, displacement) change with its stations too.
  const reload = () => {
    void refetch();
    refresh();
  };
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate('app.trajectory.load_failed', { message: error.message })}
      </Alert>
    );

  const empty = data.stations.length === 0;
  const title = [translate('app.trajectory.export_title'), record.wellNumber].filter(Boolean).join(' ');
  return (
    <Box sx={{ p: 2 }} data-panel={TRAJECTORY_PANEL}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mb: 2 }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <ImportSurvey path={spec.import} preview={spec.preview} restore={spec.restore} wellId={record.id} onImported={reload} />
        </Box>
        {!empty && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_event, next: View | null) => next && setView(next)}
            aria-label={translate('app.trajectory.view')}
          >
            <ToggleButton value="charts" sx={{ gap: 0.5 }}>
              <ShowChartIcon fontSize="small" />
              {translate('app.trajectory.charts')}
            </ToggleButton>
            <ToggleButton value="3d" sx={{ gap: 0.5 }}>
              <ThreeDRotationIcon fontSize="small" />
              {translate('app.trajectory.view_3d')}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      {data.warnings.length > 0 && <Warnings warnings={data.warnings} />}
      {empty ? (
        <Typography color="text.secondary" data-empty>
          {translate('app.trajectory.empty')}
        </Typography>
      ) : (
        <>
          {data.totals && <Totals totals={data.totals} />}
          <Box sx={{ mb: 3 }}>
            {view === '3d' ? (
              <Suspense fallback={<LinearProgress />}>
                <Well3D answer={data} />
              </Suspense>
            ) : (
              <TrajectoryCharts answer={data} />
            )}
          </Box>
          <StationTable stations={data.stations} title={title} />
        </>
      )}
    </Box>
  );
}
