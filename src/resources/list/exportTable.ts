// The table an export writes, built once for every format: a header row of translated labels
// (with units) and one row of translated cells per record. Options, dictionary items and
// references are written by their labels, never as bare keys or ids; a nested group's fields
// are columns of their own; yes/no in the reader's language; dates and times as the reader's clock
// shows them (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm` local time), text in CSV, the spreadsheet's own
// dates in xlsx. CSV and xlsx only serialize this table (serialize.ts).
import { fields, getPath } from '../../../kernel/schema/registry';
import type { Field, FieldSchema, ResourceSchema } from '../../../kernel/schema/types';

/** A day (`YYYY-MM-DD`) or a time (`YYYY-MM-DD HH:mm`), as the reader's clock shows it. */
export interface DateCell {
  date: string;
}

/**
 * A cell: text, a number (kept a number, so a spreadsheet can add it up), a date or a time (kept
 * one, so a spreadsheet can sort and count days with it), or empty.
 */
export type Cell = string | number | DateCell | null;

/** A cell as text (what CSV writes). */
export const cellText = (cell: Cell): string => (cell === null ? '' : typeof cell === 'object' ? cell.date : String(cell));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface Table {
  headers: string[];
  rows: Cell[][];
}

/** How the export names what it writes, in the reader's language. */
export interface CellNames {
  /** A column's header: the label the list's column shows, with its unit. */
  header(path: string, schema: FieldSchema): string;
  /** The label of an option (enum, option list, dictionary item); undefined when the field has none. */
  option(path: string, schema: FieldSchema, value: string | number): string | undefined;
  /** How the record a reference names is called (its recordRepresentation); undefined when unknown. */
  reference(target: string, id: string | number): string | undefined;
  yesNo(value: boolean): string;
}

/**
 * The fields an export writes: every field of the record (a nested group's fields by dotted path),
 * the list's own columns first, in their order; without those implied by where the list stands.
 */
export function exportFields(schema: ResourceSchema, hide: string[] = []): Field[] {
  // A write-only field (a password) is never answered: there is nothing to export.
  const all = fields(schema).filter((f) => !f.schema.writeOnly);
  const defaults = schema['x-resource'].list.columns.flatMap((path) => all.filter((f) => f.path === path));
  const rest = all.filter((f) => !defaults.includes(f));
  return [...defaults, ...rest].filter((f) => !hide.includes(f.path));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` in local time; text that is no time is written as it is. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `YYYY-MM-DD` of a day in local time. */
export const formatDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A value with no schema of its own (a list's groups): its parts as text, "Size: 147 mm, 215.9 mm; …". */
function plain(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value))
    return value
      .map(plain)
      .filter(Boolean)
      .join(value.some((v) => typeof v === 'object' && v !== null) ? '; ' : ', ');
  if (typeof value === 'object') return Object.values(value).map(plain).filter(Boolean).join(': ');
  return String(value);
}

/** One value as the cell shows it. */
export function cellOf(field: Field, value: unknown, names: CellNames): Cell {
  const { path, schema } = field;
  if (value === null || value === undefined || value === '') return null;
  const target = schema['x-ref'];
  if (target && (typeof value === 'number' || typeof value === 'string')) return names.reference(target, value) ?? String(value);
  if (Array.isArray(value)) {
    const item = schema.items ?? {};
    return value
      .map((v) => (typeof v === 'string' || typeof v === 'number' ? (names.option(path, item, v) ?? String(v)) : plain(v)))
      .join(', ');
  }
  if (typeof value === 'boolean') return names.yesNo(value);
  if (typeof value === 'string' || typeof value === 'number') {
    const label = names.option(path, schema, value);
    if (label !== undefined) return label;
  }
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    if (schema.format === 'date-time') {
      const text = formatDateTime(value);
      return text === value ? value : { date: text };
    }
    return schema.format === 'date' && DAY.test(value) ? { date: value } : value;
  }
  return plain(value);
}

export function buildTable(schema: ResourceSchema, records: Record<string, unknown>[], names: CellNames, hide: string[] = []): Table {
  const columns = exportFields(schema, hide);
  return {
    headers: columns.map((f) => names.header(f.path, f.schema)),
    rows: records.map((record) => columns.map((f) => cellOf(f, getPath(record, f.path), names))),
  };
}
