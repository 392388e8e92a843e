// The anti-collision call of a well resource (`x-resource.survey.clearance`):
// GET <path>?id=<well>&radius=<m> — every other well whose wellhead is within the radius on the
// common grid, and for each, at every station of this well, the separation factor against it by
// the ISCWSA MWD revision 4 error model, with the lowest and its traffic-light level by the
// system parameters. The maths is the kernel's (kernel/survey/error-model.ts, clearance.ts); here
// the wells are read, put on one grid, and the answer kept until a station, a well or a parameter
// changes (the store's `remember`, which other instances' writes also clear).
import { Code } from '../../kernel/contract/codes';
import { echo } from '../../kernel/contract/limits';
import type { Registry } from '../../kernel/schema/registry';
import { getPath } from '../../kernel/schema/registry';
import type { ResourceSchema } from '../../kernel/schema/types';
import { type ClearanceScan, type ScanWell, type SeparationRule, indexPath, scanClearance, sfLevel } from '../../kernel/survey/clearance';
import {
  type FieldParameters,
  type PathColumns,
  type UncertaintyOptions,
  type WellUncertainty,
  computeUncertainty,
  modelLabel,
  ISCWSA_MWD_REV4,
} from '../../kernel/survey/error-model';
import { fail } from '../context';
import type { Api } from '../http/endpoints';
import { idParameter } from '../resources/docs';
import { idIn, notFound } from '../forms/form-calls';
import { PARAMETER_RESOURCE, type Parameters } from '../settings/parameters';
import type { Row, Store } from '../store/types';
import type { NotifyInput } from '../notify/notifications';
import type { WellSurveys } from './wells';

/** The widest search radius accepted (m): beyond it a pad or field is not what is asked. */
export const MAX_RADIUS_M = 20_000;
/** A sidetrack's tie-on within this distance (m) of another well's path at its depth is on that well. */
const ON_PATH_M = 1;
/** Standard gravity (m/s²), which the accelerometer terms are scaled by. */
const GRAVITY = 9.80665;

const NUMBER = { type: 'number' };
const COLUMN = { type: 'array', items: { type: ['number', 'null'] } };
const STATIONS = {
  type: 'object',
  description:
    'one value per scanned station of the well, in depth order: md (m), the offset’s closest point offsetMd (m), centre-to-centre distance (m), ellipse separation (m: distance less both holes and k·σ), both 1σ position uncertainties along the line of the centres (m) and sf',
  required: ['md', 'offsetMd', 'distance', 'ellipseSeparation', 'refPcr', 'offsetPcr', 'sf'],
  properties: Object.fromEntries(['md', 'offsetMd', 'distance', 'ellipseSeparation', 'refPcr', 'offsetPcr', 'sf'].map((k) => [k, COLUMN])),
};
const CLEARANCE_DATA = {
  type: 'object',
  required: ['well', 'radius', 'located', 'errorModel', 'rule', 'thresholds', 'offsets'],
  properties: {
    well: { type: 'integer' },
    radius: { ...NUMBER, description: 'the search radius around the wellhead (m)' },
    located: { type: 'boolean', description: 'false when the well has no wellhead coordinates: no offset can be found' },
    errorModel: {
      type: 'object',
      required: ['name', 'revision', 'terms'],
      properties: { name: { type: 'string' }, revision: { type: 'integer' }, terms: { type: 'integer' } },
    },
    rule: {
      type: 'object',
      description: 'SF = (distance − both hole radii − surfaceMargin) / (k·√(σref² + σoff² + sigmaPa²))',
      required: ['k', 'sigmaPa', 'surfaceMargin'],
      properties: { k: NUMBER, sigmaPa: NUMBER, surfaceMargin: NUMBER },
    },
    thresholds: { type: 'object', required: ['stop', 'caution'], properties: { stop: NUMBER, caution: NUMBER } },
    offsets: {
      type: 'array',
      description: 'the wells within the radius, lowest separation factor first (wells without stations last)',
      items: {
        type: 'object',
        required: ['id', 'name', 'wellheadDistance', 'sidetrack', 'fromMd', 'minimum', 'stations'],
        properties: {
          id: { type: 'integer' },
          name: { description: 'the well’s representation (its name)' },
          wellheadDistance: { ...NUMBER, description: 'between the two wellheads (m)' },
          sidetrack: {
            enum: ['offset', 'well', null],
            description:
              'which of the two is a sidetrack of the other (scanned below the kick-off only, both uncertainties starting there)',
          },
          fromMd: { type: ['number', 'null'], description: 'the depth the scan starts at (a kick-off), or null' },
          minimum: {
            type: ['object', 'null'],
            required: ['sf', 'md', 'offsetMd', 'distance', 'level'],
            properties: { sf: NUMBER, md: NUMBER, offsetMd: NUMBER, distance: NUMBER, level: { enum: ['stop', 'caution', 'clear'] } },
          },
          stations: STATIONS,
        },
      },
    },
  },
};

