// Position uncertainty of a surveyed well: the ISCWSA MWD error model, revision 4 (the basic
// model for fixed installations, without bias terms). Each of its 27 error sources (a sensor
// bias or scale factor, a misalignment, the depth measurement, the declination…) moves every
// station's measured depth, inclination and azimuth by its magnitude times a weighting function
// of the station's direction and the Earth's field. Those small changes move the computed
// positions; summing their effects gives each station's 3×3 covariance in north, east and
// vertical (metres², 1σ).
//
// How an error moves the position (the ISCWSA propagation, balanced-tangential derivatives):
// the displacement of the interval ending at station k is ΔD/2·(t(k−1) + t(k)), with t the unit
// tool direction (north, east, down). A change of station k's depth, inclination or azimuth
// moves that interval and the next one, so its effect is
//   e(k) = σ·[ wD·(t(k−1) − t(k+1))/2 + (D(k+1) − D(k−1))/2 · (wI·∂t/∂I + wA·∂t/∂A) ]
// and, at the station whose uncertainty is asked (nothing below it yet),
//   e*(k) = σ·[ wD·(t(k−1) + t(k))/2 + (D(k) − D(k−1))/2 · (wI·∂t/∂I + wA·∂t/∂A) ].
// A random error is independent from station to station, so its covariance at station K is
// Σ e(k)·e(k)ᵀ over k < K plus e*(K)·e*(K)ᵀ; a systematic or global one is the same at every
// station, so its effects add before squaring: (Σ e(k) + e*(K))·(…)ᵀ. Across one well, global
// and systematic terms give the same covariance; they differ only between wells, which this
// module does not correlate.
//
// Near vertical, three weighting functions divide by sin I and the azimuth has no meaning. Since
// ∂t/∂A = sin I·(−sin A, cos A, 0), each term's azimuth weight is kept multiplied by sin I
// (`wAs` below), which is finite for every term, and multiplied by (−sin A, cos A, 0). At I = 0
// this is the limit the published near-vertical ("singularity") forms give, so no special case
// and no threshold is needed.
//
// The first station (the surface, or a sidetrack's tie-on on its parent hole) is where the
// uncertainty starts: it contributes nothing and its own covariance is zero. Depth-type errors
// still grow with the absolute measured depth, so a sidetrack's depth uncertainty carries on
// from its parent's.

const DEG = Math.PI / 180;

export type Propagation = 'random' | 'systematic' | 'global';

/** The Earth's field and grid where the well is, which the magnetic terms depend on. */
export interface FieldParameters {
  /** Magnetic declination (°, east positive): true azimuth − magnetic azimuth. */
  declination: number;
  /** Magnetic dip (°, positive downward). */
  dip: number;
  /** Total magnetic field (nT). */
  bTotal: number;
  /** Gravity (m/s²). */
  gravity: number;
  /** Grid convergence (°): true azimuth − grid azimuth. */
  convergence: number;
}

/** What the weighting functions read at one station. Angles in radians. */
interface WeightInput {
  md: number;
  tvd: number;
  sinI: number;
  cosI: number;
  /** sin and cos of the magnetic azimuth. */
  sinAm: number;
  cosAm: number;
  /** sin and cos of the true azimuth. */
  sinAt: number;
  cosAt: number;
  tanDip: number;
  /** B·cos(dip), the horizontal field (nT). */
  bHorizontal: number;
  gravity: number;
}

/** Writes [wD, wI, wA·sin I] for one station at `out[o…o+2]`. */
type Weighting = (s: WeightInput, out: Float64Array, o: number) => void;

export interface ErrorTerm {
  code: string;
  /** 1σ magnitude in SI units (m, −, 1/m, m/s², nT, rad, rad·nT). */
  magnitude: number;
  propagation: Propagation;
  weight: Weighting;
}

const SQRT2 = Math.SQRT2;
const set = (out: Float64Array, o: number, d: number, i: number, as: number) => {
  out[o] = d;
  out[o + 1] = i;
  out[o + 2] = as;
};

