// Anti-collision: how far a well stays from each of its neighbours, allowing for where both may
// really be. At every station of the reference well the closest point of the offset well is found
// on its minimum-curvature path (between its stations, not only at them); the centre-to-centre
// distance is compared with the two holes' radii, a surface margin, and the position
// uncertainty of both wells along the line joining the two centres (the "pedal curve radius",
// 1σ), scaled by k:
//   SF = (D − (Rr + Ro) − Sm) / (k · √(σref² + σoff² + σpa²))
// with σpa the project-ahead uncertainty. This is the ISCWSA separation rule (its "allowable
// collision risk"); the two wells' errors are not correlated. SF below 1 means the scaled
// uncertainty envelopes, grown by the holes and the margin, overlap.
//
// Pure and dependency-free. The closest-point search prunes the offset's intervals with bounding
// spheres (an interval's arc lies within half its length of its chord's middle), in chunks, and
// measures an interval in closed form from its arc's frame, kept in the index: a scan costs far
// less than every station against every interval.
import { type PathColumns, type WellUncertainty, covarianceBetween, modelLabel, sigmaAlong } from './error-model';

const DEG = Math.PI / 180;

/** The separation rule's parameters. */
export interface SeparationRule {
  /** Scaling (confidence) factor on the combined 1σ uncertainty. */
  k: number;
  /** Project-ahead uncertainty (m, 1σ, the same in every direction). */
  sigmaPa: number;
  /** Surface margin (m). */
  surfaceMargin: number;
}

export const ISCWSA_RULE: Readonly<SeparationRule> = { k: 3.5, sigmaPa: 0.5, surfaceMargin: 0.3 };

/** A well ready to be scanned: its path, uncertainty and hole radius. */
export interface ScanWell {
  path: PathColumns;
  uncertainty: WellUncertainty;
  /** Hole radius (m), surface to total depth. */
  holeRadius: number;
}

/** The offset's intervals: their arcs and bounding spheres, the spheres in chunks. Build once per well. */
export interface PathIndex {
  path: PathColumns;
  /** Per interval: chord middle (3) and radius of a sphere holding the arc. */
  spheres: Float64Array;
  /** Per chunk of `CHUNK` intervals: centre (3) and radius of a sphere holding them. */
  chunks: Float64Array;
  /**
   * Per interval (ARC numbers): the upper station's direction t (3), the unit normal n towards
   * the arc's centre (3), the binormal t × n (3), the radius and the dogleg (radians; 0 for an
   * interval taken as its chord).
   */
  arcs: Float64Array;
  intervals: number;
}

const CHUNK = 16;
const ARC = 11;

export function indexPath(path: PathColumns): PathIndex {
  const intervals = Math.max(0, path.length - 1);
  const spheres = new Float64Array(intervals * 4);
  const arcs = new Float64Array(intervals * ARC);
  for (let j = 0; j < intervals; j++) {
    spheres[4 * j] = (path.north[j] + path.north[j + 1]) / 2;
    spheres[4 * j + 1] = (path.east[j] + path.east[j + 1]) / 2;
    spheres[4 * j + 2] = (path.tvd[j] + path.tvd[j + 1]) / 2;
    // Any point of the arc is within half its length of the chord's middle; the small extra
    // covers positions rounded or computed apart from the arc.
    spheres[4 * j + 3] = (path.md[j + 1] - path.md[j]) / 2 + 1e-6;
    const t1 = direction(path.inc[j], path.azi[j]);
    const t2 = direction(path.inc[j + 1], path.azi[j + 1]);
    const beta = dogleg(t1, t2);
    const length = path.md[j + 1] - path.md[j];
    if (straight(beta) || length <= 0) continue;
    const sinB = Math.sin(beta);
    const cosB = Math.cos(beta);
    const n = [(t2[0] - t1[0] * cosB) / sinB, (t2[1] - t1[1] * cosB) / sinB, (t2[2] - t1[2] * cosB) / sinB];
    const b = [t1[1] * n[2] - t1[2] * n[1], t1[2] * n[0] - t1[0] * n[2], t1[0] * n[1] - t1[1] * n[0]];
    arcs.set([...t1, ...n, ...b, length / beta, beta], j * ARC);
  }
  const chunkCount = Math.ceil(intervals / CHUNK);
  const chunks = new Float64Array(chunkCount * 4);
  for (let c = 0; c < chunkCount; c++) {
    const from = c * CHUNK;
    const to = Math.min(intervals, from + CHUNK);
    let cn = 0;
    let ce = 0;
    let cv = 0;
    for (let j = from; j < to; j++) {
      cn += spheres[4 * j];
      ce += spheres[4 * j + 1];
      cv += spheres[4 * j + 2];
    }
    cn /= to - from;
    ce /= to - from;
    cv /= to - from;
    let radius = 0;
    for (let j = from; j < to; j++) {
      const d = Math.hypot(spheres[4 * j] - cn, spheres[4 * j + 1] - ce, spheres[4 * j + 2] - cv) + spheres[4 * j + 3];
      if (d > radius) radius = d;
    }
    chunks.set([cn, ce, cv, radius], 4 * c);
  }
  return { path, spheres, chunks, arcs, intervals };
}

