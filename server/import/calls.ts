// Importing a spreadsheet into any list that can create records, driven by the resource's schema
// alone (no resource needs code of its own to be importable):
//   GET  /import/fields?resource=   the fields a column may fill, with their labels, and the mapping
//                                   the person chose at their last import of that list
//   POST /import?resource=&mode=    a CSV or XLSX file (`file`), with the mapping chosen (`mapping`,
//                                   JSON: header → field, '' for a column left out) or none to guess
//                                   it. `preview` checks every row as the forms would and writes
//                                   nothing; `commit` writes the valid rows in one transaction,
//                                   through the write service, with one operation log entry for the
//                                   import (its counts and file name) and the import's record
//                                   (`importrun`) listing the records it made.
//   GET  /import/records?id=        the records an import made.
// The file is read by the one safe reader (server/sheets/), off the event loop on the server.
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { SHEET_LIMITS, echo } from '../../kernel/contract/limits';
import { namesOf } from '../../kernel/import/headers';
import { uniqueName } from '../../kernel/schema/duplicates';
import { withDefaults } from '../../kernel/schema/derive';
import { flattenRecord } from '../../kernel/forms/record-form';
import type { Registry } from '../../kernel/schema/registry';
import type { SheetRefusal } from '../../kernel/sheet/read';
import type { Permissions } from '../access/permissions';
import { type AppContext, fail, ok } from '../context';
import { type Api, formatBytes } from '../http/endpoints';
import type { Translate } from '../http/messages';
import { readForm } from '../files/uploads';
import type { Row, Store } from '../store/types';
import { type Actor, type WriteService, WriteRefused, actorOf } from '../write/service';
import type { SheetReader } from '../sheets/reader';
import { type ImportField, importFields, importable } from './fields';
import { type ImportError, type ReadRow, buildLookups, findHeaderLine, rowReader } from './rows';

/** The resource keeping each import (schemas/importrun.json). */
export const IMPORT_RUNS = 'importrun';
/** Most errors an answer lists; `valid` and `total` still count every row. */
export const MAX_ERRORS_ANSWERED = 1000;
/** Most columns a mapping may name. */
const MAX_MAPPING = SHEET_LIMITS.maxColumns;

interface Deps {
  registry: Registry;
  store: Store;
  writes: WriteService;
  permissions: Permissions;
  sheets: SheetReader;
  now: () => Date;
}

export interface ImportAnswer {
  total: number;
  valid: number;
  created: number;
  errors: ImportError[];
  /** How each column was read: its header, the field it fills (none: left out) and the unit it states. */
  columns: { column: string; field: string | null; unit: string }[];
  /** The import's record, once committed. */
  import?: number;
}

const ERROR_ITEM = {
  type: 'object',
  required: ['row', 'column', 'field', 'message'],
  properties: {
    row: { type: 'integer', description: 'the line, 1-based as a spreadsheet numbers it' },
    column: { type: 'string', description: 'the header of the column at fault, as written' },
    field: { type: 'string', description: 'the field (dotted path), or "" for the whole row' },
    message: { type: 'string', description: 'the same message the forms show, in the caller’s language' },
  },
};
const ANSWER = {
  type: 'object',
  required: ['total', 'valid', 'created', 'errors', 'columns'],
  properties: {
    total: { type: 'integer', description: 'data rows read' },
    valid: { type: 'integer', description: 'rows without any problem' },
    created: { type: 'integer', description: 'records written: 0 for a preview' },
    errors: { type: 'array', items: ERROR_ITEM, description: `every problem by row and column (the first ${MAX_ERRORS_ANSWERED})` },
    columns: {
      type: 'array',
      items: {
        type: 'object',
        required: ['column', 'field', 'unit'],
        properties: { column: { type: 'string' }, field: { type: ['string', 'null'] }, unit: { type: 'string' } },
      },
    },
    import: { type: 'integer', description: 'the import’s record (GET /import/records?id= lists what it made)' },
  },
};
const RESOURCE_PARAM = {
  name: 'resource',
  in: 'query',
  required: true,
  schema: { type: 'string' },
  description: 'the resource (schema name)',
};

