// A well's anti-collision scan, as the server works it out (GET x-resource.survey.clearance.path):
// the search radius, the error model and the thresholds it was scanned by, the separation factor
// against measured depth for the closest wells with the stop and caution lines, and the table of
// every well around with its lowest SF, coloured by level. Loaded with the tab (ClearancePanel).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { LineChart } from '@mui/x-charts/LineChart';
import { useMemo, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { registry } from '../../../../../kernel/schema/load-vite';
import { CLEARANCE_PANEL, type ClearanceAnswer, type ClearanceAnswerOffset, type SfLevelName } from '../../../../../kernel/survey/names';
import { useApiData } from '../../../statistics/useApiData';
import type { PanelProps } from '../../panels';
import { sfChart } from './series';

/** How many wells the chart draws: the lowest SFs; the table lists them all. */
const CHART_WELLS = 6;
const LEVEL_COLOR: Record<SfLevelName, 'error' | 'warning' | 'success'> = { stop: 'error', caution: 'warning', clear: 'success' };

export function ClearanceView({ resource, record }: PanelProps) {
  const translate = useTranslate();
  const spec = registry.resources[resource]?.['x-resource'].survey?.clearance;
  if (!spec)
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {translate('app.record.no_panel', { name: CLEARANCE_PANEL })}
      </Typography>
    );
  return <Clearance path={spec.path} wellId={record.id as number} resource={resource} />;
}

