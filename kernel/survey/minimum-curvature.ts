// Survey maths: turns survey stations (measured depth, inclination, azimuth) into the well's path
// by the minimum-curvature method — true vertical depth, north, east, vertical section, closure
// and dogleg severity at every station, and the well's totals — so nobody types them. Pure and
// dependency-free: the server, the in-browser mock and the console can all run it. The hot loop
// works on Float64Arrays so a 100,000-station well takes milliseconds.
//
// Conventions: depths and coordinates in metres; angles in degrees at the edges (radians inside);
// inclination 0° = vertically down, 90° = horizontal, up to 180° (drilling upwards); azimuth
// clockwise from north, 0 ≤ azi < 360 (360 is read as 0); TVD grows downwards; dogleg severity,
// build and turn rates in degrees per 30 m of measured depth.
//
// Between two stations the hole is taken to be a circular arc. With t1 and t2 the unit tool
// directions (north, east, down) = (sin I cos A, sin I sin A, cos I), the dogleg β is the angle
// between them, computed in half-angle form from the chord and the sum of the two directions:
// |t2 − t1| = 2 sin(β/2) and |t2 + t1| = 2 cos(β/2), so β = 2·atan2(|t2 − t1|, |t2 + t1|). This is
// accurate for tiny doglegs (where the textbook arccos of a dot product loses every digit and
// rounding may put its argument outside [−1, 1]) and for doglegs near 180°. The displacement
// along the arc is ΔMD/2 · RF · (t1 + t2) with the ratio factor RF = (2/β)·tan(β/2).

const RADIANS_PER_DEGREE = Math.PI / 180;
const DEGREES_PER_RADIAN = 180 / Math.PI;

/** Dogleg severity, build and turn rates are expressed per this length of measured depth (m). */
export const RATE_LENGTH_M = 30;
/** Deepest measured depth accepted from a person or a file (m): a guard against unit mistakes. */
export const MAX_MD_M = 20_000;
/** Two stations closer than this in measured depth (m) are at the same depth. */
export const SAME_DEPTH_M = 0.001;
/** Below this dogleg (radians) the ratio factor comes from its series instead of tan(β/2)/β. */
const SERIES_BELOW_RAD = 0.02;
/**
 * |t1 + t2| = 2 cos(β/2) below which the two tool directions are opposite (β = 180° to within
 * about 1e-9 rad). See `ratioFactor` and the loop in `computeColumns` for what happens then.
 */
const REVERSAL_SUM = 2e-9;

export interface SurveyStation {
  /** Measured depth along the hole (m). */
  md: number;
  /** Inclination from vertical (°, 0–180). */
  inc: number;
  /** Azimuth clockwise from north (°, 0–360). */
  azi: number;
}

/** A station and where it came from (a file line, a daily report, an MWD run...). */
export interface SourcedStation extends SurveyStation {
  source: string;
  /** The line of the file it was read from (1-based), when it came from a file. */
  line?: number;
  /** The id of the record it was read from (a daily report, a usage record, a well's listing). */
  ref?: number;
}

/**
 * The known position of the hole at a measured depth, where the computation starts: the
 * wellhead, or for a sidetrack the point on the parent hole it leaves from. Stations above it
 * belong to the parent hole and are left out. When it is above the first station it becomes the
 * first row of the result, with its own direction (inc/azi), or the first station's when not
 * given (a straight line down to that station). At the first station's depth it only gives that
 * station's position; the direction is the station's.
 */
export interface TieOn {
  md: number;
  tvd: number;
  north: number;
  east: number;
  inc?: number;
  azi?: number;
}

/** Without a tie-on the hole starts vertical at the wellhead: MD 0, TVD 0, north 0, east 0. */
export const SURFACE_TIE_ON: Readonly<Required<TieOn>> = { md: 0, tvd: 0, north: 0, east: 0, inc: 0, azi: 0 };

export interface TrajectoryOptions {
  /** The azimuth (°) the vertical section is projected on; 0 (north) when not given. */
  vsAzimuth?: number;
  tieOn?: TieOn;
}

