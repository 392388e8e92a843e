// Values as a report prints them, in the reader's language: a field's label and its value by
// its schema (an enum's translation, an option list's or the data dictionary's label, the name
// of a referenced record, a number with its unit, a time in the server's time zone). Reads the
// dictionary and the referenced records once per report.
import { DICTIONARY, labelIn, optionsDictionary } from '../../kernel/schema/dictionary';
import { SCHEDULE_TIME_ZONE } from '../../kernel/schema/derive';
import { type Registry, getPath } from '../../kernel/schema/registry';
import type { FieldSchema } from '../../kernel/schema/types';
import type { Translate } from '../http/messages';
import type { Store } from '../store/types';

export interface Printer {
  t: Translate;
  language: string;
  /** A field's label (`resources.<r>.fields.<path>`). */
  label(resource: string, path: string): string;
  /** A record's field as text ('' when it has none), with its unit. */
  value(resource: string, record: Record<string, unknown>, path: string): string;
  /** A value of a field as text. */
  text(resource: string, path: string, value: unknown): string;
  /** A record's name (its representation), or `#id`. */
  name(resource: string, id: unknown): string;
  /** Reads the records a report names (referenced ids) so that `name` knows them. */
  load(resource: string, ids: Iterable<unknown>): Promise<void>;
  number(value: unknown, digits?: number): string;
  time(value: unknown): string;
}

const TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SCHEDULE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

type Node = FieldSchema & Record<string, unknown>;

/** The schema of a field by its dotted path, through groups and the rows of lists (`timeLog.activity`). */
export function schemaAt(root: object | undefined, path: string): Node | undefined {
  let node = root as Node | undefined;
  for (const name of path.split('.')) {
    if (node?.type === 'array' && node.items && typeof node.items === 'object') node = node.items as Node;
    const props = node?.properties as Record<string, Node> | undefined;
    node = props?.[name];
    if (!node) return undefined;
  }
  return node;
}

export async function createPrinter(registry: Registry, store: Store, t: Translate, language: string): Promise<Printer> {
  const names = new Map<string, Map<number, string>>();
  // Every dictionary list's items, by code: a report names few lists, and they are short.
  const dictionary = new Map<string, Map<string, string>>();
  if (registry.resources[DICTIONARY.lists] && registry.resources[DICTIONARY.items]) {
    const all = { sort: { field: 'id', order: 'ASC' as const }, page: 1, limit: 100_000 };
    const lists = (await store.list(DICTIONARY.lists, { conditions: [], ...all })).rows;
    const items = (await store.list(DICTIONARY.items, { conditions: [], ...all })).rows;
    for (const list of lists) {
      const labels = new Map<string, string>();
      for (const item of items)
        if (item.dictionary === list.id)
          labels.set(String(item.key), labelIn(item.label as Record<string, string>, language) ?? String(item.key));
      dictionary.set(String(list.code), labels);
    }
  }

  const number = (value: unknown, digits = 2) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return '';
    const rounded = Math.round(value * 10 ** digits) / 10 ** digits + 0;
    return String(rounded);
  };
  const time = (value: unknown) => {
    if (typeof value !== 'string' || value === '') return '';
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : TIME.format(date);
  };
  const name = (resource: string, id: unknown) => {
    if (id === null || id === undefined || id === '') return '';
    return names.get(resource)?.get(Number(id)) ?? `#${String(id)}`;
  };

  function optionLabel(schema: FieldSchema, value: unknown): string | undefined {
    const code = optionsDictionary(registry.config, schema);
    const fromDictionary = code ? dictionary.get(code)?.get(String(value)) : undefined;
    if (fromDictionary) return fromDictionary;
    const list = schema['x-options'] ? registry.config[schema['x-options']] : undefined;
    const item = list?.items.find((option) => String(option.key) === String(value));
    return item ? String(item[list!.labelField] ?? value) : undefined;
  }

  function text(resource: string, path: string, value: unknown): string {
    if (value === null || value === undefined || value === '') return '';
    const schema = schemaAt(registry.resources[resource], path);
    if (Array.isArray(value)) {
      const items = (schema?.items ?? {}) as FieldSchema & Record<string, unknown>;
      if (typeof items['x-ref'] === 'string') return value.map((id) => name(items['x-ref'] as string, id)).join(', ');
      return value
        .map((item) => (typeof item === 'object' ? '' : String(item)))
        .filter(Boolean)
        .join(', ');
    }
    if (!schema) return typeof value === 'object' ? '' : String(value);
    if (typeof schema['x-ref'] === 'string') return name(schema['x-ref'], value);
    if (typeof value === 'boolean') return t(value ? 'pdf.yes' : 'pdf.no');
    if (Array.isArray(schema.enum)) {
      const key = `resources.${resource}.enums.${path}.${String(value)}`;
      const translated = t(key);
      if (translated !== key) return translated;
    }
    if (schema['x-options']) {
      const label = optionLabel(schema, value);
      if (label) return label;
    }
    if (typeof value === 'number') {
      const unit = typeof schema['x-unit'] === 'string' ? schema['x-unit'] : undefined;
      return unit ? `${number(value)} ${t(`units.${unit}`, { _: unit })}` : number(value);
    }
    if (typeof value === 'string' && (schema.format === 'date-time' || schema.format === 'date')) return time(value);
    return typeof value === 'object' ? '' : String(value);
  }

  return {
    t,
    language,
    label: (resource, path) => t(`resources.${resource}.fields.${path}`, { _: path }),
    value: (resource, record, path) => text(resource, path, getPath(record, path)),
    text,
    name,
    number,
    time,
    async load(resource, ids) {
      const schema = registry.resources[resource];
      if (!schema) return;
      const known = names.get(resource) ?? new Map<number, string>();
      names.set(resource, known);
      const wanted = [...new Set([...ids].map(Number).filter((id) => Number.isInteger(id) && id > 0 && !known.has(id)))];
      const by = schema['x-resource'].recordRepresentation;
      for (let i = 0; i < wanted.length; i += 500) {
        const batch = wanted.slice(i, i + 500);
        const rows = (
          await store.list(resource, {
            conditions: [{ field: 'id', op: 'in', value: batch }],
            sort: { field: 'id', order: 'ASC' },
            page: 1,
            limit: batch.length,
          })
        ).rows;
        for (const row of rows) known.set(row.id, String(getPath(row, by) ?? `#${row.id}`));
      }
    },
  };
}
