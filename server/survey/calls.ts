// The survey calls of a well resource (`x-resource.survey`):
// GET <trajectory>?id= — the well's stations in depth order with TVD, north, east, vertical
// section, closure and dogleg severity, its totals and the stations set aside where two shared a
// depth; POST <import>?id= — a CSV or XLSX survey listing (file in `file`) replacing the well's
// imported one, all or nothing: a refusal names the line and column at fault and stores nothing.
import { Code } from '../../kernel/contract/codes';
import { echo } from '../../kernel/contract/limits';
import type { Registry } from '../../kernel/schema/registry';
import { type ImportRefusal, MAX_IMPORT_BYTES, surveyFromSheet } from '../../kernel/survey/import';
import type { SheetReader } from '../sheets/reader';
import { type WellTrajectory, roundFigure } from '../../kernel/survey/wells';
import { type ListedStation, compareListings } from '../../kernel/survey/compare';
import { type AppContext, fail, ok } from '../context';
import { type Api, formatBytes } from '../http/endpoints';
import { idParameter } from '../resources/docs';
import { idIn, notFound } from '../forms/form-calls';
import type { Translate } from '../http/messages';
import type { Row, Store } from '../store/types';
import { answerWrite } from '../write/answer';
import { actorOf, type WriteService, type Writer } from '../write/service';
import { readForm } from '../files/uploads';
import type { WellSurveys } from './wells';

const NUMBER = { type: 'number' };
/** The values of each station answered, in this order. */
const STATION_COLUMNS = ['md', 'inc', 'azi', 'tvd', 'north', 'east', 'vs', 'closure', 'closureAzi', 'dls', 'build', 'turn'] as const;
const SOURCED = {
  type: 'object',
  required: ['md', 'inc', 'azi', 'source'],
  properties: { md: NUMBER, inc: NUMBER, azi: NUMBER, source: { type: 'string' }, ref: { type: 'integer' }, line: { type: 'integer' } },
};
const WARNING = {
  type: 'object',
  required: ['md', 'kept', 'dropped', 'source'],
  description: 'two stations at the same measured depth (within 1 mm): the one used and the one set aside',
  properties: {
    md: NUMBER,
    kept: SOURCED,
    dropped: SOURCED,
    source: { type: 'string', description: 'where the station set aside came from' },
  },
};
const TRAJECTORY_DATA = {
  type: 'object',
  required: ['well', 'vsAzimuth', 'tieOn', 'stations', 'totals', 'warnings'],
  properties: {
    well: { type: 'integer' },
    vsAzimuth: { ...NUMBER, description: 'the vertical section direction (°): the well’s, or the closure direction at its last station' },
    tieOn: { type: ['object', 'null'], description: 'where the computation starts (a sidetrack), or null for the wellhead' },
    stations: {
      type: 'array',
      description: 'in measured-depth order; lengths in metres, angles in degrees, dls/build/turn in °/30 m',
      items: {
        type: 'object',
        required: [...STATION_COLUMNS, 'source'],
        properties: {
          ...Object.fromEntries(STATION_COLUMNS.map((name) => [name, NUMBER])),
          source: { type: 'string' },
          ref: { type: 'integer' },
        },
      },
    },
    totals: {
      type: ['object', 'null'],
      description: 'the last station’s position and the largest inclination, dogleg severity and closure, with their depths',
    },
    warnings: { type: 'array', items: WARNING },
  },
};
const IMPORT_DATA = {
  type: 'object',
  required: ['kept', 'format', 'warnings'],
  properties: { kept: { type: 'integer', minimum: 1 }, format: { enum: ['csv', 'xlsx'] }, warnings: { type: 'array', items: WARNING } },
};

const IMPORT_BODY = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { type: 'string', format: 'binary', description: `a .csv or .xlsx file, at most ${formatBytes(MAX_IMPORT_BYTES)}` },
        },
      },
    },
  },
};
const LISTED = { type: 'object', required: ['md', 'inc', 'azi'], properties: { md: NUMBER, inc: NUMBER, azi: NUMBER } };
const PREVIEW_DATA = {
  type: 'object',
  required: ['format', 'stations', 'warnings', 'current', 'changes', 'revises'],
  properties: {
    format: { enum: ['csv', 'xlsx'] },
    fileName: { type: 'string' },
    stations: { type: 'array', items: LISTED, description: 'the stations read, in depth order' },
    warnings: { type: 'array', items: WARNING },
    current: { type: ['object', 'null'], description: 'the listing the well has now (fileName, count, importedAt), or null' },
    changes: {
      type: 'object',
      required: ['added', 'removed', 'changed', 'unchanged'],
      properties: {
        added: { type: 'array', items: LISTED },
        removed: { type: 'array', items: LISTED },
        changed: {
          type: 'array',
          items: { type: 'object', required: ['md', 'before', 'after'], properties: { md: NUMBER, before: LISTED, after: LISTED } },
        },
        unchanged: { type: 'integer' },
      },
    },
    revises: {
      type: 'array',
      description:
        'the closed records (submitted daily reports) whose kept values the import would revise: each field, the value kept and the value it would be',
      items: {
        type: 'object',
        required: ['resource', 'id', 'values'],
        properties: {
          resource: { type: 'string' },
          id: { type: 'integer' },
          label: {},
          parent: {},
          values: {
            type: 'array',
            items: { type: 'object', required: ['field', 'kept', 'now'], properties: { field: { type: 'string' }, kept: {}, now: {} } },
          },
        },
      },
    },
  },
};