/** A computed station, as the trajectory call answers it. */
export interface TrajectoryStation extends SurveyStation {
  tvd: number;
  north: number;
  east: number;
  /** Vertical section: the horizontal position projected on the vertical-section azimuth (m). */
  vs: number;
  /** Horizontal distance from the wellhead (m). */
  closure: number;
  /** Direction of that distance, clockwise from north (°, 0 ≤ closureAzi < 360; 0 at the wellhead). */
  closureAzi: number;
  /** Dogleg severity of the interval ending here (°/30 m; 0 at the first station). */
  dls: number;
  /** Build rate: change of inclination over the interval ending here (°/30 m). */
  build: number;
  /** Turn rate: change of azimuth the short way round, e.g. 359° → 1° is +2° (°/30 m). */
  turn: number;
}

/** Every computed quantity as one column per name: what the fast path returns. */
export interface TrajectoryColumns {
  length: number;
  md: Float64Array;
  inc: Float64Array;
  azi: Float64Array;
  tvd: Float64Array;
  north: Float64Array;
  east: Float64Array;
  vs: Float64Array;
  closure: Float64Array;
  closureAzi: Float64Array;
  dls: Float64Array;
  build: Float64Array;
  turn: Float64Array;
  /** Input stations left out because they are above the tie-on. */
  skippedAboveTieOn: number;
}

export interface TrajectoryTotals {
  stations: number;
  /** The last station's measured depth, TVD, position, vertical section and closure. */
  md: number;
  tvd: number;
  north: number;
  east: number;
  vs: number;
  closure: number;
  closureAzi: number;
  maxInclination: number;
  maxInclinationMd: number;
  maxDls: number;
  maxDlsMd: number;
  /** The largest closure distance reached so far (m), and where. */
  maxClosure: number;
  maxClosureMd: number;
}

export interface Trajectory {
  stations: TrajectoryStation[];
  /** Undefined when there is no station. */
  totals: TrajectoryTotals | undefined;
  skippedAboveTieOn: number;
}

/** Any finite angle wrapped into [0, 360): 360 → 0, −10 → 350. */
export function normaliseAzimuth(degrees: number): number {
  if (degrees >= 0 && degrees < 360) return degrees + 0; // the usual case; + 0 turns −0 into 0
  const wrapped = degrees % 360;
  const positive = wrapped < 0 ? wrapped + 360 : wrapped;
  return positive >= 360 ? 0 : positive + 0;
}

/** The change from one azimuth to another the short way round, in (−180, 180]. */
export function azimuthChange(from: number, to: number): number {
  const change = normaliseAzimuth(to - from);
  return change > 180 ? change - 360 : change;
}

/**
 * RF = (2/β)·tan(β/2) for a dogleg β in radians: 1 for a straight interval, growing with β.
 * For small β the quotient loses precision (and is 0/0 at β = 0), so its Taylor series is used:
 * 1 + β²/12 + β⁴/120 + 17β⁶/20160, whose next term is below 1e-17 under 0.02 rad.
 * At β = 180° tan(β/2) is infinite in exact arithmetic; callers never multiply it by anything
 * then (see `computeColumns`), and in floating point it stays finite (about 1e16).
 */
export function ratioFactor(beta: number): number {
  if (beta < SERIES_BELOW_RAD) {
    const b2 = beta * beta;
    return 1 + (b2 / 12) * (1 + (b2 / 10) * (1 + (17 * b2) / 168));
  }
  return (2 / beta) * Math.tan(beta / 2);
}

/** The dogleg (radians) between two tool directions given as unit vectors' difference and sum. */
function doglegFrom(chord: number, sum: number): number {
  return 2 * Math.atan2(chord, sum);
}