/** The closest point of a path to a point: the interval it is on and where. */
export interface ClosestPoint {
  /** The interval's upper station (the point is between station j and j + 1). */
  j: number;
  distance: number;
  md: number;
  tvd: number;
  north: number;
  east: number;
  /** Direction of the hole there (°). */
  inc: number;
  azi: number;
}

function direction(incDeg: number, aziDeg: number): [number, number, number] {
  const i = incDeg * DEG;
  const a = aziDeg * DEG;
  return [Math.sin(i) * Math.cos(a), Math.sin(i) * Math.sin(a), Math.cos(i)];
}

/** The angle (radians) between two unit directions, accurate when tiny and near 180°. */
function dogleg(t1: readonly number[], t2: readonly number[]): number {
  return 2 * Math.atan2(Math.hypot(t2[0] - t1[0], t2[1] - t1[1], t2[2] - t1[2]), Math.hypot(t2[0] + t1[0], t2[1] + t1[1], t2[2] + t1[2]));
}

/**
 * Whether an interval is taken as its chord: straight to within 1e-7 rad, or turning back on
 * itself (where the arc's plane is undefined; minimum curvature adds no displacement there).
 */
const straight = (beta: number) => beta < 1e-7 || Math.PI - beta < 1e-6;

/** The point of interval j (from station j to j + 1) at a measured depth, on its arc. */
export function pointAt(path: PathColumns, j: number, md: number): ClosestPoint {
  const t1 = direction(path.inc[j], path.azi[j]);
  const t2 = direction(path.inc[j + 1], path.azi[j + 1]);
  const length = path.md[j + 1] - path.md[j];
  const fraction = length > 0 ? Math.min(1, Math.max(0, (md - path.md[j]) / length)) : 0;
  if (fraction === 0 || fraction === 1) {
    const k = fraction === 0 ? j : j + 1;
    return {
      j,
      distance: 0,
      md: path.md[k],
      tvd: path.tvd[k],
      north: path.north[k],
      east: path.east[k],
      inc: path.inc[k],
      azi: path.azi[k],
    };
  }
  const beta = dogleg(t1, t2);
  let n: number, e: number, v: number;
  let dir: [number, number, number];
  if (straight(beta)) {
    n = path.north[j] + fraction * (path.north[j + 1] - path.north[j]);
    e = path.east[j] + fraction * (path.east[j + 1] - path.east[j]);
    v = path.tvd[j] + fraction * (path.tvd[j + 1] - path.tvd[j]);
    dir = fraction < 0.5 ? t1 : t2;
  } else {
    const sinB = Math.sin(beta);
    const cosB = Math.cos(beta);
    const normal = [(t2[0] - t1[0] * cosB) / sinB, (t2[1] - t1[1] * cosB) / sinB, (t2[2] - t1[2] * cosB) / sinB];
    const radius = length / beta;
    const theta = fraction * beta;
    const half = Math.sin(theta / 2);
    const c = 2 * half * half;
    const sn = Math.sin(theta);
    n = path.north[j] + radius * (sn * t1[0] + c * normal[0]);
    e = path.east[j] + radius * (sn * t1[1] + c * normal[1]);
    v = path.tvd[j] + radius * (sn * t1[2] + c * normal[2]);
    dir = [Math.cos(theta) * t1[0] + sn * normal[0], Math.cos(theta) * t1[1] + sn * normal[1], Math.cos(theta) * t1[2] + sn * normal[2]];
  }
  const horizontal = Math.hypot(dir[0], dir[1]);
  let azi = horizontal > 1e-12 ? Math.atan2(dir[1], dir[0]) / DEG : fraction < 0.5 ? path.azi[j] : path.azi[j + 1];
  if (azi < 0) azi += 360;
  return { j, distance: 0, md: path.md[j] + fraction * length, tvd: v, north: n, east: e, inc: Math.atan2(horizontal, dir[2]) / DEG, azi };
}