/**
 * Uncertainties worked out lately, by well and by what they are made from (the stations' depths,
 * directions and TVD, the field values, where they start): a scan after a write to one well works
 * out that well's again, not every neighbour's. The least recently used goes first.
 */
const UNCERTAINTIES_KEPT = 256;
const uncertainties = new Map<string, { made: string; uncertainty: WellUncertainty }>();

/** A digest of the numbers a well's uncertainty is made from. */
function digest(path: PathColumns, field: FieldParameters, options: UncertaintyOptions): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const words = new Uint32Array(new Float64Array(4).buffer);
  const floats = new Float64Array(words.buffer);
  for (let i = 0; i < path.length; i++) {
    floats[0] = path.md[i];
    floats[1] = path.inc[i];
    floats[2] = path.azi[i];
    floats[3] = path.tvd[i];
    for (let w = 0; w < 8; w++) {
      h1 = Math.imul(h1 ^ words[w], 0x01000193);
      h2 = Math.imul(h2 ^ words[w], 0x5bd1e995) ^ (h2 >>> 15);
    }
  }
  return `${path.length} ${h1 >>> 0} ${h2 >>> 0} ${JSON.stringify([field, options.first ?? 0, options.tieOnSurveyed ?? false])}`;
}

function uncertaintyOf(well: number, path: PathColumns, field: FieldParameters, options: UncertaintyOptions): WellUncertainty {
  const key = `${well} ${options.first ?? 0}`;
  const made = digest(path, field, options);
  const kept = uncertainties.get(key);
  uncertainties.delete(key);
  const uncertainty = kept?.made === made ? kept.uncertainty : computeUncertainty(path, field, options);
  uncertainties.set(key, { made, uncertainty });
  if (uncertainties.size > UNCERTAINTIES_KEPT) uncertainties.delete(uncertainties.keys().next().value!);
  return uncertainty;
}

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  const rounded = Math.round(value * scale) / scale;
  return rounded === 0 ? 0 : rounded;
};
const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

interface Located {
  row: Row;
  north: number;
  east: number;
}

/** A well's path on the grid of the reference wellhead: local north/east moved by the wellhead's offset. */
function shifted(columns: PathColumns, dn: number, de: number): PathColumns {
  const north = new Float64Array(columns.length);
  const east = new Float64Array(columns.length);
  for (let i = 0; i < columns.length; i++) {
    north[i] = columns.north[i] + dn;
    east[i] = columns.east[i] + de;
  }
  return { ...columns, north, east };
}

/** The first station at or below a depth. */
function indexAt(path: PathColumns, md: number): number {
  let i = 0;
  while (i < path.length - 1 && path.md[i] < md - 1e-6) i++;
  return i;
}

/** Whether a point lies on a path at a depth: the path's point at that depth within ON_PATH_M. */
function onPath(path: PathColumns, md: number, north: number, east: number, tvd: number): boolean {
  if (path.length === 0 || md < path.md[0] - 1e-6 || md > path.md[path.length - 1] + 1e-6) return false;
  const i = indexAt(path, md);
  return Math.hypot(path.north[i] - north, path.east[i] - east, path.tvd[i] - tvd) <= ON_PATH_M + Math.abs(path.md[i] - md);
}