/**
 * JSON written as bytes into one growing buffer: a long well's listing (10,000 stations and more,
 * twelve numbers each) is answered without a string per number or per station, which is most of
 * what the answer would otherwise cost. Text written here is ASCII.
 */
class JsonBytes {
  private bytes: Uint8Array<ArrayBuffer> = new Uint8Array(1 << 16);
  private at = 0;

  private room(more: number) {
    if (this.at + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.at + more));
    grown.set(this.bytes.subarray(0, this.at));
    this.bytes = grown;
  }

  ascii(text: string) {
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.bytes[this.at++] = text.charCodeAt(i);
  }

  /** A whole number, written digit by digit. */
  integer(value: number) {
    this.room(24);
    if (value < 0) {
      this.bytes[this.at++] = 45; // -
      value = -value;
    }
    const start = this.at;
    do {
      this.bytes[this.at++] = 48 + (value % 10);
      value = Math.floor(value / 10);
    } while (value > 0);
    this.bytes.subarray(start, this.at).reverse();
  }

  /**
   * To two decimals (1 cm, 0.01°), as the figure is shown and stored (roundFigure): rounded once
   * here, so that no screen rounds it again; a value that rounds to zero is 0, never −0.
   */
  fixed2(value: number) {
    let hundredths = Math.round(value * 100);
    if (hundredths === 0 || !Number.isFinite(hundredths)) return this.ascii('0');
    if (hundredths < 0) {
      this.ascii('-');
      hundredths = -hundredths;
    }
    const whole = Math.floor(hundredths / 100);
    const part = hundredths - whole * 100;
    this.integer(whole);
    this.room(3);
    this.bytes[this.at++] = 46; // .
    this.bytes[this.at++] = 48 + Math.floor(part / 10);
    this.bytes[this.at++] = 48 + (part % 10);
  }

  done(): Uint8Array<ArrayBuffer> {
    return this.bytes.slice(0, this.at);
  }
}

/** The stations, row by row from the computed columns; the sources are resource names (ASCII). */
function writeStations(out: JsonBytes, { columns, origins }: WellTrajectory) {
  out.ascii('[');
  for (let i = 0; i < columns.length; i++) {
    out.ascii(i === 0 ? '{' : ',{');
    for (const [k, name] of STATION_COLUMNS.entries()) {
      out.ascii(k === 0 ? `"${name}":` : `,"${name}":`);
      out.fixed2(columns[name][i]);
    }
    const origin = origins[i];
    out.ascii(`,"source":"${origin?.source ?? 'tieOn'}"`);
    if (origin?.ref !== undefined) {
      out.ascii(',"ref":');
      out.integer(origin.ref);
    }
    out.ascii('}');
  }
  out.ascii(']');
}

/** The whole answer of the trajectory call, as JSON bytes. */
function trajectoryJson(id: number, trajectory: WellTrajectory): Uint8Array<ArrayBuffer> {
  const out = new JsonBytes();
  const head = [
    `"well":${id}`,
    `"vsAzimuth":${roundFigure(trajectory.vsAzimuth)}`,
    `"tieOn":${JSON.stringify(trajectory.tieOn ?? null)}`,
    `"totals":${JSON.stringify(trajectory.totals ? Object.fromEntries(Object.entries(trajectory.totals).map(([k, v]) => [k, roundFigure(v)])) : null)}`,
  ];
  // Warnings quote stations as they were read: numbers only, and resource names.
  out.ascii(`{"code":${Code.ok},"data":{${head.join(',')},"warnings":${JSON.stringify(trajectory.warnings)},"stations":`);
  writeStations(out, trajectory);
  out.ascii('}}');
  return out.done();
}

