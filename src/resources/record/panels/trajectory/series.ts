// What the trajectory screen draws and lists, from the trajectory call's answer: the series of
// the four charts (plan view, vertical section, inclination and dogleg severity against depth),
// the points of the 3D path, and the table of stations as it is shown and exported. Pure, so the
// mapping is tested without a browser; every chart is drawn from all the stations.
import type { Cell, Table } from '../../../list/exportTable';
import type { StationSource, TrajectoryAnswer, TrajectoryAnswerStation } from '../../../../../kernel/survey/names';

/** Where the hole starts: the wellhead, unless a tie-on says where a sidetrack leaves its parent hole. */
export function originOf(answer: Pick<TrajectoryAnswer, 'tieOn'>): { tvd: number; north: number; east: number; atWellhead: boolean } {
  return answer.tieOn ? { ...answer.tieOn, atWellhead: false } : { tvd: 0, north: 0, east: 0, atWellhead: true };
}

/** A linear axis's range. */
export type Domain = [min: number, max: number];

/**
 * The plan view: east along x, north along y. The first point is the wellhead (0, 0), where the
 * closure is measured from; the well path starts there too unless it starts at a tie-on, and the
 * closure line joins the wellhead to the last station (the points between are gaps it spans).
 */
export interface PlanSeries {
  east: number[];
  /** The well path's north at each east; null at the wellhead when the path starts at a tie-on. */
  path: (number | null)[];
  /** The closure line: the wellhead and the last station, nothing between. */
  closure: (number | null)[];
  /** Both axes span the same distance, so a turn looks like the turn it is. */
  eastDomain: Domain;
  northDomain: Domain;
}

/** Room left around the drawing, as a share of its extent. */
const MARGIN = 0.08;

/** Two ranges of the same length, each centred on what it must show (equal scale when the chart is square). */
export function equalDomains(xs: readonly number[], ys: readonly number[]): { x: Domain; y: Domain } {
  const extent = (values: readonly number[]) => {
    let min = 0;
    let max = 0;
    for (const v of values) {
      if (v < min) min = v;
      if (v > max) max = v;
    }
    return [min, max] as const;
  };
  const [x0, x1] = extent(xs);
  const [y0, y1] = extent(ys);
  // A vertical hole has no horizontal extent: keep a few metres so the axes still read.
  const span = Math.max(x1 - x0, y1 - y0, 10) * (1 + 2 * MARGIN);
  const around = (lo: number, hi: number): Domain => [(lo + hi) / 2 - span / 2, (lo + hi) / 2 + span / 2];
  return { x: around(x0, x1), y: around(y0, y1) };
}

export function planSeries(answer: Pick<TrajectoryAnswer, 'tieOn' | 'stations'>): PlanSeries {
  const { stations } = answer;
  const n = stations.length;
  const east = new Array<number>(n + 1);
  const path = new Array<number | null>(n + 1);
  const closure = new Array<number | null>(n + 1).fill(null);
  east[0] = 0;
  path[0] = answer.tieOn ? null : 0;
  closure[0] = 0;
  for (let i = 0; i < n; i++) {
    east[i + 1] = stations[i].east;
    path[i + 1] = stations[i].north;
  }
  if (n > 0) closure[n] = stations[n - 1].north;
  const domains = equalDomains(
    east,
    path.filter((v): v is number => v !== null),
  );
  return { east, path, closure, eastDomain: domains.x, northDomain: domains.y };
}

/**
 * The vertical section: VS along x, TVD along y with depth increasing downwards (the chart's y
 * axis is reversed). From the wellhead unless the hole starts at a tie-on.
 */
export interface SectionSeries {
  vs: number[];
  tvd: number[];
  /** The y axis grows downwards. */
  reverse: true;
}

export function sectionSeries(answer: Pick<TrajectoryAnswer, 'tieOn' | 'stations'>): SectionSeries {
  const fromWellhead = !answer.tieOn && (answer.stations.length === 0 || answer.stations[0].md > 0);
  const vs = fromWellhead ? [0] : [];
  const tvd = fromWellhead ? [0] : [];
  for (const s of answer.stations) {
    vs.push(s.vs);
    tvd.push(s.tvd);
  }
  return { vs, tvd, reverse: true };
}