export interface ClearanceDeps {
  registry: Registry;
  store: Store;
  wells: WellSurveys;
  parameters: Parameters;
  /** Sends a notification (the notices service), once it exists. */
  notify?: () => ((input: NotifyInput) => Promise<number>) | undefined;
  /** Who is told of a well's clearance: the people who may see the wells. */
  recipients?: (resource: string) => Promise<string[]>;
}

/**
 * The clearance call, and `check`: told of the wells whose stations a write changed (after it
 * committed), it scans each at the parameters' radius and tells whoever may see wells when the
 * deepest station's SF against a neighbour is below the caution threshold, once per station and
 * neighbour on this instance.
 */
export function registerClearanceCall(api: Api, deps: ClearanceDeps): { check: (wellIds: number[]) => Promise<void> } | undefined {
  const { registry, store, wells, parameters } = deps;
  const { resource, spec } = wells;
  if (!spec.clearance) return undefined;
  const clearance = spec.clearance;
  const schema: ResourceSchema = registry.resources[resource];
  const representation = schema['x-resource'].recordRepresentation;
  const defaultOf = (path: string): number | undefined => {
    let node: ResourceSchema | Record<string, unknown> | undefined = schema;
    for (const key of path.split('.')) node = (node as { properties?: Record<string, Record<string, unknown>> })?.properties?.[key];
    return asNumber((node as { default?: unknown } | undefined)?.default);
  };
  /** Every resource whose records a scan reads. */
  const sources = [resource, spec.listing.resource, ...spec.sources.map((source) => source.resource), PARAMETER_RESOURCE];

  /** The well's field values; those it does not give are the parameters' (convergence: 0, azimuths on the grid). */
  const fieldOf = (row: Row, given: Omit<FieldParameters, 'gravity' | 'convergence'>): FieldParameters => {
    const value = (key: string) => asNumber(getPath(row, `${clearance.magnetics}.${key}`));
    return {
      declination: value('declination') ?? given.declination,
      dip: value('dip') ?? given.dip,
      bTotal: value('totalField') ?? given.bTotal,
      gravity: GRAVITY,
      convergence: value('convergence') ?? 0,
    };
  };
  const holeRadiusOf = (row: Row) => (asNumber(row[clearance.holeDiameter]) ?? defaultOf(clearance.holeDiameter) ?? 215.9) / 2000;

  async function scan(
    id: number,
    radius: number,
    rule: SeparationRule,
    thresholds: { stop: number; caution: number },
    field: Omit<FieldParameters, 'gravity' | 'convergence'>,
  ) {
    const own = await wells.trajectoryOf(store, id);
    if (!own) return undefined;
    const base = {
      well: id,
      radius,
      errorModel: modelLabel(ISCWSA_MWD_REV4),
      rule,
      thresholds,
    };
    const north = asNumber(own.well[clearance.north]);
    const east = asNumber(own.well[clearance.east]);
    if (north === undefined || east === undefined) return { ...base, located: false, offsets: [] };
    const all = await store.list(resource, { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1_000_000 });
    const near: (Located & { distance: number })[] = [];
    for (const row of all.rows) {
      if (row.id === id) continue;
      const n = asNumber(row[clearance.north]);
      const e = asNumber(row[clearance.east]);
      if (n === undefined || e === undefined) continue;
      const distance = Math.hypot(n - north, e - east);
      if (distance <= radius) near.push({ row, north: n, east: e, distance });
    }
    const refPath: PathColumns = own.trajectory.columns;
    const refField = fieldOf(own.well, field);
    const refTieOn = own.trajectory.tieOn && own.trajectory.tieOn.md > 0 ? own.trajectory.tieOn : undefined;
    const refUncertainty = new Map<number, ReturnType<typeof computeUncertainty>>();
    const refFrom = (first: number) => {
      if (!refUncertainty.has(first)) refUncertainty.set(first, uncertaintyOf(id, refPath, refField, { first, tieOnSurveyed: !!refTieOn }));
      return refUncertainty.get(first)!;
    };
    const offsets = [];
    for (const other of near) {
      const found = await wells.trajectoryOf(store, other.row.id);
      const columns = found?.trajectory.columns;
      const head = { id: other.row.id, name: other.row[representation] ?? null, wellheadDistance: round(other.distance, 2) };
      const empty = { ...head, sidetrack: null, fromMd: null, minimum: null, stations: columnsOf([]) };
      if (!found || !columns || columns.length < 2 || refPath.length === 0) {
        offsets.push(empty);
        continue;
      }
      const path = shifted(columns, other.north - north, other.east - east);
      const tieOn = found.trajectory.tieOn && found.trajectory.tieOn.md > 0 ? found.trajectory.tieOn : undefined;
      // A sidetrack shares its parent's hole above the kick-off: there the two are one hole, so
      // the scan starts at the kick-off and both wells' uncertainty starts from it.
      let sidetrack: 'offset' | 'well' | null = null;
      let fromMd: number | undefined;
      let refFirst = 0;
      let offsetFirst = 0;
      if (tieOn && onPath(refPath, path.md[0], path.north[0], path.east[0], path.tvd[0])) {
        sidetrack = 'offset';
        fromMd = path.md[0];
        refFirst = indexAt(refPath, fromMd);
      } else if (refTieOn && onPath(path, refPath.md[0], refPath.north[0], refPath.east[0], refPath.tvd[0])) {
        sidetrack = 'well';
        offsetFirst = indexAt(path, refPath.md[0]);
      }
      const offset: ScanWell = {
        path,
        uncertainty: uncertaintyOf(other.row.id, path, fieldOf(found.well, field), { first: offsetFirst, tieOnSurveyed: !!tieOn }),
        holeRadius: holeRadiusOf(found.well),
      };
      const reference: ScanWell = { path: refPath, uncertainty: refFrom(refFirst), holeRadius: holeRadiusOf(own.well) };
      const result = scanClearance(reference, offset, indexPath(path), rule, { fromMd });
      offsets.push({
        ...head,
        sidetrack,
        fromMd: fromMd ?? null,
        minimum: minimumOf(result, thresholds),
        stations: columnsOf(result.rows),
      });
    }
    offsets.sort((a, b) => (a.minimum?.sf ?? Infinity) - (b.minimum?.sf ?? Infinity) || a.wellheadDistance - b.wellheadDistance);
    return { ...base, located: true, offsets };
  }

  api.on(
    {
      method: 'GET',
      path: clearance.path,
      access: { resource },
      doc: {
        tags: [resource],
        summary: `Anti-collision scan of a ${resource} against the wells around it (ISCWSA MWD rev. 4 separation factors)`,
        description:
          'At every station of the well: the closest point of each well whose wellhead is within `radius`, the centre-to-centre distance, both wells’ 1σ position uncertainty along that line and the separation factor; per well the lowest and its level by the system parameters (SF below clearanceStopSf: stop, below clearanceCautionSf: caution). Kept until a station, a well or a parameter changes.',
        parameters: [
          idParameter('id'),
          {
            name: 'radius',
            in: 'query',
            required: false,
            schema: { type: 'number', exclusiveMinimum: 0, maximum: MAX_RADIUS_M },
            description: `search radius around the wellhead (m, at most ${MAX_RADIUS_M}); the system parameter clearanceRadius when not given`,
          },
        ],
        data: CLEARANCE_DATA,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const t = c.get('t');
      const id = idIn(c, 'id');
      if (id instanceof Response) return id;
      const values = await parameters.current();
      const raw = c.req.query('radius');
      let radius = values.clearanceRadius;
      if (raw !== undefined && raw !== '') {
        const parsed = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
        if (!(parsed > 0 && parsed <= MAX_RADIUS_M)) {
          const message = t('server.bad_radius', { value: echo(raw), max: MAX_RADIUS_M });
          return fail(c, Code.invalidInput, message, { errors: [{ field: 'radius', message }] });
        }
        radius = parsed;
      }
      const rule: SeparationRule = { k: values.clearanceK, sigmaPa: values.clearanceSigmaPa, surfaceMargin: values.clearanceSurfaceMargin };
      const thresholds = { stop: values.clearanceStopSf, caution: values.clearanceCautionSf };
      const field = { declination: values.clearanceDeclination, dip: values.clearanceDip, bTotal: values.clearanceTotalField };
      const key = `clearance ${resource} ${id} ${radius} ${JSON.stringify([rule, thresholds, field])}`;
      // Kept as the JSON text answered: a kept answer is sent without encoding it again.
      const text = await store.remember(key, sources, async () => {
        const answer = await scan(id, radius, rule, thresholds, field);
        return answer && JSON.stringify({ code: Code.ok, data: answer });
      });
      if (text === undefined) return notFound(c, resource, id);
      return c.body(text, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    },
  );

  /** Stations already told of: well, neighbour and depth. */
  const told = new Set<string>();
  async function check(wellIds: number[]) {
    const send = deps.notify?.();
    if (!send || !deps.recipients) return;
    const values = await parameters.current();
    const rule: SeparationRule = { k: values.clearanceK, sigmaPa: values.clearanceSigmaPa, surfaceMargin: values.clearanceSurfaceMargin };
    const thresholds = { stop: values.clearanceStopSf, caution: values.clearanceCautionSf };
    const field = { declination: values.clearanceDeclination, dip: values.clearanceDip, bTotal: values.clearanceTotalField };
    for (const id of wellIds) {
      const answer = await scan(id, values.clearanceRadius, rule, thresholds, field);
      if (!answer?.located) continue;
      const own = await store.get(resource, id);
      for (const offset of answer.offsets) {
        const last = offset.stations.sf.length - 1;
        const sf = offset.stations.sf[last];
        if (last < 0 || sf === null || sf >= thresholds.caution) continue;
        const md = offset.stations.md[last];
        const key = `${id} ${offset.id} ${md}`;
        if (told.has(key)) continue;
        told.add(key);
        const level = sfLevel(sf, thresholds);
        for (const to of await deps.recipients(resource))
          await send({
            to_user: to,
            kind: 'clearance',
            title_key: `notify.clearance_${level}.title`,
            text_key: `notify.clearance_${level}.text`,
            params: {
              well: String(own?.[representation] ?? id),
              offset: String(offset.name ?? offset.id),
              md,
              sf,
              threshold: thresholds[level === 'stop' ? 'stop' : 'caution'],
            },
            link: `/${resource}/record/${id}`,
          });
      }
    }
  }
  return { check };
}

function minimumOf(result: ClearanceScan, thresholds: { stop: number; caution: number }) {
  const m = result.minimum;
  if (!m) return null;
  return {
    sf: round(m.sf, 3),
    md: round(m.md, 2),
    offsetMd: round(m.offsetMd, 2),
    distance: round(m.distance, 2),
    level: sfLevel(m.sf, thresholds),
  };
}

function columnsOf(rows: ClearanceScan['rows']) {
  return {
    md: rows.map((r) => round(r.md, 2)),
    offsetMd: rows.map((r) => round(r.offsetMd, 2)),
    distance: rows.map((r) => round(r.distance, 2)),
    ellipseSeparation: rows.map((r) => round(r.ellipseSeparation, 2)),
    refPcr: rows.map((r) => round(r.refPcr, 3)),
    offsetPcr: rows.map((r) => round(r.offsetPcr, 3)),
    // Infinite where neither well has any uncertainty and σpa is 0: no JSON number says it.
    sf: rows.map((r) => (Number.isFinite(r.sf) ? round(r.sf, 3) : null)),
  };
}