/** The ISCWSA MWD revision 4 terms, their magnitudes and how they propagate. */
const MWD_REV4_TERMS: readonly ErrorTerm[] = [
  { code: 'DRFR', magnitude: 0.35, propagation: 'random', weight: (_s, out, o) => set(out, o, 1, 0, 0) },
  { code: 'DSFS', magnitude: 0.00056, propagation: 'systematic', weight: (s, out, o) => set(out, o, s.md, 0, 0) },
  { code: 'DSTG', magnitude: 2.5e-7, propagation: 'global', weight: (s, out, o) => set(out, o, s.md * s.tvd, 0, 0) },
  {
    code: 'ABXY-TI1S',
    magnitude: 0.004,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, -s.cosI / s.gravity, (s.tanDip * s.cosI * s.sinAm * s.sinI) / s.gravity),
  },
  {
    code: 'ABXY-TI2S',
    magnitude: 0.004,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, (s.cosI - s.tanDip * s.cosAm * s.sinI) / s.gravity),
  },
  {
    code: 'ABZ',
    magnitude: 0.004,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, -s.sinI / s.gravity, (s.tanDip * s.sinI * s.sinAm * s.sinI) / s.gravity),
  },
  {
    code: 'ASXY-TI1S',
    magnitude: 0.0005,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, (s.sinI * s.cosI) / SQRT2, (-s.tanDip * s.sinI * s.cosI * s.sinAm * s.sinI) / SQRT2),
  },
  {
    code: 'ASXY-TI2S',
    magnitude: 0.0005,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, (s.sinI * s.cosI) / 2, (-s.tanDip * s.sinI * s.cosI * s.sinAm * s.sinI) / 2),
  },
  {
    code: 'ASXY-TI3S',
    magnitude: 0.0005,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, ((s.tanDip * s.sinI * s.cosAm - s.cosI) * s.sinI) / 2),
  },
  {
    code: 'ASZ',
    magnitude: 0.0005,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, -s.sinI * s.cosI, s.tanDip * s.sinI * s.cosI * s.sinAm * s.sinI),
  },
  {
    code: 'MBXY-TI1S',
    magnitude: 70,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, (-s.cosI * s.sinAm * s.sinI) / s.bHorizontal),
  },
  {
    code: 'MBXY-TI2S',
    magnitude: 70,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, (s.cosAm * s.sinI) / s.bHorizontal),
  },
  {
    code: 'MBZ',
    magnitude: 70,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, (-s.sinI * s.sinAm * s.sinI) / s.bHorizontal),
  },
  {
    code: 'MSXY-TI1S',
    magnitude: 0.0016,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, (s.sinI * s.sinAm * (s.tanDip * s.cosI + s.sinI * s.cosAm) * s.sinI) / SQRT2),
  },
  {
    code: 'MSXY-TI2S',
    magnitude: 0.0016,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, (s.sinAm * (s.tanDip * s.sinI * s.cosI - s.cosI * s.cosI * s.cosAm - s.cosAm) * s.sinI) / 2),
  },
  {
    code: 'MSXY-TI3S',
    magnitude: 0.0016,
    propagation: 'systematic',
    weight: (s, out, o) =>
      set(out, o, 0, 0, ((s.cosI * s.cosAm * s.cosAm - s.cosI * s.sinAm * s.sinAm - s.tanDip * s.sinI * s.cosAm) * s.sinI) / 2),
  },
  {
    code: 'MSZ',
    magnitude: 0.0016,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, -(s.sinI * s.cosAm + s.tanDip * s.cosI) * s.sinI * s.sinAm * s.sinI),
  },
  { code: 'DECG', magnitude: 0.36 * DEG, propagation: 'global', weight: (s, out, o) => set(out, o, 0, 0, s.sinI) },
  { code: 'DECR', magnitude: 0.1 * DEG, propagation: 'random', weight: (s, out, o) => set(out, o, 0, 0, s.sinI) },
  { code: 'DBHG', magnitude: 5000 * DEG, propagation: 'global', weight: (s, out, o) => set(out, o, 0, 0, s.sinI / s.bHorizontal) },
  { code: 'DBHR', magnitude: 3000 * DEG, propagation: 'random', weight: (s, out, o) => set(out, o, 0, 0, s.sinI / s.bHorizontal) },
  {
    code: 'AMIL',
    magnitude: 220,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, 0, (s.sinI * s.sinAm * s.sinI) / s.bHorizontal),
  },
  { code: 'SAG', magnitude: 0.2 * DEG, propagation: 'systematic', weight: (s, out, o) => set(out, o, 0, s.sinI, 0) },
  { code: 'XYM1', magnitude: 0.1 * DEG, propagation: 'systematic', weight: (s, out, o) => set(out, o, 0, Math.abs(s.sinI), 0) },
  { code: 'XYM2', magnitude: 0.1 * DEG, propagation: 'systematic', weight: (s, out, o) => set(out, o, 0, 0, -s.sinI) },
  {
    code: 'XYM3',
    magnitude: 0.1 * DEG,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, Math.abs(s.cosI) * s.cosAt, -Math.abs(s.cosI) * s.sinAt),
  },
  {
    code: 'XYM4',
    magnitude: 0.1 * DEG,
    propagation: 'systematic',
    weight: (s, out, o) => set(out, o, 0, Math.abs(s.cosI) * s.sinAt, Math.abs(s.cosI) * s.cosAt),
  },
];