/** The refusal of a file in words, naming its line and column. */
export function refusalMessage(refusal: ImportRefusal, t: Translate): string {
  const column = refusal.column ? t(`survey.columns.${refusal.column}`) : '';
  return t(`survey.refusal.${refusal.reason}`, {
    line: refusal.line ?? '',
    column,
    columnNumber: refusal.columnNumber ?? '',
    header: echo(refusal.header ?? ''),
    value: echo(refusal.value ?? ''),
    limit: refusal.limit?.toLocaleString('en') ?? '',
    size: formatBytes(refusal.limit ?? MAX_IMPORT_BYTES),
  });
}

export function registerSurveyCalls(
  api: Api,
  deps: { registry: Registry; store: Store; writes: WriteService; wells: WellSurveys; sheets: SheetReader; now: () => Date },
) {
  const { store, writes, wells, sheets, now } = deps;
  const { resource, spec } = wells;
  const listing = spec.listing;
  const tags = [resource];
  /** Every resource whose records a well's trajectory is made from. */
  const sourcesOfWells = [resource, listing.resource, ...spec.sources.map((source) => source.resource)];

  api.on(
    {
      method: 'GET',
      path: spec.trajectory,
      access: { resource },
      doc: {
        tags,
        summary: `The trajectory of a ${resource}, worked out by minimum curvature from its survey stations`,
        parameters: [idParameter('id')],
        data: TRAJECTORY_DATA,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const id = idIn(c, 'id');
      if (id instanceof Response) return id;
      // The answer is the same for everyone who may see the well, until one of its records changes.
      const text = await store.remember(`trajectory ${resource} ${id}`, sourcesOfWells, async () => {
        const found = await wells.trajectoryOf(store, id);
        return found && trajectoryJson(id, found.trajectory);
      });
      if (text === undefined) return notFound(c, resource, id);
      return c.body(text, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
    },
  );

  const history = listing.history;
  // The log keeps what a listing is, not its thousands of stations.
  const logAs =
    (id: number) =>
    (row: Row): Row => ({
      id: row.id,
      version: 0,
      [listing.well]: id,
      fileName: row.fileName,
      format: row.format,
      count: row.count,
      importedAt: row.importedAt,
    });

  /** The well's id and the file's stations, or the refusal to answer (no well, no file, a file refused with its line and column). */
  async function readListing(c: AppContext) {
    const t = c.get('t');
    const id = idIn(c, 'id');
    if (id instanceof Response) return id;
    if (!(await store.get(resource, id))) return notFound(c, resource, id);
    const form = await readForm(c);
    const file = form?.file;
    if (!(file instanceof File)) return fail(c, Code.invalidInput, t('server.upload_missing'));
    // Read by the one safe reader: limits before work, off the event loop on the server.
    const read = surveyFromSheet(await sheets(new Uint8Array(await file.arrayBuffer()), { survey: true }), listing.resource);
    if (!read.ok) return fail(c, Code.invalidInput, refusalMessage(read.refusal, t), { refusal: read.refusal });
    return { id, file: { name: file.name, format: read.format, stations: read.stations, warnings: read.warnings } };
  }

  /**
   * The well's listing replaced by `input` in the write `w`, the one it replaces kept in the
   * history (one with no stations when the well had none). The trajectory follows in the same
   * transaction (survey/wells.ts, a follower of the listing).
   */
  async function replaceListing(w: Writer, id: number, input: Record<string, unknown>, importedAt = now().toISOString()) {
    const [existing] = (
      await w.tx.list(listing.resource, {
        conditions: [{ field: listing.well, op: 'eq', value: id }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 1,
      })
    ).rows;
    if (history) {
      const { id: _id, version: _v, ...kept } = existing ?? { [listing.well]: id, count: 0, [listing.stations]: [] };
      await w.create(history, { ...kept, [listing.well]: id }, { asGiven: true, logAs: logAs(id) });
    }
    const hooks = { logAs: logAs(id), set: { importedAt } };
    if (existing === undefined) await w.create(listing.resource, input, hooks);
    else await w.update(listing.resource, existing.id, input, hooks);
  }

  const tooLarge = (c: AppContext) =>
    fail(c, Code.invalidInput, refusalMessage({ reason: 'fileTooLarge', limit: MAX_IMPORT_BYTES }, c.get('t')), {
      refusal: { reason: 'fileTooLarge', limit: MAX_IMPORT_BYTES },
    });
  api.on(
    {
      method: 'POST',
      path: spec.import,
      access: { resource },
      // The multipart framing needs a little room beyond the file itself.
      bodyLimit: { bytes: MAX_IMPORT_BYTES + 64 * 1024, refuse: tooLarge },
      doc: {
        tags,
        summary: `Import a survey listing (CSV or XLSX) into a ${resource}, replacing the one it had`,
        description:
          'Columns MD, Inc and Azi in any order, named in English (or its abbreviations), Chinese, Spanish or Japanese, on a header line within the first 50; metres and degrees. ' +
          `At most ${formatBytes(MAX_IMPORT_BYTES)}. A refusal stores nothing and says why in \`refusal\`: reason, line and column.`,
        parameters: [idParameter('id')],
        body: IMPORT_BODY,
        data: IMPORT_DATA,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const read = await readListing(c);
      if (read instanceof Response) return read;
      const { id, file } = read;
      const input = {
        [listing.well]: id,
        fileName: file.name.slice(0, 255),
        format: file.format,
        count: file.stations.length,
        [listing.stations]: file.stations,
      };
      const outcome = await writes.transaction(
        actorOf(c),
        async (w) => {
          await replaceListing(w, id, input);
          const found = await wells.trajectoryOf(w.tx, id);
          return found?.trajectory.warnings ?? [];
        },
        [listing.resource],
      );
      return answerWrite(
        c,
        outcome,
        (warnings) => ({ kept: file.stations.length, format: file.format, warnings: [...file.warnings, ...warnings] }),
        'survey.imported',
        { words: { smart_count: file.stations.length } },
      );
    },
  );

  if (spec.preview)
    api.on(
      {
        method: 'POST',
        path: spec.preview,
        access: { resource },
        bodyLimit: { bytes: MAX_IMPORT_BYTES + 64 * 1024, refuse: tooLarge },
        doc: {
          tags,
          summary: `What importing a survey listing into a ${resource} would change, writing nothing`,
          description:
            'Reads the file as the import does (same limits and refusals) and answers the stations read, the stations added, removed and changed against the current listing (by measured depth), and the closed records (submitted daily reports) whose kept values it would revise.',
          parameters: [idParameter('id')],
          body: IMPORT_BODY,
          data: PREVIEW_DATA,
          codes: [Code.invalidInput, Code.notFound],
        },
      },
      async (c) => {
        const read = await readListing(c);
        if (read instanceof Response) return read;
        const { id, file } = read;
        const [current] = await store
          .list(listing.resource, {
            conditions: [{ field: listing.well, op: 'eq', value: id }],
            sort: { field: 'id', order: 'ASC' },
            page: 1,
            limit: 1,
          })
          .then((r) => r.rows);
        const before = Array.isArray(current?.[listing.stations]) ? (current[listing.stations] as ListedStation[]) : [];
        const revises = (await wells.wouldRevise(store, id, file.stations)) ?? [];
        return ok(c, {
          format: file.format,
          fileName: file.name,
          stations: file.stations,
          warnings: file.warnings,
          current: current ? { fileName: current.fileName ?? null, count: before.length, importedAt: current.importedAt ?? null } : null,
          changes: compareListings(before, file.stations),
          revises,
        });
      },
    );

  if (spec.restore && history)
    api.on(
      {
        method: 'POST',
        path: spec.restore,
        access: { resource },
        doc: {
          tags,
          summary: `Make the survey listing the last import or restore replaced the ${resource}'s again`,
          description:
            'The listing it replaces is kept in turn, so a second restore undoes the first. Submitted daily reports are revised as by an import. Refused (40004) when the well has no replaced listing.',
          parameters: [idParameter('id')],
          data: IMPORT_DATA,
          codes: [Code.invalidInput, Code.notFound],
        },
      },
      async (c) => {
        const t = c.get('t');
        const id = idIn(c, 'id');
        if (id instanceof Response) return id;
        if (!(await store.get(resource, id))) return notFound(c, resource, id);
        const outcome = await writes.transaction(
          actorOf(c),
          async (w) => {
            const [latest] = (
              await w.tx.list(history, {
                conditions: [{ field: listing.well, op: 'eq', value: id }],
                sort: { field: 'id', order: 'DESC' },
                page: 1,
                limit: 1,
              })
            ).rows;
            if (!latest) return w.refuse({ status: 'refused', code: Code.notFound, message: t('survey.nothing_to_restore') });
            const stations = Array.isArray(latest[listing.stations]) ? (latest[listing.stations] as ListedStation[]) : [];
            const input = {
              [listing.well]: id,
              fileName: latest.fileName ?? null,
              format: latest.format ?? null,
              count: stations.length,
              [listing.stations]: stations,
            };
            await replaceListing(w, id, input, typeof latest.importedAt === 'string' ? latest.importedAt : undefined);
            const found = await wells.trajectoryOf(w.tx, id);
            return { kept: stations.length, format: latest.format ?? null, warnings: found?.trajectory.warnings ?? [] };
          },
          [listing.resource],
        );
        return answerWrite(c, outcome, (value) => value, 'survey.restored', {
          words: { smart_count: outcome.status === 'ok' ? outcome.value.kept : 0 },
        });
      },
    );
}