/** Where on its interval the last `nearest` call found the closest point (0 at the upper station, 1 at the lower). */
let nearestFraction = 0;

/**
 * The squared distance from (pn, pe, pv) to interval j, and (in `nearestFraction`) where the
 * closest point is. On the arc's circle, with w the point less the upper station, a = w·t,
 * the point's angle round the centre is atan2(a, R − w·n) and its distance from the circle
 * √((ρ − R)² + (w·b)²), ρ its distance from the centre in the arc's plane; when that angle is
 * off the arc, the nearer end is the closest point.
 */
function nearestOnInterval(index: PathIndex, j: number, pn: number, pe: number, pv: number): number {
  const { path, arcs } = index;
  const wn = pn - path.north[j];
  const we = pe - path.east[j];
  const wv = pv - path.tvd[j];
  const o = j * ARC;
  const beta = arcs[o + 10];
  if (beta === 0) {
    const cn = path.north[j + 1] - path.north[j];
    const ce = path.east[j + 1] - path.east[j];
    const cv = path.tvd[j + 1] - path.tvd[j];
    const c2 = cn * cn + ce * ce + cv * cv;
    const f = c2 > 0 ? Math.min(1, Math.max(0, (wn * cn + we * ce + wv * cv) / c2)) : 0;
    nearestFraction = f;
    const dn = wn - f * cn;
    const de = we - f * ce;
    const dv = wv - f * cv;
    return dn * dn + de * de + dv * dv;
  }
  const radius = arcs[o + 9];
  const along = wn * arcs[o] + we * arcs[o + 1] + wv * arcs[o + 2];
  const towards = wn * arcs[o + 3] + we * arcs[o + 4] + wv * arcs[o + 5];
  const across = wn * arcs[o + 6] + we * arcs[o + 7] + wv * arcs[o + 8];
  const phi = Math.atan2(along, radius - towards);
  if (phi >= 0 && phi <= beta) {
    nearestFraction = phi / beta;
    const rho = Math.sqrt(along * along + (radius - towards) * (radius - towards));
    // ρ − R without the cancellation of two large numbers (R is huge on a nearly straight interval).
    const off = (along * along - 2 * radius * towards + towards * towards) / (rho + radius);
    return off * off + across * across;
  }
  const d0 = wn * wn + we * we + wv * wv;
  const en = pn - path.north[j + 1];
  const ee = pe - path.east[j + 1];
  const ev = pv - path.tvd[j + 1];
  const d1 = en * en + ee * ee + ev * ev;
  nearestFraction = d0 <= d1 ? 0 : 1;
  return Math.min(d0, d1);
}

/**
 * The closest point of the whole indexed path to a point (undefined for a path without stations).
 * `hint`: an interval likely to hold it (the previous station's), measured first so that most
 * chunks are passed over at once.
 */
export function closestOnPath(index: PathIndex, pn: number, pe: number, pv: number, hint = 0): ClosestPoint | undefined {
  const { path, spheres, chunks, intervals } = index;
  if (path.length === 0) return undefined;
  if (intervals === 0) {
    const point = pointAt(path, 0, path.md[0]);
    point.distance = Math.hypot(pn - point.north, pe - point.east, pv - point.tvd);
    return point;
  }
  let bestJ = -1;
  let bestD2 = Infinity;
  let bestD = Infinity;
  let bestFraction = 0;
  const from = Math.max(0, Math.min(intervals - 1, hint) - 1);
  for (let j = from; j < Math.min(intervals, from + 3); j++) {
    const d2 = nearestOnInterval(index, j, pn, pe, pv);
    if (d2 < bestD2) {
      bestD2 = d2;
      bestJ = j;
      bestFraction = nearestFraction;
    }
  }
  bestD = Math.sqrt(bestD2);
  const chunkCount = chunks.length / 4;
  for (let c = 0; c < chunkCount; c++) {
    let dn = pn - chunks[4 * c];
    let de = pe - chunks[4 * c + 1];
    let dv = pv - chunks[4 * c + 2];
    let reach = bestD + chunks[4 * c + 3];
    if (dn * dn + de * de + dv * dv >= reach * reach) continue;
    const to = Math.min(intervals, (c + 1) * CHUNK);
    for (let j = c * CHUNK; j < to; j++) {
      dn = pn - spheres[4 * j];
      de = pe - spheres[4 * j + 1];
      dv = pv - spheres[4 * j + 2];
      reach = bestD + spheres[4 * j + 3];
      if (dn * dn + de * de + dv * dv >= reach * reach) continue;
      const d2 = nearestOnInterval(index, j, pn, pe, pv);
      if (d2 < bestD2) {
        bestD2 = d2;
        bestD = Math.sqrt(d2);
        bestJ = j;
        bestFraction = nearestFraction;
      }
    }
  }
  const point = pointAt(path, bestJ, path.md[bestJ] + bestFraction * (path.md[bestJ + 1] - path.md[bestJ]));
  point.distance = Math.hypot(pn - point.north, pe - point.east, pv - point.tvd);
  return point;
}

