// A spreadsheet's rows as records of a resource: the header line found and matched to fields
// (headers.ts), each cell read as its field's value — numbers converted from the header's unit,
// days and times, yes and no, option and dictionary values by their label in any language or
// their key, references by what people write (a well by its name, a crew by its number, a person
// by name, or name and mobile when two share a name) — and every problem named by line and column.
import { echo } from '../../kernel/contract/limits';
import { LANGUAGES } from '../../kernel/i18n/languages';
import { cellBoolean, cellDate, cellDateTime, cellItems, cellNumber, cellText } from '../../kernel/import/cells';
import { type HeaderMatch, matchHeaders, namesOf, normalizeHeader } from '../../kernel/import/headers';
import { DICTIONARY, dictionaryCode, keyAsValue } from '../../kernel/schema/dictionary';
import { type Registry, refOf } from '../../kernel/schema/registry';
import type { SheetCell, SheetRow } from '../../kernel/sheet/read';
import { type Translate, translator } from '../http/messages';
import type { Row, Store } from '../store/types';
import type { ImportField } from './fields';

/** One problem of the file: its line (1-based), the column's header, the field and the message. */
export interface ImportError {
  row: number;
  column: string;
  field: string;
  message: string;
}

/** A data line read as a record's input, or the problems of its cells. */
export interface ReadRow {
  line: number;
  input: Record<string, unknown>;
  errors: ImportError[];
}

/** Sets a dotted path's value (`leader.name`), making the group on the way. */
function setPath(record: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let at = record;
  for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
  at[parts[parts.length - 1]] = value;
}

/** A label or key as compared: NFKC, lower case, spaces collapsed. */
export const comparable = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

const isBlank = (cell: SheetCell | undefined) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * The header line: the first of the first lines naming at least one field, else the first line
 * with anything in it. Undefined for a sheet without any.
 */
export function findHeaderLine(rows: SheetRow[], fields: readonly ImportField[], headerLines: number): number | undefined {
  const names = namesOf(fields);
  let first: number | undefined;
  for (let i = 0; i < Math.min(rows.length, headerLines + 1); i++) {
    if (rows[i].every(isBlank)) continue;
    first ??= i;
    if (
      rows[i].some((cell) => {
        if (typeof cell !== 'string') return false;
        const { name, whole } = normalizeHeader(cell);
        return names.has(whole) || names.has(name);
      })
    )
      return i;
  }
  return first;
}

/** How a value written in a cell becomes the key an option field holds. */
type OptionMap = Map<string, string | number>;

/** The lookups an import needs, built once per file for the fields its columns fill. */
export interface Lookups {
  options: Map<string, OptionMap>;
  /** Per referenced resource: comparable name → the records of that name. */
  refs: Map<string, { byName: Map<string, Row[]>; byId: Map<number, Row> }>;
}

const ALL = { conditions: [], sort: { field: 'id', order: 'ASC' as const }, page: 1, limit: 1_000_000 };

