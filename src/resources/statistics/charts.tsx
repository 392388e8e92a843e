// The charts of the statistics screens and the instrument panel: MUI X Charts, in a module of its
// own that is only ever imported lazily, so the library loads when a screen with a chart opens.
import { BarChart } from '@mui/x-charts/BarChart';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsContainer } from '@mui/x-charts/ChartsContainer';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { type ChartRow, measureOf } from './rows';

const HEIGHT = 240;
/**
 * The names beside horizontal bars take at most this share of the chart's width, cut with an
 * ellipsis beyond it (whole in the tooltip and in the table), so that the bars always keep room.
 */
const LABEL_SHARE = 0.4;
/** The tick and the gap between a name and the axis, in pixels. */
const LABEL_GAP = 10;
/** The axis's tick labels are drawn in this size (the chart library's own). */
const TICK_FONT_SIZE = 12;

/** The width of an element, followed as it changes (0 until it is laid out). */
function useWidth(): [(element: HTMLElement | null) => void, number] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
}

let measuring: CanvasRenderingContext2D | null | undefined;
/** The width the widest of these texts takes in this font. */
function widestText(texts: string[], font: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return 0;
  measuring.font = font;
  return Math.max(0, ...texts.map((text) => measuring!.measureText(text).width));
}

export interface CountChartProps {
  rows: ChartRow[];
  /** The series' name, read in the tooltip. */
  label: string;
  kind: 'pie' | 'bar' | 'columns';
  /** The values are rates, not counts: the value axis takes fractions. */
  fractional?: boolean;
}

/** Counts (or sums) per value: a ring, horizontal bars (long option names), or columns (ranges). */
export function CountChart({ rows, label, kind, fractional }: CountChartProps) {
  const theme = useTheme();
  const [measure, width] = useWidth();
  const fallback = theme.palette.primary.main;
  if (kind === 'pie') {
    return (
      <PieChart
        height={HEIGHT}
        hideLegend
        series={[
          {
            data: rows.map((r, i) => ({ id: i, value: measureOf(r), label: r.label, color: r.color ?? fallback })),
            innerRadius: 50,
            paddingAngle: 1,
            cornerRadius: 3,
            highlightScope: { fade: 'global', highlight: 'item' },
          },
        ]}
      />
    );
  }
  const labels = rows.map((r) => r.label);
  const colors = rows.some((r) => r.color)
    ? { colorMap: { type: 'ordinal' as const, values: labels, colors: rows.map((r) => r.color ?? fallback) } }
    : {};
  const band = { scaleType: 'band' as const, data: labels, ...colors };
  const series = [{ data: rows.map(measureOf), label, color: fallback }];
  if (kind === 'bar') {
    const height = Math.max(HEIGHT, rows.length * 28);
    const { fontFamily, fontWeight } = theme.typography.caption;
    const names = widestText(labels, `${fontWeight ?? 400} ${TICK_FONT_SIZE}px ${fontFamily ?? 'sans-serif'}`) + LABEL_GAP;
    // Drawn once the box's width is known: the names' room is worked out from it.
    return (
      <Box ref={measure} sx={{ height }}>
        {width > 0 && (
          <BarChart
            height={height}
            layout="horizontal"
            hideLegend
            yAxis={[{ ...band, width: Math.ceil(Math.min(names, width * LABEL_SHARE)) }]}
            xAxis={[fractional ? {} : { tickMinStep: 1 }]}
            series={series}
          />
        )}
      </Box>
    );
  }
  return (
    // Every range keeps its label, slanted so that they do not overlap.
    <BarChart
      height={HEIGHT}
      hideLegend
      xAxis={[{ ...band, tickLabelInterval: () => true, tickLabelStyle: { angle: -30, textAnchor: 'end' }, height: 'auto' }]}
      yAxis={[{ tickMinStep: 1, width: 'auto' }]}
      series={series}
    />
  );
}