/** A refusal of the file in words. */
export function sheetRefusalMessage(refusal: SheetRefusal, t: Translate): string {
  return t(`import.refusal.${refusal.reason}`, {
    limit: refusal.limit?.toLocaleString('en') ?? '',
    size: formatBytes(refusal.limit ?? SHEET_LIMITS.maxBytes),
    line: refusal.line ?? '',
    column: refusal.columnNumber ?? '',
  });
}

/** Undoes a preview's transaction once every row has been tried. */
class PreviewDone extends Error {}

export function registerImport(api: Api, deps: Deps) {
  const { registry, store, writes, permissions, sheets, now } = deps;
  if (!registry.resources[IMPORT_RUNS]) return;

  /** The resource named by `?resource=`, if the person may import into it; else the refusal. */
  async function resourceOf(c: AppContext): Promise<string | Response> {
    const t = c.get('t');
    const name = c.req.query('resource') ?? '';
    const schema = Object.hasOwn(registry.resources, name) ? registry.resources[name] : undefined;
    if (!importable(schema)) return fail(c, Code.invalidInput, t('import.bad_resource', { resource: echo(name) }));
    if (!(await permissions.mayUse(c.get('user').roles, name))) return fail(c, Code.forbidden, t('server.forbidden'));
    return name;
  }

  /** The mapping the person chose at their last import into `resource`. */
  async function remembered(resource: string, username: string): Promise<Record<string, string>> {
    const { rows } = await store.list(IMPORT_RUNS, {
      conditions: [
        { field: 'resource', op: 'eq', value: resource },
        { field: 'by', op: 'eq', value: username },
      ],
      sort: { field: 'id', order: 'DESC' },
      page: 1,
      limit: 1,
    });
    const mapping = (rows[0]?.mapping as { column: string; field?: string }[] | undefined) ?? [];
    return Object.fromEntries(mapping.map(({ column, field }) => [column, field ?? '']));
  }

  api.on(
    {
      method: 'GET',
      path: '/import/fields',
      access: 'signed-in',
      doc: {
        tags: ['import'],
        summary: 'The fields a spreadsheet’s columns may fill in a resource, and the mapping the person chose last time',
        parameters: [RESOURCE_PARAM],
        data: {
          type: 'object',
          required: ['fields', 'mapping'],
          properties: {
            fields: {
              type: 'array',
              items: {
                type: 'object',
                required: ['path', 'label', 'required'],
                properties: {
                  path: { type: 'string' },
                  label: { type: 'string' },
                  required: { type: 'boolean' },
                  unit: { type: 'string' },
                  list: { type: 'boolean' },
                  options: { type: 'array', items: { type: 'string' }, description: 'the values it takes, as labelled' },
                },
              },
            },
            mapping: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        codes: [Code.invalidInput],
      },
    },
    async (c) => {
      const resource = await resourceOf(c);
      if (resource instanceof Response) return resource;
      const t = c.get('t');
      const fields = importFields(resource, registry.resources[resource]);
      const lookups = await buildLookups(registry, store, resource, fields);
      return ok(c, {
        fields: fields.map((field) => ({
          path: field.path,
          label: t(`resources.${resource}.fields.${field.path}`, { _: field.path }),
          required: field.required,
          ...(field.unit ? { unit: field.unit } : {}),
          ...(field.list ? { list: true } : {}),
          ...(lookups.options.has(field.path) ? { options: optionLabels(resource, field, t, lookups.options.get(field.path)!) } : {}),
        })),
        mapping: await remembered(resource, c.get('user').username),
      });
    },
  );

  /** The options of a field as the person reads them: each value once, by its label in their language. */
  function optionLabels(resource: string, field: ImportField, t: Translate, options: Map<string, string | number>): string[] {
    const values = [...new Set(options.values())];
    const list = field.schema['x-options'];
    return values.map((value) => {
      const key = field.schema.enum ? `resources.${resource}.enums.${field.path}.${value}` : `options.${list}.${value}`;
      const label = t(key, { _: '' });
      if (label && label !== key) return label;
      // A dictionary item: the first label written for it (the item's own label in the person's language is among them).
      const written = [...options.entries()].filter(([, v]) => v === value).map(([k]) => k);
      return written.find((k) => k !== String(value).toLowerCase()) ?? String(value);
    });
  }

  api.on(
    {
      method: 'POST',
      path: '/import',
      access: 'signed-in',
      bodyLimit: {
        bytes: SHEET_LIMITS.maxBytes + 64 * 1024,
        refuse: (c) =>
          fail(c, Code.invalidInput, sheetRefusalMessage({ reason: 'fileTooLarge', limit: SHEET_LIMITS.maxBytes }, c.get('t'))),
      },
      doc: {
        tags: ['import'],
        summary: 'Import a CSV or XLSX spreadsheet into a resource: preview (writes nothing) or commit (writes the valid rows)',
        description:
          'Columns are matched to fields by their labels in any language or their names, with units in the headers converted ("Depth (ft)"); options by their label or key; references by the record’s name. ' +
          `At most ${formatBytes(SHEET_LIMITS.maxBytes)}, ${SHEET_LIMITS.maxRows.toLocaleString('en')} rows and ${SHEET_LIMITS.maxColumns} columns; an XLSX unpacking to more than ${formatBytes(SHEET_LIMITS.maxUnpackedBytes)} or holding more than ${SHEET_LIMITS.maxEntries} entries is refused before it is inflated. ` +
          'A commit writes every valid row in one transaction, logged as one entry (the import’s record); rows with problems are left out and listed.',
        parameters: [RESOURCE_PARAM, { name: 'mode', in: 'query', required: true, schema: { enum: ['preview', 'commit'] } }],
        body: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', format: 'binary', description: 'a .csv or .xlsx file' },
                  mapping: { type: 'string', description: 'JSON: {"<header as written>": "<field path>" or "" to leave the column out}' },
                },
              },
            },
          },
        },
        data: ANSWER,
        codes: [Code.invalidInput, Code.forbidden],
      },
    },
    async (c) => {
      const t = c.get('t');
      const resource = await resourceOf(c);
      if (resource instanceof Response) return resource;
      const mode = c.req.query('mode');
      if (mode !== 'preview' && mode !== 'commit') return fail(c, Code.invalidInput, t('import.bad_mode'));
      const form = await readForm(c);
      const file = form?.file;
      if (!(file instanceof File)) return fail(c, Code.invalidInput, t('server.upload_missing'));
      let chosen: Record<string, string> | undefined;
      if (typeof form?.mapping === 'string' && form.mapping.trim() !== '') {
        chosen = parseMapping(form.mapping);
        if (!chosen) return fail(c, Code.invalidInput, t('import.bad_mapping', { max: MAX_MAPPING }));
      }
      const schema = registry.resources[resource];
      const fields = importFields(resource, schema);
      const read = await sheets(new Uint8Array(await file.arrayBuffer()), { names: [...namesOf(fields).keys()] });
      if (!read.ok) return fail(c, Code.invalidInput, sheetRefusalMessage(read.refusal, t), { refusal: read.refusal });
      const headerIndex = findHeaderLine(read.rows, fields, SHEET_LIMITS.headerLines);
      if (headerIndex === undefined) return fail(c, Code.invalidInput, sheetRefusalMessage({ reason: 'emptyFile' }, t));
      const lookups = await buildLookups(registry, store, resource, fields);
      const reader = rowReader({
        resource,
        fields,
        header: read.rows[headerIndex],
        headerLine: headerIndex + 1,
        chosen: chosen ?? (await remembered(resource, c.get('user').username)),
        lookups,
        t,
      });
      const columns = reader.columns.map((column) => ({
        column: column.header,
        field: column.path && !('problem' in column) ? column.path : null,
        unit: 'unit' in column ? column.unit : '',
      }));
      if (!columns.some((column) => column.field !== null))
        return fail(c, Code.invalidInput, t('import.no_columns', { line: headerIndex + 1 }), { columns });
      const rows: ReadRow[] = [];
      for (let i = headerIndex + 1; i < read.rows.length; i++) {
        if (read.rows[i].every((cell) => cell === null || (typeof cell === 'string' && cell.trim() === ''))) continue;
        if (rows.length === SHEET_LIMITS.maxRows)
          return fail(c, Code.invalidInput, sheetRefusalMessage({ reason: 'tooManyRows', limit: SHEET_LIMITS.maxRows, line: i + 1 }, t));
        const row = reader.read(read.rows[i], i + 1);
        row.input = withDefaults(schema, row.input);
        rows.push(row);
      }
      repeatedInFile(resource, rows, reader.columns, t);
      const actor = actorOf(c);
      const outcome = await runImport(actor, resource, rows, mode, {
        fileName: file.name.slice(0, 255),
        format: read.format,
        mapping: reader.columns.map((column) => ({ column: column.header.slice(0, 200), field: column.path ?? '' })).slice(0, MAX_MAPPING),
      });
      if ('refused' in outcome) return fail(c, Code.invalidInput, outcome.refused);
      const errors = [...reader.headerErrors, ...rows.flatMap((row) => row.errors)];
      const valid = reader.headerErrors.length > 0 ? 0 : rows.filter((row) => row.errors.length === 0).length;
      const answer: ImportAnswer = {
        total: rows.length,
        valid,
        created: outcome.created,
        errors: errors.slice(0, MAX_ERRORS_ANSWERED),
        columns,
        ...(outcome.run !== undefined ? { import: outcome.run } : {}),
      };
      const message =
        mode === 'commit' ? t('import.imported', { smart_count: outcome.created }) : t('import.previewed', { smart_count: valid });
      return ok(c, answer, message);
    },
  );

  /** `{header: path}` from the form's JSON, or undefined when it is not one. */
  function parseMapping(text: string): Record<string, string> | undefined {
    if (text.length > 64 * 1024) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.length > MAX_MAPPING || entries.some(([, value]) => typeof value !== 'string')) return undefined;
    return Object.fromEntries(entries) as Record<string, string>;
  }

  /**
   * A row whose unique values (`x-resource.unique`) an earlier row of the same file holds is
   * refused naming that row, under the set's last field, as the forms refuse one a stored record holds.
   */
  function repeatedInFile(resource: string, rows: ReadRow[], columns: ReturnType<typeof rowReader>['columns'], t: Translate) {
    const schema = registry.resources[resource];
    const columnOf = (path: string) => columns.find((column) => column.path === path)?.header ?? '';
    for (const set of schema['x-resource'].unique ?? []) {
      const seen = new Map<string, number>();
      const last = set[set.length - 1];
      const shown = uniqueName(schema, set);
      for (const row of rows) {
        if (row.errors.length > 0) continue;
        const values = set.map((field) => row.input[field]);
        if (values.some((value) => value === undefined || value === null || value === '')) continue;
        const key = JSON.stringify(values);
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, row.line);
          continue;
        }
        const value = shown ? set.map((field) => String(row.input[field])).join('') : String(row.input[last]);
        row.errors.push({
          row: row.line,
          column: columnOf(last),
          field: last,
          message: `${t(`resources.${resource}.fields.${last}`, { _: last })}: ${t('import.error.repeated', { value: echo(value), row: first })}`,
        });
      }
    }
  }

  /**
   * Every row without a problem written through the write service in one transaction, each one
   * checked as the forms' writes are (a refusal becomes the row's errors and the others go on).
   * A preview undoes the transaction at the end; a commit keeps it, with the import's record.
   * A refusal that comes after a row was partly written (a follower's) cannot be undone alone:
   * the transaction starts over without that row.
   */
  async function runImport(
    actor: Actor,
    resource: string,
    rows: ReadRow[],
    mode: 'preview' | 'commit',
    about: { fileName: string; format: string; mapping: { column: string; field: string }[] },
  ): Promise<{ created: number; run?: number } | { refused: string }> {
    const columnOf = new Map(about.mapping.filter((m) => m.field).map((m) => [m.field, m.column]));
    const columnFor = (field: string) => {
      for (let path = field; path; path = path.slice(0, Math.max(0, path.lastIndexOf('.')))) {
        const column = columnOf.get(path);
        if (column !== undefined) return column;
        if (!path.includes('.')) break;
      }
      return '';
    };
    for (let attempt = 0; attempt < 50; attempt++) {
      let current: ReadRow | undefined;
      const made: number[] = [];
      try {
        const outcome = await writes.transaction(
          actor,
          async (w) => {
            for (const row of rows) {
              if (row.errors.length > 0) continue;
              current = row;
              const result = await w.tryCreate(resource, row.input, { unlogged: true });
              if ('errors' in result)
                row.errors.push(
                  ...result.errors.map((e) => ({ row: row.line, column: columnFor(e.field), field: e.field, message: e.message })),
                );
              else made.push(result.row.id);
            }
            current = undefined;
            if (mode === 'preview') throw new PreviewDone();
            if (made.length === 0) return undefined;
            const run = await w.create(
              IMPORT_RUNS,
              {
                resource,
                ...about,
                total: rows.length,
                valid: made.length,
                created: made.length,
                records: made,
                by: actor.user?.username ?? '',
                at: now().toISOString(),
              },
              { asGiven: true, logAs: ({ records: _r, mapping: _m, ...kept }) => kept as Row },
            );
            return run.id;
          },
          [resource],
        );
        if (outcome.status === 'ok') return { created: made.length, run: outcome.value };
        if (current === undefined) return { refused: refusalText(outcome) };
        current.errors.push({ row: current.line, column: '', field: '', message: refusalText(outcome) });
      } catch (error) {
        if (error instanceof PreviewDone) return { created: 0 };
        if (!(error instanceof WriteRefused) || current === undefined) throw error;
        current.errors.push({ row: current.line, column: '', field: '', message: refusalText(error.refusal) });
      }
    }
    return { refused: actor.t('server.internal') };
  }

  api.on(
    {
      method: 'GET',
      path: '/import/records',
      access: { resource: IMPORT_RUNS },
      doc: {
        tags: ['import'],
        summary: 'The records an import made, as their list answers them',
        parameters: [
          { name: 'id', in: 'query', required: true, schema: { type: 'integer' } },
          { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
        ],
        data: {
          type: 'object',
          required: ['resource', 'total', 'items'],
          properties: { resource: { type: 'string' }, total: { type: 'integer' }, items: { type: 'array' } },
        },
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const t = c.get('t');
      const id = parseInteger(c.req.query('id') ?? '');
      const page = parseInteger(c.req.query('page') ?? '1');
      const limit = parseInteger(c.req.query('limit') ?? '20');
      if (id === undefined || page === undefined || page < 1 || limit === undefined || limit < 1 || limit > 100)
        return fail(c, Code.invalidInput, t('server.missing_id', { max: 1 }));
      const run = await store.get(IMPORT_RUNS, id);
      if (!run)
        return fail(c, Code.notFound, t('server.not_found', { resource: t(`resources.${IMPORT_RUNS}.name`, { smart_count: 1 }), id }));
      const resource = String(run.resource);
      if (!(await permissions.mayUse(c.get('user').roles, resource))) return fail(c, Code.forbidden, t('server.forbidden'));
      const ids = (run.records as number[] | undefined) ?? [];
      const shown = ids.slice((page - 1) * limit, page * limit);
      const schema = registry.resources[resource];
      const rows = await Promise.all(shown.map((recordId) => store.get(resource, recordId)));
      return ok(c, {
        resource,
        total: ids.length,
        items: rows.filter((row) => row !== undefined).map((row) => flattenRecord(schema, row)),
      });
    },
  );
}

/** A write's refusal in words. */
function refusalText(refusal: { status: string; errors?: { message: string }[]; message?: string; resource?: string }): string {
  if (refusal.errors && refusal.errors.length > 0) return refusal.errors.map((e) => e.message).join('; ');
  return refusal.message ?? refusal.status;
}
