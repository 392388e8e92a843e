// A well's trajectory from its records, as `x-resource.survey` of the well's schema describes
// them: the imported listing first, then each source in its order (daily reports' stations, the
// MWD stations of usage records), merged by depth with every station set aside reported; then
// minimum curvature from the well's tie-on along its vertical-section azimuth; then what the
// server keeps from it: the well's totals and each source record's derived values. Pure: the
// server reads the records and writes what this answers.
import { getPath } from '../schema/registry';
import type { StationValue, SurveySource, SurveySpec, TrajectoryFigure } from '../schema/types';
import {
  type MergeWarning,
  type SourcedStation,
  type TieOn,
  type TrajectoryColumns,
  type TrajectoryStation,
  type TrajectoryTotals,
  SAME_DEPTH_M,
  checkStation,
  computeColumns,
  mergeStations,
  stationAt,
  summarise,
} from './minimum-curvature';

type Row = Record<string, unknown> & { id: number };

/** The records a well's trajectory is made from. */
export interface WellRecords {
  well: Row;
  /** The well's imported listing, when it has one. */
  listing?: Row;
  /** The records of each source of `spec.sources`, in the same order. */
  sources: Row[][];
}

export interface WellStation extends TrajectoryStation {
  /** Where it came from: the listing's or a source's resource name; `tieOn` for the tie-on point. */
  source: string;
  /** The id of that record. */
  ref?: number;
}

export interface WellTrajectory {
  columns: TrajectoryColumns;
  /** For each row of `columns`, the station it was made from (none for a tie-on above the first station). */
  origins: (SourcedStation | undefined)[];
  totals: TrajectoryTotals | undefined;
  warnings: MergeWarning[];
  vsAzimuth: number;
  tieOn: TieOn | undefined;
}

const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The stations of one source's records: every complete, valid station each record carries. */
export function stationsOfSource(source: SurveySource, rows: readonly Row[]): SourcedStation[] {
  const out: SourcedStation[] = [];
  for (const row of rows) {
    for (const fields of source.stations) {
      const [md, inc, azi] = [asNumber(getPath(row, fields.md)), asNumber(getPath(row, fields.inc)), asNumber(getPath(row, fields.azi))];
      if (md === undefined || inc === undefined || azi === undefined) continue;
      const station = { md, inc, azi, source: source.resource, ref: row.id };
      if (!checkStation(station)) out.push(station);
    }
  }
  return out;
}

/** The stations of an imported listing. */
export function stationsOfListing(spec: SurveySpec, listing: Row | undefined): SourcedStation[] {
  const list = listing?.[spec.listing.stations];
  if (!Array.isArray(list)) return [];
  return (list as { md: number; inc: number; azi: number }[]).map((s) => ({
    md: s.md,
    inc: s.inc,
    azi: s.azi,
    source: spec.listing.resource,
    ref: listing!.id,
  }));
}

/** The well's tie-on point, when its group holds one. */
export function tieOnOf(spec: SurveySpec, well: Row): TieOn | undefined {
  const group = spec.tieOn ? well[spec.tieOn] : undefined;
  if (!group || typeof group !== 'object') return undefined;
  const value = (key: string) => asNumber((group as Record<string, unknown>)[key]);
  const [md, tvd, north, east] = [value('md'), value('tvd'), value('north'), value('east')];
  if (md === undefined || tvd === undefined || north === undefined || east === undefined) return undefined;
  return { md, tvd, north, east, inc: value('inc'), azi: value('azi') };
}

/**
 * The well's trajectory. The vertical section runs along the well's azimuth, or, when it has
 * none, along the closure direction of the last station (where the well has gone so far).
 */
export function wellTrajectory(spec: SurveySpec, records: WellRecords): WellTrajectory {
  const lists = [
    stationsOfListing(spec, records.listing),
    ...spec.sources.map((source, i) => stationsOfSource(source, records.sources[i] ?? [])),
  ];
  const { stations, warnings } = mergeStations(lists);
  const tieOn = tieOnOf(spec, records.well);
  const md = Float64Array.from(stations, (s) => s.md);
  const inc = Float64Array.from(stations, (s) => s.inc);
  const azi = Float64Array.from(stations, (s) => s.azi);
  const given = spec.verticalSectionAzimuth ? asNumber(records.well[spec.verticalSectionAzimuth]) : undefined;
  const columns = computeColumns(md, inc, azi, { tieOn, vsAzimuth: given ?? 0 });
  const vsAzimuth = given ?? (columns.length > 0 ? columns.closureAzi[columns.length - 1] : 0);
  if (given === undefined) alongAzimuth(columns, vsAzimuth);
  // A tie-on above the first station is a row of its own, made from no station.
  const tieOnRow = columns.length === stations.length - columns.skippedAboveTieOn + 1;
  const origins = Array.from({ length: columns.length }, (_, row) =>
    tieOnRow && row === 0 ? undefined : stations[row + columns.skippedAboveTieOn - (tieOnRow ? 1 : 0)],
  );
  return { columns, origins, totals: summarise(columns), warnings, vsAzimuth, tieOn };
}