/** One reference station's clearance from one offset well. */
export interface ClearanceRow {
  md: number;
  tvd: number;
  north: number;
  east: number;
  /** The offset's closest point. */
  offsetMd: number;
  offsetTvd: number;
  offsetNorth: number;
  offsetEast: number;
  /** Centre-to-centre distance (m). */
  distance: number;
  /** Horizontal direction from the reference point to the offset point (°, grid). */
  bearing: number;
  /** Each well's 1σ uncertainty along the line joining the centres (m). */
  refPcr: number;
  offsetPcr: number;
  /** Both hole radii (m). */
  holes: number;
  /** The distance left between the holes' walls once each is grown by k·σ (combined): D − holes − k·σ (m). */
  ellipseSeparation: number;
  sf: number;
}

export interface ScanOptions {
  /** Scan only reference stations at or below this measured depth (a sidetrack's kick-off). */
  fromMd?: number;
}

export interface ClearanceScan {
  rows: ClearanceRow[];
  /** The smallest SF and the row it is at (undefined without rows). */
  minimum: ClearanceRow | undefined;
  rule: SeparationRule;
  errorModel: ReturnType<typeof modelLabel>;
}

/** The clearance of the reference well from one offset well at every reference station. */
export function scanClearance(
  reference: ScanWell,
  offset: ScanWell,
  offsetIndex: PathIndex,
  rule: SeparationRule = ISCWSA_RULE,
  options: ScanOptions = {},
): ClearanceScan {
  const rows: ClearanceRow[] = [];
  const ref = reference.path;
  const cov = new Float64Array(6);
  const fromMd = options.fromMd ?? -Infinity;
  const holes = reference.holeRadius + offset.holeRadius;
  let minimum: ClearanceRow | undefined;
  let hint = 0;
  for (let i = 0; i < ref.length; i++) {
    if (ref.md[i] < fromMd - 1e-6) continue;
    const pn = ref.north[i];
    const pe = ref.east[i];
    const pv = ref.tvd[i];
    const closest = closestOnPath(offsetIndex, pn, pe, pv, hint);
    if (!closest) break;
    hint = closest.j;
    const dn = closest.north - pn;
    const de = closest.east - pe;
    const dv = closest.tvd - pv;
    const refPcr = sigmaAlong(reference.uncertainty.covariance, i * 6, dn, de, dv);
    covarianceBetween(offset.uncertainty, closest.j, closest, cov);
    const offsetPcr = sigmaAlong(cov, 0, dn, de, dv);
    const spread = rule.k * Math.sqrt(refPcr * refPcr + offsetPcr * offsetPcr + rule.sigmaPa * rule.sigmaPa);
    const sf = spread > 0 ? (closest.distance - holes - rule.surfaceMargin) / spread : Infinity;
    let bearing = Math.hypot(dn, de) > 1e-9 ? Math.atan2(de, dn) / DEG : 0;
    if (bearing < 0) bearing += 360;
    const row: ClearanceRow = {
      md: ref.md[i],
      tvd: pv,
      north: pn,
      east: pe,
      offsetMd: closest.md,
      offsetTvd: closest.tvd,
      offsetNorth: closest.north,
      offsetEast: closest.east,
      distance: closest.distance,
      bearing,
      refPcr,
      offsetPcr,
      holes,
      ellipseSeparation: closest.distance - holes - spread,
      sf,
    };
    rows.push(row);
    if (!minimum || row.sf < minimum.sf) minimum = row;
  }
  return { rows, minimum, rule, errorModel: modelLabel(reference.uncertainty.model) };
}

/** Traffic-light thresholds: SF below `stop` stops drilling, below `caution` asks for care. */
export interface SfThresholds {
  stop: number;
  caution: number;
}

export type SfLevel = 'stop' | 'caution' | 'clear';

export function sfLevel(sf: number, thresholds: SfThresholds): SfLevel {
  if (sf < thresholds.stop) return 'stop';
  if (sf < thresholds.caution) return 'caution';
  return 'clear';
}