/** The dogleg angle (degrees, 0–180) between two stations' directions. */
export function doglegAngle(from: Pick<SurveyStation, 'inc' | 'azi'>, to: Pick<SurveyStation, 'inc' | 'azi'>): number {
  const i1 = from.inc * RADIANS_PER_DEGREE;
  const a1 = from.azi * RADIANS_PER_DEGREE;
  const i2 = to.inc * RADIANS_PER_DEGREE;
  const a2 = to.azi * RADIANS_PER_DEGREE;
  const n1 = Math.sin(i1) * Math.cos(a1);
  const e1 = Math.sin(i1) * Math.sin(a1);
  const v1 = Math.cos(i1);
  const n2 = Math.sin(i2) * Math.cos(a2);
  const e2 = Math.sin(i2) * Math.sin(a2);
  const v2 = Math.cos(i2);
  const chord = Math.hypot(n2 - n1, e2 - e1, v2 - v1);
  const sum = Math.hypot(n2 + n1, e2 + e1, v2 + v1);
  return doglegFrom(chord, sum) * DEGREES_PER_RADIAN;
}

/**
 * The minimum-curvature computation on columns of measured depth, inclination and azimuth (any
 * array-like, typically Float64Arrays), in measured-depth order. It assumes stations that passed
 * `checkStation` and `checkOrder`, but never yields NaN or Infinity for finite input:
 * - a vertical hole or identical consecutive directions give β = 0 and RF = 1 from the series;
 * - two stations at the same depth add nothing and get dls, build and turn 0 (there is no length
 *   to divide by; `mergeStations` removes such pairs before this runs);
 * - two opposite directions (a 180° dogleg: the hole turning back on itself) leave the arc's
 *   plane undefined — any half circle joins them. The interval then adds no displacement (the
 *   sum t1 + t2 is zero, and we do not multiply its rounding noise by an enormous RF) and its
 *   dogleg severity is 180° over the interval's length. A real hole cannot do this between two
 *   survey stations; the rule only keeps the numbers finite.
 */
export function computeColumns(
  md: ArrayLike<number>,
  inc: ArrayLike<number>,
  azi: ArrayLike<number>,
  options: TrajectoryOptions = {},
): TrajectoryColumns {
  const tieOn = options.tieOn ?? SURFACE_TIE_ON;
  const count = md.length;
  let first = 0;
  while (first < count && md[first] < tieOn.md - SAME_DEPTH_M) first++;
  const tieOnAbove = first < count && md[first] - tieOn.md > SAME_DEPTH_M;
  const length = first < count ? count - first + (tieOnAbove ? 1 : 0) : 0;
  const columns = emptyColumns(length, first);
  if (length === 0) return columns;

  // Copy the inputs in, the tie-on first when it is a station of its own.
  let row = 0;
  if (tieOnAbove) {
    columns.md[0] = tieOn.md;
    columns.inc[0] = tieOn.inc ?? inc[first];
    columns.azi[0] = normaliseAzimuth(tieOn.azi ?? azi[first]);
    row = 1;
  }
  for (let i = first; i < count; i++, row++) {
    columns.md[row] = md[i];
    columns.inc[row] = inc[i];
    columns.azi[row] = normaliseAzimuth(azi[i]);
  }

  const vsRadians = (options.vsAzimuth ?? 0) * RADIANS_PER_DEGREE;
  const vsNorth = Math.cos(vsRadians);
  const vsEast = Math.sin(vsRadians);
  const { md: mds, inc: incs, azi: azis, tvd, north, east, vs, closure, closureAzi, dls, build, turn } = columns;

  let n = tieOn.north;
  let e = tieOn.east;
  let v = tieOn.tvd;
  // The previous station's unit tool direction (north, east, down).
  let sinInc = Math.sin(incs[0] * RADIANS_PER_DEGREE);
  let pn = sinInc * Math.cos(azis[0] * RADIANS_PER_DEGREE);
  let pe = sinInc * Math.sin(azis[0] * RADIANS_PER_DEGREE);
  let pv = Math.cos(incs[0] * RADIANS_PER_DEGREE);
  for (let i = 0; i < length; i++) {
    if (i > 0) {
      sinInc = Math.sin(incs[i] * RADIANS_PER_DEGREE);
      const azimuth = azis[i] * RADIANS_PER_DEGREE;
      const tn = sinInc * Math.cos(azimuth);
      const te = sinInc * Math.sin(azimuth);
      const tv = Math.cos(incs[i] * RADIANS_PER_DEGREE);
      const sn = tn + pn;
      const se = te + pe;
      const sv = tv + pv;
      const dn = tn - pn;
      const de = te - pe;
      const dv = tv - pv;
      const sum = Math.sqrt(sn * sn + se * se + sv * sv);
      const beta = doglegFrom(Math.sqrt(dn * dn + de * de + dv * dv), sum);
      const courseLength = mds[i] - mds[i - 1];
      const halfStep = sum < REVERSAL_SUM ? 0 : (courseLength / 2) * ratioFactor(beta);
      n += halfStep * sn;
      e += halfStep * se;
      v += halfStep * sv;
      if (courseLength > 0) {
        const perRateLength = RATE_LENGTH_M / courseLength;
        dls[i] = beta * DEGREES_PER_RADIAN * perRateLength;
        build[i] = (incs[i] - incs[i - 1]) * perRateLength;
        turn[i] = azimuthChange(azis[i - 1], azis[i]) * perRateLength;
      }
      pn = tn;
      pe = te;
      pv = tv;
    }
    tvd[i] = v;
    north[i] = n;
    east[i] = e;
    vs[i] = n * vsNorth + e * vsEast;
    const distance = Math.sqrt(n * n + e * e);
    closure[i] = distance;
    closureAzi[i] = distance > 0 ? normaliseAzimuth(Math.atan2(e, n) * DEGREES_PER_RADIAN) : 0;
  }
  return columns;
}