/** Every name an option may be written as: its key, and its labels in every language. */
async function optionsOf(registry: Registry, store: Store, resource: string, field: ImportField): Promise<OptionMap | undefined> {
  const schema = field.schema;
  const map: OptionMap = new Map();
  const add = (written: unknown, value: string | number) => {
    if (typeof written !== 'string' && typeof written !== 'number') return;
    const key = comparable(String(written));
    if (key !== '' && !map.has(key)) map.set(key, value);
  };
  if (schema.enum) {
    for (const value of schema.enum) add(value, value);
    for (const language of LANGUAGES) {
      const t = translator(language);
      for (const value of schema.enum) {
        const label = t(`resources.${resource}.enums.${field.path}.${value}`, { _: '' });
        if (label && !label.startsWith('resources.')) add(label, value);
      }
    }
    return map;
  }
  const list = schema['x-options'];
  if (!list) return undefined;
  const config = registry.config[list];
  const code = dictionaryCode(schema) ?? config?.dictionary;
  if (code && registry.resources[DICTIONARY.lists]) {
    const lists = await store.list(DICTIONARY.lists, { ...ALL, conditions: [{ field: 'code', op: 'eq', value: code }] });
    if (lists.rows.length > 0) {
      const items = await store.list(DICTIONARY.items, {
        ...ALL,
        conditions: [{ field: 'dictionary', op: 'eq', value: lists.rows[0].id }],
      });
      for (const item of items.rows) add(item.key as string, keyAsValue(schema, String(item.key)));
      for (const item of items.rows)
        for (const label of Object.values((item.label as Record<string, string> | undefined) ?? {}))
          add(label, keyAsValue(schema, String(item.key)));
      return map;
    }
  }
  // A database without that list (one made without demo data): the items the schemas seed into it stand in.
  if (code) {
    const lists = registry.resources[DICTIONARY.lists]?.['x-resource'].seed?.fixed ?? [];
    const items = registry.resources[DICTIONARY.items]?.['x-resource'].seed?.fixed ?? [];
    const index = lists.findIndex((list) => list.code === code);
    const seeded = items.filter((item) => index >= 0 && item.dictionary === index + 1);
    for (const item of seeded) add(item.key, keyAsValue(schema, String(item.key)));
    for (const item of seeded)
      for (const label of Object.values((item.label as Record<string, string> | undefined) ?? {}))
        add(label, keyAsValue(schema, String(item.key)));
    if (seeded.length > 0) return map;
  }
  if (config) {
    for (const item of config.items) add(item.key, item.key);
    for (const item of config.items) add(item[config.labelField], item.key);
    for (const language of LANGUAGES) {
      const t = translator(language);
      for (const item of config.items) {
        const label = t(`options.${list}.${item.key}`, { _: '' });
        if (label && !label.startsWith('options.')) add(label, item.key);
      }
    }
  }
  return map;
}

export async function buildLookups(registry: Registry, store: Store, resource: string, fields: readonly ImportField[]): Promise<Lookups> {
  const lookups: Lookups = { options: new Map(), refs: new Map() };
  for (const field of fields) {
    const options = await optionsOf(registry, store, resource, field);
    if (options) lookups.options.set(field.path, options);
    const target = refOf(field.schema) ?? field.schema['x-ref'];
    if (target && !lookups.refs.has(target) && registry.resources[target]) {
      const name = registry.resources[target]['x-resource'].recordRepresentation;
      const { rows } = await store.list(target, ALL);
      const byName = new Map<string, Row[]>();
      for (const row of rows) {
        const value = row[name];
        if (value === undefined || value === null || value === '') continue;
        const key = comparable(String(value));
        const same = byName.get(key);
        if (same) same.push(row);
        else byName.set(key, [row]);
      }
      lookups.refs.set(target, { byName, byId: new Map(rows.map((row) => [row.id, row])) });
    }
  }
  return lookups;
}

/** Digits and letters only, for comparing what tells two records of one name apart (a mobile number). */
const bare = (text: string) => comparable(text).replace(/[\s\-+()（）/]/g, '');

/**
 * The record a reference cell names: by its name; `#12` by its id; when two share the name, by
 * the name followed by another of the record's values ("王伟 13800138000").
 */
function findRecord(refs: NonNullable<ReturnType<Lookups['refs']['get']>>, text: string): Row[] {
  const id = /^#(\d+)$/.exec(text.trim());
  if (id) {
    const row = refs.byId.get(Number(id[1]));
    return row ? [row] : [];
  }
  const exact = refs.byName.get(comparable(text));
  if (exact && exact.length === 1) return exact;
  const parts = text
    .trim()
    .split(/[\s,/|（）()，]+/)
    .filter(Boolean);
  for (let cut = parts.length - 1; cut >= 1; cut--) {
    const named = refs.byName.get(comparable(parts.slice(0, cut).join(' '))) ?? refs.byName.get(comparable(parts.slice(0, cut).join('')));
    if (!named) continue;
    const rest = bare(parts.slice(cut).join(''));
    const matched = named.filter((row) => Object.values(row).some((value) => typeof value === 'string' && bare(value) === rest));
    if (matched.length > 0) return matched;
  }
  return exact ?? [];
}

export interface RowReader {
  columns: HeaderMatch[];
  /** Problems of the header line itself (a unit that cannot be converted), by column. */
  headerErrors: ImportError[];
  read(row: SheetRow, line: number): ReadRow;
}