/** An error model: its name and revision, recorded with every result computed from it. */
export interface ErrorModel {
  name: string;
  revision: number;
  terms: readonly ErrorTerm[];
}

export const ISCWSA_MWD_REV4: ErrorModel = { name: 'ISCWSA MWD', revision: 4, terms: MWD_REV4_TERMS };

/** The name and revision of a model, as results carry them. */
export const modelLabel = (model: ErrorModel) => ({ name: model.name, revision: model.revision, terms: model.terms.length });

/** Stations in measured-depth order with their computed positions (a `TrajectoryColumns` fits). */
export interface PathColumns {
  length: number;
  md: ArrayLike<number>;
  /** Inclination and grid azimuth (°). */
  inc: ArrayLike<number>;
  azi: ArrayLike<number>;
  tvd: ArrayLike<number>;
  north: ArrayLike<number>;
  east: ArrayLike<number>;
}

/**
 * A well's position uncertainty: the covariance at every station, and what is needed to find it
 * at any point between two stations (`covarianceBetween`).
 */
export interface WellUncertainty {
  model: ErrorModel;
  field: FieldParameters;
  path: PathColumns;
  /** The station the uncertainty starts from (zero there and above). */
  first: number;
  /** Whether that station was surveyed apart (a tie-on on a parent hole). */
  tieOnSurveyed: boolean;
  /** Six numbers per station: nn, ne, nv, ee, ev, vv (m², 1σ). */
  covariance: Float64Array;
  /** Per station: unit tool direction (3), ∂t/∂I (3), (−sin A, cos A, 0) (3). */
  frames: Float64Array;
  /** Per station and term: [wD, wI, wA·sin I]. */
  weights: Float64Array;
  /** Per station, the random terms' Σ e·eᵀ over stations first+1…k (6 numbers). */
  randomSum: Float64Array;
  /** Per station and systematic/global term (in `systematic` order), Σ e over stations first+1…k. */
  systematicSum: Float64Array;
  /** Indices of the systematic and global terms, and of the random ones. */
  systematic: readonly number[];
  random: readonly number[];
}

const FRAME = 9;

/** Below this inclination (°) the hole is vertical. */
const VERTICAL_INC_DEG = 1e-7;

/**
 * The azimuth the error terms use: a vertical station's listed azimuth means nothing (any value
 * describes the same hole), so its error axes are taken along grid north and east, whatever a
 * listing says there. The ISCWSA standard wells' published uncertainties follow this rule.
 */
const errorAzimuth = (inc: number, azi: number) => (Math.abs(inc) < VERTICAL_INC_DEG ? 0 : azi);

function weightInput(field: FieldParameters, md: number, tvd: number, incDeg: number, gridAziDeg: number): WeightInput {
  const inc = incDeg * DEG;
  const trueAzi = (gridAziDeg + field.convergence) * DEG;
  const magAzi = trueAzi - field.declination * DEG;
  return {
    md,
    tvd,
    sinI: Math.sin(inc),
    cosI: Math.cos(inc),
    sinAm: Math.sin(magAzi),
    cosAm: Math.cos(magAzi),
    sinAt: Math.sin(trueAzi),
    cosAt: Math.cos(trueAzi),
    tanDip: Math.tan(field.dip * DEG),
    bHorizontal: field.bTotal * Math.cos(field.dip * DEG),
    gravity: field.gravity,
  };
}