function emptyColumns(length: number, skippedAboveTieOn: number): TrajectoryColumns {
  const column = () => new Float64Array(length);
  return {
    length,
    md: column(),
    inc: column(),
    azi: column(),
    tvd: column(),
    north: column(),
    east: column(),
    vs: column(),
    closure: column(),
    closureAzi: column(),
    dls: column(),
    build: column(),
    turn: column(),
    skippedAboveTieOn,
  };
}

/** The well's figures up to and including station `last` (the whole well by default). */
export function summarise(columns: TrajectoryColumns, last = columns.length - 1): TrajectoryTotals | undefined {
  if (columns.length === 0 || last < 0) return undefined;
  const end = Math.min(last, columns.length - 1);
  let maxInc = 0;
  let maxDls = 0;
  let maxClosure = 0;
  for (let i = 1; i <= end; i++) {
    if (columns.inc[i] > columns.inc[maxInc]) maxInc = i;
    if (columns.dls[i] > columns.dls[maxDls]) maxDls = i;
    if (columns.closure[i] > columns.closure[maxClosure]) maxClosure = i;
  }
  return {
    stations: end + 1,
    md: columns.md[end],
    tvd: columns.tvd[end],
    north: columns.north[end],
    east: columns.east[end],
    vs: columns.vs[end],
    closure: columns.closure[end],
    closureAzi: columns.closureAzi[end],
    maxInclination: columns.inc[maxInc],
    maxInclinationMd: columns.md[maxInc],
    maxDls: columns.dls[maxDls],
    maxDlsMd: columns.md[maxDls],
    maxClosure: columns.closure[maxClosure],
    maxClosureMd: columns.md[maxClosure],
  };
}

/** The station `i` of computed columns as an object. */
export function stationAt(columns: TrajectoryColumns, i: number): TrajectoryStation {
  return {
    md: columns.md[i],
    inc: columns.inc[i],
    azi: columns.azi[i],
    tvd: columns.tvd[i],
    north: columns.north[i],
    east: columns.east[i],
    vs: columns.vs[i],
    closure: columns.closure[i],
    closureAzi: columns.closureAzi[i],
    dls: columns.dls[i],
    build: columns.build[i],
    turn: columns.turn[i],
  };
}