/** A quantity against measured depth (inclination, dogleg severity). */
export function againstDepth(stations: readonly TrajectoryAnswerStation[], key: 'inc' | 'dls'): { md: number[]; value: number[] } {
  return { md: stations.map((s) => s.md), value: stations.map((s) => s[key]) };
}

/**
 * The 3D path as x, y, z triples for a right-handed scene with y up: x east, y up (−TVD),
 * z south (−north), so north is "into the screen" as on a map seen from the south.
 */
export function pathPoints(answer: Pick<TrajectoryAnswer, 'tieOn' | 'stations'>): Float32Array {
  const origin = originOf(answer);
  const start = origin.atWellhead && (answer.stations.length === 0 || answer.stations[0].md > 0) ? 1 : 0;
  const points = new Float32Array((answer.stations.length + start) * 3);
  // The wellhead first, when the listing starts below it.
  if (start) points.set([0, 0, 0], 0);
  answer.stations.forEach((s, i) => points.set([s.east, -s.tvd, -s.north], (i + start) * 3));
  return points;
}

// ---------------------------------------------------------------------------------------------
// The table of stations.

/** The columns of the table and of its export, with their units (translated under units.<unit>). */
export const STATION_COLUMNS = [
  { key: 'md', unit: 'm' },
  { key: 'inc', unit: '°' },
  { key: 'azi', unit: '°' },
  { key: 'tvd', unit: 'm' },
  { key: 'north', unit: 'm' },
  { key: 'east', unit: 'm' },
  { key: 'vs', unit: 'm' },
  { key: 'closure', unit: 'm' },
  { key: 'closureAzi', unit: '°' },
  { key: 'dls', unit: '°/30m' },
  { key: 'source' },
] as const satisfies readonly { key: keyof TrajectoryAnswerStation; unit?: string }[];

export type StationColumn = (typeof STATION_COLUMNS)[number];

/** Shown and exported to the centimetre and the hundredth of a degree (the server answers them so). */
export const round2 = (value: number) => Math.round(value * 100) / 100 + 0;

/** A figure as every part of the screen writes it: two decimals, in the reader's language. */
export const figureText = (value: number, locale: string) =>
  value.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface StationNames {
  /** A column's translated name ("MD"). */
  label(key: StationColumn['key']): string;
  /** A unit's translated symbol. */
  unit(unit: string): string;
  /** A source's translated name ("Imported survey"). */
  source(source: StationSource): string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The names in the reader's language, from the console's messages. */
export function stationNames(translate: Translate): StationNames {
  return {
    label: (key) => translate(`app.trajectory.columns.${key}`),
    unit: (unit) => translate(`units.${unit}`, { _: unit }),
    // A source this screen has no name of its own for goes by its resource's name.
    source: (source) =>
      translate(`app.trajectory.sources.${source}`, { _: translate(`resources.${source}.name`, { smart_count: 1, _: source }) }),
  };
}

/** A column's header, "Label (unit)". */
export function stationHeader(column: StationColumn, names: StationNames): string {
  const label = names.label(column.key);
  return 'unit' in column ? `${label} (${names.unit(column.unit)})` : label;
}

/** One station's cells: numbers rounded (and kept numbers, so a spreadsheet can add them up), the source by name. */
export function stationCells(station: TrajectoryAnswerStation, names: StationNames): Cell[] {
  return STATION_COLUMNS.map((column) => (column.key === 'source' ? names.source(station.source) : round2(station[column.key])));
}

/** The whole table, as the export writes it (every station, not only the page shown). */
export function stationTable(stations: readonly TrajectoryAnswerStation[], names: StationNames): Table {
  return { headers: STATION_COLUMNS.map((c) => stationHeader(c, names)), rows: stations.map((s) => stationCells(s, names)) };
}