function writeFrame(out: Float64Array, o: number, incDeg: number, aziDeg: number) {
  const i = incDeg * DEG;
  const a = aziDeg * DEG;
  const si = Math.sin(i);
  const ci = Math.cos(i);
  const sa = Math.sin(a);
  const ca = Math.cos(a);
  out[o] = si * ca;
  out[o + 1] = si * sa;
  out[o + 2] = ci;
  out[o + 3] = ci * ca;
  out[o + 4] = ci * sa;
  out[o + 5] = -si;
  out[o + 6] = -sa;
  out[o + 7] = ca;
  out[o + 8] = 0;
}

function writeWeights(model: ErrorModel, input: WeightInput, out: Float64Array, o: number) {
  const terms = model.terms;
  for (let t = 0; t < terms.length; t++) terms[t].weight(input, out, o + 3 * t);
}

/**
 * One term's effect on the position: σ·(wD·dv + half·(wI·∂t/∂I + wAs·(−sin A, cos A, 0))),
 * written to out[0…2]. `dv` is the depth derivative (a half sum or half difference of tool
 * directions), `half` half the length of hole the station's angles act on.
 */
function effect(
  sigma: number,
  w: Float64Array,
  wo: number,
  dvn: number,
  dve: number,
  dvv: number,
  half: number,
  frame: Float64Array,
  fo: number,
  out: Float64Array,
) {
  const wd = w[wo];
  const wi = w[wo + 1] * half;
  const wa = w[wo + 2] * half;
  out[0] = sigma * (wd * dvn + wi * frame[fo + 3] + wa * frame[fo + 6]);
  out[1] = sigma * (wd * dve + wi * frame[fo + 4] + wa * frame[fo + 7]);
  out[2] = sigma * (wd * dvv + wi * frame[fo + 5]);
}

function addOuter(target: Float64Array, o: number, v: Float64Array) {
  target[o] += v[0] * v[0];
  target[o + 1] += v[0] * v[1];
  target[o + 2] += v[0] * v[2];
  target[o + 3] += v[1] * v[1];
  target[o + 4] += v[1] * v[2];
  target[o + 5] += v[2] * v[2];
}

export interface UncertaintyOptions {
  model?: ErrorModel;
  /** The station index the uncertainty starts from (a sidetrack's kick-off); 0 by default. */
  first?: number;
  /**
   * The starting station was surveyed by another survey (a sidetrack's tie-on point on its
   * parent hole): its errors are independent of this survey's systematic ones.
   */
  tieOnSurveyed?: boolean;
}

