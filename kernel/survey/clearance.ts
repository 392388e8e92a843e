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
// spheres (an interval's arc lies within half its length of its chord's middle), so a scan costs
// far less than every station against every interval.
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

/** The offset's intervals with their bounding spheres, in chunks: build once per well. */
export interface PathIndex {
  path: PathColumns;
  /** Per interval: chord middle (3) and radius of a sphere holding the arc. */
  spheres: Float64Array;
  /** Per chunk of `CHUNK` intervals: centre (3) and radius of a sphere holding them. */
  chunks: Float64Array;
  intervals: number;
}

const CHUNK = 16;

export function indexPath(path: PathColumns): PathIndex {
  const intervals = Math.max(0, path.length - 1);
  const spheres = new Float64Array(intervals * 4);
  for (let j = 0; j < intervals; j++) {
    spheres[4 * j] = (path.north[j] + path.north[j + 1]) / 2;
    spheres[4 * j + 1] = (path.east[j] + path.east[j + 1]) / 2;
    spheres[4 * j + 2] = (path.tvd[j] + path.tvd[j + 1]) / 2;
    // Any point of the arc is within half its length of the chord's middle; the small extra
    // covers positions rounded or computed apart from the arc.
    spheres[4 * j + 3] = (path.md[j + 1] - path.md[j]) / 2 + 1e-6;
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
  return { path, spheres, chunks, intervals };
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

/**
 * The closest point to (pn, pe, pv) on interval j of a path, a circular arc from station j to
 * j + 1 (a straight line when they point the same way). On the arc's circle the distance is
 * smallest at one angle; when that angle is outside the arc, the nearer end is the answer.
 */
export function closestOnInterval(path: PathColumns, j: number, pn: number, pe: number, pv: number): ClosestPoint {
  const t1 = direction(path.inc[j], path.azi[j]);
  const t2 = direction(path.inc[j + 1], path.azi[j + 1]);
  const length = path.md[j + 1] - path.md[j];
  const beta = dogleg(t1, t2);
  const wn = pn - path.north[j];
  const we = pe - path.east[j];
  const wv = pv - path.tvd[j];
  let fraction: number;
  if (length <= 0) fraction = 0;
  else if (straight(beta)) {
    const cn = path.north[j + 1] - path.north[j];
    const ce = path.east[j + 1] - path.east[j];
    const cv = path.tvd[j + 1] - path.tvd[j];
    const c2 = cn * cn + ce * ce + cv * cv;
    fraction = c2 > 0 ? Math.min(1, Math.max(0, (wn * cn + we * ce + wv * cv) / c2)) : 0;
  } else {
    // In the arc's plane, with the centre at radius R along the unit normal n from station j,
    // the squared distance is |w|² + R² − 2R·(a·sin θ + b·cos θ), a = w·t1 and b = R − w·n: it
    // is smallest at θ = atan2(a, b), or at the nearer end when that is off the arc.
    const sinB = Math.sin(beta);
    const cosB = Math.cos(beta);
    const radius = length / beta;
    const along = wn * t1[0] + we * t1[1] + wv * t1[2];
    const towards = (wn * (t2[0] - t1[0] * cosB) + we * (t2[1] - t1[1] * cosB) + wv * (t2[2] - t1[2] * cosB)) / sinB;
    const phi = Math.atan2(along, radius - towards);
    if (phi >= 0 && phi <= beta) fraction = phi / beta;
    else {
      const end = pointAt(path, j, path.md[j + 1]);
      fraction = wn * wn + we * we + wv * wv <= (pn - end.north) ** 2 + (pe - end.east) ** 2 + (pv - end.tvd) ** 2 ? 0 : 1;
    }
  }
  const point = pointAt(path, j, path.md[j] + fraction * length);
  point.distance = Math.hypot(pn - point.north, pe - point.east, pv - point.tvd);
  return point;
}

/** The point of interval j (from station j to j + 1) at a measured depth, on its arc. */
export function pointAt(path: PathColumns, j: number, md: number): ClosestPoint {
  const t1 = direction(path.inc[j], path.azi[j]);
  const t2 = direction(path.inc[j + 1], path.azi[j + 1]);
  const length = path.md[j + 1] - path.md[j];
  const fraction = length > 0 ? Math.min(1, Math.max(0, (md - path.md[j]) / length)) : 0;
  const station = (k: number): ClosestPoint => ({
    j,
    distance: 0,
    md: path.md[k],
    tvd: path.tvd[k],
    north: path.north[k],
    east: path.east[k],
    inc: path.inc[k],
    azi: path.azi[k],
  });
  if (fraction === 0) return station(j);
  if (fraction === 1) return station(j + 1);
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

/** The closest point of the whole indexed path to a point (undefined for a path of one station or none). */
export function closestOnPath(index: PathIndex, pn: number, pe: number, pv: number): ClosestPoint | undefined {
  const { path, spheres, chunks, intervals } = index;
  if (path.length === 0) return undefined;
  if (intervals === 0) {
    return {
      j: 0,
      distance: Math.hypot(pn - path.north[0], pe - path.east[0], pv - path.tvd[0]),
      md: path.md[0],
      tvd: path.tvd[0],
      north: path.north[0],
      east: path.east[0],
      inc: path.inc[0],
      azi: path.azi[0],
    };
  }
  const chunkCount = chunks.length / 4;
  const bounds = new Float64Array(chunkCount);
  let first = 0;
  for (let c = 0; c < chunkCount; c++) {
    bounds[c] = Math.hypot(pn - chunks[4 * c], pe - chunks[4 * c + 1], pv - chunks[4 * c + 2]) - chunks[4 * c + 3];
    if (bounds[c] < bounds[first]) first = c;
  }
  let best: ClosestPoint | undefined;
  const visit = (c: number) => {
    const to = Math.min(intervals, (c + 1) * CHUNK);
    for (let j = c * CHUNK; j < to; j++) {
      if (best && Math.hypot(pn - spheres[4 * j], pe - spheres[4 * j + 1], pv - spheres[4 * j + 2]) - spheres[4 * j + 3] >= best.distance)
        continue;
      const candidate = closestOnInterval(path, j, pn, pe, pv);
      if (!best || candidate.distance < best.distance) best = candidate;
    }
  };
  visit(first);
  for (let c = 0; c < chunkCount; c++) if (c !== first && bounds[c] < best!.distance) visit(c);
  return best;
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
  for (let i = 0; i < ref.length; i++) {
    if (ref.md[i] < fromMd - 1e-6) continue;
    const pn = ref.north[i];
    const pe = ref.east[i];
    const pv = ref.tvd[i];
    const closest = closestOnPath(offsetIndex, pn, pe, pv);
    if (!closest) break;
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