/** The trajectory of stations in measured-depth order, as objects, with the well's totals. */
export function computeTrajectory(stations: readonly SurveyStation[], options: TrajectoryOptions = {}): Trajectory {
  const md = new Float64Array(stations.length);
  const inc = new Float64Array(stations.length);
  const azi = new Float64Array(stations.length);
  stations.forEach((station, i) => {
    md[i] = station.md;
    inc[i] = station.inc;
    azi[i] = station.azi;
  });
  const columns = computeColumns(md, inc, azi, options);
  return {
    stations: Array.from({ length: columns.length }, (_, i) => stationAt(columns, i)),
    totals: summarise(columns),
    skippedAboveTieOn: columns.skippedAboveTieOn,
  };
}

// ---------------------------------------------------------------------------------------------
// Checking and merging stations before they are computed.

export type StationField = 'md' | 'inc' | 'azi';

/** What is wrong with one value: the field and a reason key the console translates. */
export interface StationProblem {
  field: StationField;
  reason: 'notANumber' | 'outOfRange';
}

const RANGES: Record<StationField, readonly [number, number]> = { md: [0, MAX_MD_M], inc: [0, 180], azi: [0, 360] };

/** The first value of a station that is not a finite number within its range, if any. */
export function checkStation(station: SurveyStation): StationProblem | undefined {
  for (const field of ['md', 'inc', 'azi'] as const) {
    const value = station[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) return { field, reason: 'notANumber' };
    const [min, max] = RANGES[field];
    if (value < min || value > max) return { field, reason: 'outOfRange' };
  }
  return undefined;
}

/** A station with its azimuth in [0, 360): 360 becomes 0. */
export function normaliseStation<T extends SurveyStation>(station: T): T {
  return station.azi >= 360 || station.azi < 0 ? { ...station, azi: normaliseAzimuth(station.azi) } : station;
}

/**
 * The first station out of order: `depthNotIncreasing` when its depth is above the previous
 * one's, `sameDepth` when at the same depth (to within `SAME_DEPTH_M`; merge those first).
 */
export function checkOrder(stations: readonly SurveyStation[]): { index: number; reason: 'depthNotIncreasing' | 'sameDepth' } | undefined {
  for (let i = 1; i < stations.length; i++) {
    const step = stations[i].md - stations[i - 1].md;
    if (step < -SAME_DEPTH_M) return { index: i, reason: 'depthNotIncreasing' };
    if (step <= SAME_DEPTH_M) return { index: i, reason: 'sameDepth' };
  }
  return undefined;
}

/** Two stations found at the same depth: the one used and the one set aside. */
export interface MergeWarning {
  md: number;
  kept: SourcedStation;
  dropped: SourcedStation;
  /** The source of the station set aside: where a person should look. */
  source: string;
}

/**
 * Stations from several sources in one list in measured-depth order, one per depth. Where
 * stations share a depth (to within `SAME_DEPTH_M`), the one from the earlier list wins, and
 * within one list the earlier station; every station set aside is reported, never silently
 * dropped. Azimuths come out in [0, 360).
 */
export function mergeStations(lists: ReadonlyArray<readonly SourcedStation[]>): { stations: SourcedStation[]; warnings: MergeWarning[] } {
  const ranked = lists.flatMap((list, rank) => list.map((station, index) => ({ station: normaliseStation(station), rank, index })));
  ranked.sort((a, b) => a.station.md - b.station.md || a.rank - b.rank || a.index - b.index);
  const stations: SourcedStation[] = [];
  const warnings: MergeWarning[] = [];
  for (let start = 0; start < ranked.length;) {
    let end = start + 1;
    while (end < ranked.length && ranked[end].station.md - ranked[start].station.md <= SAME_DEPTH_M) end++;
    const group = ranked.slice(start, end).sort((a, b) => a.rank - b.rank || a.index - b.index);
    const kept = group[0].station;
    stations.push(kept);
    for (const { station } of group.slice(1)) warnings.push({ md: kept.md, kept, dropped: station, source: station.source });
    start = end;
  }
  return { stations, warnings };
}