/** Every station's covariance of a surveyed path under the model (ISCWSA MWD rev. 4 by default). */
export function computeUncertainty(path: PathColumns, field: FieldParameters, options: UncertaintyOptions = {}): WellUncertainty {
  const model = options.model ?? ISCWSA_MWD_REV4;
  const n = path.length;
  const first = Math.max(0, Math.min(options.first ?? 0, Math.max(n - 1, 0)));
  const termCount = model.terms.length;
  const systematic: number[] = [];
  const random: number[] = [];
  model.terms.forEach((term, t) => (term.propagation === 'random' ? random : systematic).push(t));
  const sysCount = systematic.length;

  const frames = new Float64Array(n * FRAME);
  const weights = new Float64Array(n * termCount * 3);
  for (let k = 0; k < n; k++) {
    const azi = errorAzimuth(path.inc[k], path.azi[k]);
    writeFrame(frames, k * FRAME, path.inc[k], azi);
    writeWeights(model, weightInput(field, path.md[k], path.tvd[k], path.inc[k], azi), weights, k * termCount * 3);
  }

  const covariance = new Float64Array(n * 6);
  const randomSum = new Float64Array(n * 6);
  const systematicSum = new Float64Array(n * sysCount * 3);
  const e = new Float64Array(3);
  const total = new Float64Array(3);
  // The starting station has no interval above it: its errors act on the interval below only,
  // its angles on half of it and its depth through the change of direction.
  if (first + 1 < n) {
    const fo = first * FRAME;
    const no = (first + 1) * FRAME;
    const dN = (frames[fo] - frames[no]) / 2;
    const dE = (frames[fo + 1] - frames[no + 1]) / 2;
    const dV = (frames[fo + 2] - frames[no + 2]) / 2;
    const half = (path.md[first + 1] - path.md[first]) / 2;
    const wo = first * termCount * 3;
    for (const t of random) {
      effect(model.terms[t].magnitude, weights, wo + 3 * t, dN, dE, dV, half, frames, fo, e);
      addOuter(randomSum, first * 6, e);
    }
    for (let s = 0; s < sysCount; s++) {
      effect(model.terms[systematic[s]].magnitude, weights, wo + 3 * systematic[s], dN, dE, dV, half, frames, fo, e);
      if (options.tieOnSurveyed) addOuter(randomSum, first * 6, e);
      else systematicSum.set(e, first * sysCount * 3 + 3 * s);
    }
  }
  for (let k = first + 1; k < n; k++) {
    const fo = k * FRAME;
    const po = (k - 1) * FRAME;
    const wo = k * termCount * 3;
    const prevSys = (k - 1) * sysCount * 3;
    const cov = k * 6;
    // The covariance at k: the sums through k−1 plus the effect of k as the deepest station.
    const starN = (frames[po] + frames[fo]) / 2;
    const starE = (frames[po + 1] + frames[fo + 1]) / 2;
    const starV = (frames[po + 2] + frames[fo + 2]) / 2;
    const starHalf = (path.md[k] - path.md[k - 1]) / 2;
    for (let c = 0; c < 6; c++) covariance[cov + c] = randomSum[(k - 1) * 6 + c];
    for (const t of random) {
      effect(model.terms[t].magnitude, weights, wo + 3 * t, starN, starE, starV, starHalf, frames, fo, e);
      addOuter(covariance, cov, e);
    }
    for (let s = 0; s < sysCount; s++) {
      const t = systematic[s];
      effect(model.terms[t].magnitude, weights, wo + 3 * t, starN, starE, starV, starHalf, frames, fo, e);
      total[0] = systematicSum[prevSys + 3 * s] + e[0];
      total[1] = systematicSum[prevSys + 3 * s + 1] + e[1];
      total[2] = systematicSum[prevSys + 3 * s + 2] + e[2];
      addOuter(covariance, cov, total);
    }
    // The sums through k, for the stations below: k's effect with the next station known.
    if (k + 1 < n) {
      const no = (k + 1) * FRAME;
      const dN = (frames[po] - frames[no]) / 2;
      const dE = (frames[po + 1] - frames[no + 1]) / 2;
      const dV = (frames[po + 2] - frames[no + 2]) / 2;
      const half = (path.md[k + 1] - path.md[k - 1]) / 2;
      for (let c = 0; c < 6; c++) randomSum[k * 6 + c] = randomSum[(k - 1) * 6 + c];
      for (const t of random) {
        effect(model.terms[t].magnitude, weights, wo + 3 * t, dN, dE, dV, half, frames, fo, e);
        addOuter(randomSum, k * 6, e);
      }
      const so = k * sysCount * 3;
      for (let s = 0; s < sysCount; s++) {
        effect(model.terms[systematic[s]].magnitude, weights, wo + 3 * systematic[s], dN, dE, dV, half, frames, fo, e);
        systematicSum[so + 3 * s] = systematicSum[prevSys + 3 * s] + e[0];
        systematicSum[so + 3 * s + 1] = systematicSum[prevSys + 3 * s + 1] + e[1];
        systematicSum[so + 3 * s + 2] = systematicSum[prevSys + 3 * s + 2] + e[2];
      }
    }
  }
  return {
    model,
    field,
    path,
    first,
    tieOnSurveyed: options.tieOnSurveyed === true,
    covariance,
    frames,
    weights,
    randomSum,
    systematicSum,
    systematic,
    random,
  };
}

/** A point of the path between two stations: its depth, position and direction. */
export interface PathPoint {
  md: number;
  tvd: number;
  north: number;
  east: number;
  inc: number;
  azi: number;
}

/** Buffers `covarianceBetween` reuses: it runs for every station of every scan. */
const scratch = { frame: new Float64Array(FRAME), weights: new Float64Array(0), e: new Float64Array(3), total: new Float64Array(3) };

/**
 * The covariance (nn, ne, nv, ee, ev, vv) at a point between station j and j + 1, as if a station
 * had been surveyed there and were the deepest one. At a station it is that station's.
 */