export interface MonthChartProps {
  months: string[];
  runs: number[];
  hours: number[];
  runsLabel: string;
  hoursLabel: string;
}

/** Runs (left axis) and hours in use (right axis) month by month. */
export function MonthChart({ months, runs, hours, runsLabel, hoursLabel }: MonthChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      height={HEIGHT}
      xAxis={[{ scaleType: 'band', data: months }]}
      yAxis={[
        { id: 'runs', tickMinStep: 1, width: 'auto' },
        { id: 'hours', position: 'right', width: 'auto' },
      ]}
      series={[
        { data: runs, label: runsLabel, yAxisId: 'runs', color: theme.palette.primary.main },
        { data: hours, label: hoursLabel, yAxisId: 'hours', color: theme.palette.warning.main },
      ]}
    />
  );
}

export interface MonthValuesChartProps {
  /** The months' labels, oldest first. */
  months: string[];
  /** Each month's value; null where there is none (an average of no records): no column. */
  values: (number | null)[];
  /** The series' name with its unit, read in the tooltip. */
  label: string;
  /** Whole numbers only (counts). */
  whole?: boolean;
}

/** One value per month, as columns: every month has its place, an empty one stays at 0. */
export function MonthValuesChart({ months, values, label, whole }: MonthValuesChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      height={HEIGHT}
      hideLegend
      xAxis={[{ scaleType: 'band', data: months, tickLabelStyle: { angle: -45, textAnchor: 'end' }, height: 'auto' }]}
      yAxis={[{ width: 'auto', ...(whole ? { tickMinStep: 1 } : {}) }]}
      series={[{ data: values, label, color: theme.palette.primary.main }]}
    />
  );
}

export interface ParetoChartProps {
  /** The reasons, most first. */
  labels: string[];
  counts: number[];
  /** The cumulative share up to each reason, in percent. */
  cumulative: number[];
  countLabel: string;
  cumulativeLabel: string;
}

/** A reason's name under its column is cut to this many characters (whole in the tooltip). */
const PARETO_TICK_CHARS = 14;
const cut = (text: string, max: number) =>
  Array.from(text).length > max
    ? `${Array.from(text)
        .slice(0, max - 1)
        .join('')}…`
    : text;

/** Counts per reason as columns, most first (left axis), and their cumulative share as a line (right axis, 0–100 %). */
export function ParetoChart({ labels, counts, cumulative, countLabel, cumulativeLabel }: ParetoChartProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <ChartsContainer
      height={HEIGHT + 40}
      xAxis={[
        {
          id: 'reasons',
          scaleType: 'band',
          data: labels,
          valueFormatter: (value: string, context) => (context.location === 'tick' ? cut(value, phone ? 8 : PARETO_TICK_CHARS) : value),
          tickLabelInterval: () => true,
          tickLabelStyle: { angle: -30, textAnchor: 'end', fontSize: 11 },
          height: 'auto',
        },
      ]}
      yAxis={[
        { id: 'count', tickMinStep: 1, width: 'auto' },
        { id: 'cumulative', min: 0, max: 100, position: 'right', width: 'auto', valueFormatter: (v: number) => `${v}%` },
      ]}
      series={[
        { type: 'bar', data: counts, label: countLabel, yAxisId: 'count', color: theme.palette.primary.main },
        {
          type: 'line',
          data: cumulative,
          label: cumulativeLabel,
          yAxisId: 'cumulative',
          color: theme.palette.warning.main,
          valueFormatter: (v: number | null) => (v === null ? '' : `${v}%`),
        },
      ]}
    >
      <BarPlot />
      <LinePlot />
      <MarkPlot />
      <ChartsXAxis axisId="reasons" />
      <ChartsYAxis axisId="count" />
      <ChartsYAxis axisId="cumulative" />
      <ChartsAxisHighlight x="band" />
      <ChartsTooltip />
    </ChartsContainer>
  );
}