/** The stations of a trajectory as objects, each with where it came from. */
export function wellStations(trajectory: WellTrajectory): WellStation[] {
  return trajectory.origins.map((origin, i) => ({
    ...stationAt(trajectory.columns, i),
    source: origin?.source ?? 'tieOn',
    ...(origin?.ref !== undefined ? { ref: origin.ref } : {}),
  }));
}

/** Sets the vertical section of computed columns along another azimuth (°). */
function alongAzimuth(columns: TrajectoryColumns, azimuth: number): void {
  const radians = (azimuth * Math.PI) / 180;
  const [towardsNorth, towardsEast] = [Math.cos(radians), Math.sin(radians)];
  for (let i = 0; i < columns.length; i++) columns.vs[i] = columns.north[i] * towardsNorth + columns.east[i] * towardsEast;
}

/**
 * Rounded as the stores keep a length or an angle, and as every figure of a trajectory is
 * answered and shown: to 0.01, once, from the computed value (never −0).
 */
export const roundFigure = (value: number) => Math.round(value * 100) / 100 + 0;
const round = roundFigure;

/** The well's totals, by field (none when there is no station). */
export function totalsOf(spec: SurveySpec, trajectory: WellTrajectory): Record<string, number | null> {
  const totals = trajectory.totals;
  return Object.fromEntries(
    Object.entries(spec.totals).map(([field, figure]: [string, TrajectoryFigure]) => [field, totals ? round(totals[figure]) : null]),
  );
}

/** The row of the station at a measured depth, if the trajectory has one there. */
function rowAt(columns: TrajectoryColumns, md: number): number | undefined {
  let low = 0;
  let high = columns.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (columns.md[mid] < md - SAME_DEPTH_M) low = mid + 1;
    else if (columns.md[mid] > md + SAME_DEPTH_M) high = mid - 1;
    else return mid;
  }
  return undefined;
}

/**
 * The derived values of each record of a source, by record id then field path: the values at the
 * depth of the record's first station, none (null) when the record has no station or it lies
 * above the tie-on. `intervalMaxDls` is the largest dogleg severity from just below the station
 * of the record before it in depth (the previous day's report) down to this one's.
 */
export function derivedOf(
  source: SurveySource,
  rows: readonly Row[],
  trajectory: WellTrajectory,
): Map<number, Record<string, number | null>> {
  const out = new Map<number, Record<string, number | null>>();
  const derived = Object.entries(source.derived ?? {});
  if (derived.length === 0) return out;
  const { columns } = trajectory;
  const first = source.stations[0];
  const depths = rows.map((row) => {
    const md = asNumber(getPath(row, first.md));
    return { id: row.id, row: md === undefined ? undefined : rowAt(columns, md) };
  });
  // Each record's interval starts below the station of the record before it in depth.
  const rowsInUse = [...new Set(depths.map((d) => d.row).filter((r): r is number => r !== undefined))].sort((a, b) => a - b);
  const intervalStart = new Map(rowsInUse.map((row, i) => [row, i === 0 ? 0 : rowsInUse[i - 1] + 1]));
  for (const { id, row } of depths) {
    const values: Record<string, number | null> = {};
    for (const [path, what] of derived as [string, StationValue][]) {
      if (row === undefined) values[path] = null;
      else if (what === 'intervalMaxDls') values[path] = round(maxDls(columns, intervalStart.get(row)!, row));
      else values[path] = round(columns[what][row]);
    }
    out.set(id, values);
  }
  return out;
}

function maxDls(columns: TrajectoryColumns, from: number, to: number): number {
  let max = 0;
  for (let i = Math.max(from, 0); i <= to; i++) if (columns.dls[i] > max) max = columns.dls[i];
  return max;
}