function Clearance({ path, wellId, resource }: { path: string; wellId: number; resource: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [radius, setRadius] = useState<number | undefined>();
  const [draft, setDraft] = useState('');
  const query = useMemo(() => ({ id: String(wellId), ...(radius === undefined ? {} : { radius }) }), [wellId, radius]);
  const { data, error, isPending } = useApiData<ClearanceAnswer>(path, query, true);
  const m = translate('units.m', { _: 'm' });
  const number = (value: number, digits = 2) =>
    value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const apply = () => {
    const value = Number(draft);
    if (draft.trim() !== '' && value > 0 && value <= 20000) setRadius(value);
  };

  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {translate('app.clearance.load_failed', { message: error.message })}
      </Alert>
    );
  const nameOf = (o: ClearanceAnswerOffset) => String(o.name ?? `#${o.id}`);
  const scanned = data.offsets.filter((o) => o.minimum !== null);
  return (
    <Box sx={{ p: 2 }} data-panel={CLEARANCE_PANEL}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          type="number"
          label={translate('app.clearance.radius')}
          value={draft === '' ? String(data.radius) : draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={apply}
          onKeyDown={(event) => event.key === 'Enter' && apply()}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">{m}</InputAdornment> },
            htmlInput: { min: 1, max: 20000, step: 50, 'data-radius': true },
          }}
          sx={{ width: 180 }}
        />
        <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
          <Typography variant="body2" color="text.secondary" data-model>
            {translate('app.clearance.model', {
              name: data.errorModel.name,
              revision: data.errorModel.revision,
              k: number(data.rule.k),
              sigmaPa: number(data.rule.sigmaPa),
              margin: number(data.rule.surfaceMargin),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-thresholds>
            {translate('app.clearance.thresholds', { stop: number(data.thresholds.stop), caution: number(data.thresholds.caution) })}
          </Typography>
        </Box>
      </Box>
      {!data.located ? (
        <Alert severity="info" data-empty>
          {translate('app.clearance.not_located')}
        </Alert>
      ) : data.offsets.length === 0 ? (
        <Alert severity="info" data-empty>
          {translate('app.clearance.no_offsets', { radius: number(data.radius, 0) })}
        </Alert>
      ) : (
        <>
          {scanned.length > 0 && <SfChartBox answer={data} nameOf={nameOf} />}
          <OffsetTable answer={data} nameOf={nameOf} resource={resource} number={number} />
        </>
      )}
    </Box>
  );
}

function SfChartBox({ answer, nameOf }: { answer: ClearanceAnswer; nameOf: (o: ClearanceAnswerOffset) => string }) {
  const translate = useTranslate();
  const theme = useTheme();
  const chart = useMemo(() => sfChart(answer, CHART_WELLS, nameOf), [answer, nameOf]);
  const unit = translate('units.m', { _: 'm' });
  const format = (value: number) => String(Math.round(value * 100) / 100);
  return (
    <Box data-chart="sf" sx={{ mb: 3, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {translate('app.clearance.chart')}
      </Typography>
      <Box sx={{ height: 320 }}>
        <LineChart
          skipAnimation
          grid={{ vertical: true, horizontal: true }}
          xAxis={[
            { data: chart.md, scaleType: 'linear', label: `${translate('app.clearance.axis.md')} (${unit})`, valueFormatter: format },
          ]}
          yAxis={[
            {
              scaleType: 'linear',
              min: Math.min(0, ...chart.series.flatMap((s) => s.data.filter((v): v is number => v !== null && v < 0))),
              max: chart.max,
              label: translate('app.clearance.axis.sf'),
              width: 56,
            },
          ]}
          series={chart.series.map((s) => ({
            ...s,
            showMark: false,
            connectNulls: false,
            // Values above the axis would draw off the chart: cut at its top.
            data: s.data.map((v) => (v === null ? null : Math.min(v, chart.max))),
            valueFormatter: (v: number | null) => (v === null ? '' : format(v)),
          }))}
          slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
        >
          <ChartsReferenceLine
            y={answer.thresholds.caution}
            lineStyle={{ stroke: theme.palette.warning.main, strokeDasharray: '6 4' }}
            label={translate('app.clearance.level.caution')}
            labelAlign="end"
            labelStyle={{ fill: theme.palette.warning.dark, fontSize: 12 }}
          />
          <ChartsReferenceLine
            y={answer.thresholds.stop}
            lineStyle={{ stroke: theme.palette.error.main, strokeDasharray: '6 4' }}
            label={translate('app.clearance.level.stop')}
            labelAlign="end"
            labelStyle={{ fill: theme.palette.error.main, fontSize: 12 }}
          />
        </LineChart>
      </Box>
    </Box>
  );
}

function OffsetTable({
  answer,
  nameOf,
  resource,
  number,
}: {
  answer: ClearanceAnswer;
  nameOf: (o: ClearanceAnswerOffset) => string;
  resource: string;
  number: (value: number, digits?: number) => string;
}) {
  const translate = useTranslate();
  const column = (key: string) => translate(`app.clearance.columns.${key}`);
  const m = translate('units.m', { _: 'm' });
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {translate('app.clearance.table')}
      </Typography>
      {/* A phone scrolls the table, never the page. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-offsets sx={{ '& th, & td': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{column('well')}</TableCell>
              <TableCell align="right">{column('minSf')}</TableCell>
              <TableCell>{column('level')}</TableCell>
              <TableCell align="right">{`${column('md')} (${m})`}</TableCell>
              <TableCell align="right">{`${column('offsetMd')} (${m})`}</TableCell>
              <TableCell align="right">{`${column('distance')} (${m})`}</TableCell>
              <TableCell align="right">{`${column('wellheadDistance')} (${m})`}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.offsets.map((o) => (
              <TableRow key={o.id} data-offset={o.id} data-level={o.minimum?.level ?? 'none'}>
                <TableCell>
                  <Link component={RouterLink} to={`/${resource}/record/${o.id}`}>
                    {nameOf(o)}
                  </Link>
                  {o.sidetrack && o.fromMd !== null && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate(`app.clearance.sidetrack.${o.sidetrack}`, { md: number(o.fromMd) })}
                    </Typography>
                  )}
                </TableCell>
                {o.minimum ? (
                  <>
                    <TableCell align="right" sx={{ fontWeight: 600 }} data-sf>
                      {number(o.minimum.sf)}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={LEVEL_COLOR[o.minimum.level]} label={translate(`app.clearance.level.${o.minimum.level}`)} />
                    </TableCell>
                    <TableCell align="right">{number(o.minimum.md)}</TableCell>
                    <TableCell align="right">{number(o.minimum.offsetMd)}</TableCell>
                    <TableCell align="right">{number(o.minimum.distance)}</TableCell>
                  </>
                ) : (
                  <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                    {translate('app.clearance.no_survey')}
                  </TableCell>
                )}
                <TableCell align="right">{number(o.wellheadDistance)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