/** Reads data lines into inputs with the header matched as `chosen` says (or guessed). */
export function rowReader(args: {
  resource: string;
  fields: readonly ImportField[];
  header: SheetRow;
  headerLine: number;
  chosen: Record<string, string>;
  lookups: Lookups;
  t: Translate;
}): RowReader {
  const { resource, fields, header, headerLine, chosen, lookups, t } = args;
  const columns = matchHeaders(header, fields, chosen);
  const byPath = new Map(fields.map((field) => [field.path, field]));
  const label = (path: string) => t(`resources.${resource}.fields.${path}`, { _: path });
  const headerErrors: ImportError[] = [];
  for (const column of columns)
    if ('problem' in column && column.path)
      headerErrors.push({
        row: headerLine,
        column: column.header,
        field: column.path,
        message: `${label(column.path)}: ${t('import.error.unit', { unit: echo(column.unit), fieldUnit: byPath.get(column.path)?.unit ?? '' })}`,
      });
  const used = columns.filter((column): column is Extract<HeaderMatch, { convert: unknown }> => 'convert' in column);

  function value(field: ImportField, convert: (n: number) => number, cell: SheetCell): { value: unknown } | { problem: string } {
    const options = lookups.options.get(field.path);
    const target = refOf(field.schema) ?? field.schema['x-ref'];
    const text = cellText(cell);
    if (options) {
      const found = options.get(comparable(text)) ?? (typeof cell === 'number' ? options.get(String(cell)) : undefined);
      if (found !== undefined) return { value: found };
      return { problem: t('import.error.option', { value: echo(text) }) };
    }
    if (target) {
      const refs = lookups.refs.get(target);
      const found = refs ? findRecord(refs, text) : [];
      const what = t(`resources.${target}.name`, { smart_count: 1, _: target });
      if (found.length === 1) return { value: found[0].id };
      if (found.length === 0) return { problem: t('import.error.no_record', { resource: what, value: echo(text) }) };
      return { problem: t('import.error.ambiguous', { resource: what, value: echo(text), smart_count: found.length }) };
    }
    switch (field.kind) {
      case 'integer':
      case 'number': {
        const number = cellNumber(cell);
        if (typeof number !== 'number') return { problem: t('import.error.notANumber', { value: echo(text) }) };
        const converted = convert(number);
        if (converted === number) return { value: number };
        // A converted value is rounded on the field's step, as a person typing it in its unit would.
        const step = field.schema.multipleOf ?? (field.kind === 'integer' ? 1 : undefined);
        // (toPrecision first: 171.45 / 0.1 is 1714.4999… in binary, a half that must round up.)
        return {
          value: step
            ? Number((Math.round(Number((converted / step).toPrecision(12))) * step).toPrecision(12))
            : Number(converted.toPrecision(12)),
        };
      }
      case 'boolean': {
        const yes = cellBoolean(cell);
        return typeof yes === 'boolean' ? { value: yes } : { problem: t('import.error.notABoolean', { value: echo(text) }) };
      }
      case 'date': {
        const day = cellDate(cell);
        return day === 'notADate' ? { problem: t('import.error.notADate', { value: echo(text) }) } : { value: day };
      }
      case 'date-time': {
        const at = cellDateTime(cell);
        return at === 'notATime' ? { problem: t('import.error.notATime', { value: echo(text) }) } : { value: at };
      }
      default:
        return { value: typeof cell === 'number' ? String(cell) : text };
    }
  }

  return {
    columns,
    headerErrors,
    read(row, line) {
      const input: Record<string, unknown> = {};
      const errors: ImportError[] = [];
      for (const column of used) {
        const cell = row[column.column] ?? null;
        if (isBlank(cell)) continue;
        const field = byPath.get(column.path)!;
        const problem = (message: string) =>
          errors.push({ row: line, column: column.header, field: field.path, message: `${label(field.path)}: ${message}` });
        if (field.list) {
          const items: unknown[] = [];
          for (const item of cellItems(cell)) {
            const read = value(field, column.convert, item);
            if ('problem' in read) problem(read.problem);
            else items.push(read.value);
          }
          setPath(input, field.path, items);
        } else {
          const read = value(field, column.convert, cell);
          if ('problem' in read) problem(read.problem);
          else setPath(input, field.path, read.value);
        }
      }
      return { line, input, errors };
    },
  };
}