export function covarianceBetween(u: WellUncertainty, j: number, point: PathPoint, out = new Float64Array(6)): Float64Array {
  const { model, path, frames, weights } = u;
  out.fill(0);
  if (j < u.first || point.md - path.md[j] <= 1e-9) {
    const k = Math.max(j, u.first);
    if (j >= u.first) for (let c = 0; c < 6; c++) out[c] = u.covariance[k * 6 + c];
    return out;
  }
  if (j + 1 < path.length && path.md[j + 1] - point.md <= 1e-9) {
    for (let c = 0; c < 6; c++) out[c] = u.covariance[(j + 1) * 6 + c];
    return out;
  }
  const termCount = model.terms.length;
  const sysCount = u.systematic.length;
  const pointFrame = scratch.frame;
  const azi = errorAzimuth(point.inc, point.azi);
  writeFrame(pointFrame, 0, point.inc, azi);
  if (scratch.weights.length < termCount * 3) scratch.weights = new Float64Array(termCount * 3);
  const pointWeights = scratch.weights;
  writeWeights(model, weightInput(u.field, point.md, point.tvd, point.inc, azi), pointWeights, 0);
  const fj = j * FRAME;
  const starN = (frames[fj] + pointFrame[0]) / 2;
  const starE = (frames[fj + 1] + pointFrame[1]) / 2;
  const starV = (frames[fj + 2] + pointFrame[2]) / 2;
  const starHalf = (point.md - path.md[j]) / 2;
  // Station j's effect with the point as its next station. The starting station has no station
  // above: its direction stands in for the one above, and the length is from it to the point.
  const atFirst = j === u.first;
  const fp = (atFirst ? j : j - 1) * FRAME;
  const dN = (frames[fp] - pointFrame[0]) / 2;
  const dE = (frames[fp + 1] - pointFrame[1]) / 2;
  const dV = (frames[fp + 2] - pointFrame[2]) / 2;
  const half = (point.md - path.md[atFirst ? j : j - 1]) / 2;
  // The starting station's errors belong to another survey when it is a tie-on: independent.
  const firstApart = atFirst && u.tieOnSurveyed;
  const wj = j * termCount * 3;
  const { e, total } = scratch;
  if (!atFirst) for (let c = 0; c < 6; c++) out[c] = u.randomSum[(j - 1) * 6 + c];
  for (const t of u.random) {
    const sigma = model.terms[t].magnitude;
    effect(sigma, weights, wj + 3 * t, dN, dE, dV, half, frames, fj, e);
    addOuter(out, 0, e);
    effect(sigma, pointWeights, 3 * t, starN, starE, starV, starHalf, pointFrame, 0, e);
    addOuter(out, 0, e);
  }
  for (let s = 0; s < sysCount; s++) {
    const t = u.systematic[s];
    const sigma = model.terms[t].magnitude;
    effect(sigma, weights, wj + 3 * t, dN, dE, dV, half, frames, fj, e);
    if (firstApart) {
      addOuter(out, 0, e);
      total.fill(0);
    } else if (atFirst) total.set(e);
    else {
      const so = (j - 1) * sysCount * 3 + 3 * s;
      total[0] = u.systematicSum[so] + e[0];
      total[1] = u.systematicSum[so + 1] + e[1];
      total[2] = u.systematicSum[so + 2] + e[2];
    }
    effect(sigma, pointWeights, 3 * t, starN, starE, starV, starHalf, pointFrame, 0, e);
    total[0] += e[0];
    total[1] += e[1];
    total[2] += e[2];
    addOuter(out, 0, total);
  }
  return out;
}

/** The standard deviation (m) of a covariance along a direction (need not be unit length). */
export function sigmaAlong(cov: ArrayLike<number>, o: number, dn: number, de: number, dv: number): number {
  const length2 = dn * dn + de * de + dv * dv;
  if (!(length2 > 0)) return 0;
  const q =
    cov[o] * dn * dn +
    cov[o + 3] * de * de +
    cov[o + 5] * dv * dv +
    2 * (cov[o + 1] * dn * de + cov[o + 2] * dn * dv + cov[o + 4] * de * dv);
  return Math.sqrt(Math.max(0, q / length2));
}

/** 1σ half-axes along the high side, the lateral (right) and along the hole at station k. */
export function hlaSigmas(u: WellUncertainty, k: number): { high: number; lateral: number; along: number } {
  const f = k * FRAME;
  const fr = u.frames;
  const o = k * 6;
  return {
    high: sigmaAlong(u.covariance, o, fr[f + 3], fr[f + 4], fr[f + 5]),
    lateral: sigmaAlong(u.covariance, o, fr[f + 6], fr[f + 7], fr[f + 8]),
    along: sigmaAlong(u.covariance, o, fr[f], fr[f + 1], fr[f + 2]),
  };
}
