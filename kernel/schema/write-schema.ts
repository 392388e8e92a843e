// The JSON Schema a write is checked against, derived from a resource schema:
// option lists of /config become enums, and server-owned fields (readOnly) are
// neither required nor accepted from a client. The console and the server both use it.
import { resolve } from './registry';
import type { ConfigOptions, FieldSchema, ResourceSchema } from './types';
import { notGiven } from './given';
import { optionsDictionary } from './dictionary';

function writable(root: ResourceSchema, schema: FieldSchema, config: ConfigOptions): FieldSchema {
  const s = resolve(root, schema);
  const out: FieldSchema = { ...s };
  for (const key of Object.keys(out) as (keyof FieldSchema)[]) {
    if (key.startsWith('x-')) delete out[key];
  }
  // Dictionary lists change at run time (an option list kept in one too: brands): the server
  // checks those values against the database.
  if (s['x-options'] && !optionsDictionary(config, s)) out.enum = (config[s['x-options']]?.items ?? []).map((i) => i.key);
  if (s.items) out.items = writable(root, s.items, config);
  if (s.properties) {
    const props: Record<string, FieldSchema> = {};
    for (const [name, prop] of Object.entries(s.properties)) {
      if (resolve(root, prop).readOnly) continue;
      props[name] = writable(root, prop, config);
    }
    out.properties = props;
    out.required = (s.required ?? []).filter((name) => name in props);
  }
  return out;
}

export function writeSchema(root: ResourceSchema, config: ConfigOptions): FieldSchema {
  const { $schema: _s, $id: _i, $comment: _c, definitions: _d, 'x-resource': _r, ...rest } = root;
  return writable(root, { ...rest, type: 'object' }, config);
}

/** What every stored record carries besides its fields: the server owns both. */
export const RECORD_KEYS = ['id', 'version'];

/**
 * Drops the fields a client may not set (id, version, computed and server-stamped fields), inside
 * groups too (a daily report's TVD, worked out by the server, sits in its drilling group).
 */
export function stripReadOnly(root: ResourceSchema, input: Record<string, unknown>, schema: FieldSchema = root): Record<string, unknown> {
  // fromEntries keeps a key like "__proto__" as a plain field, so validation sees and refuses it.
  return Object.fromEntries(
    Object.entries(input).flatMap(([name, value]): [string, unknown][] => {
      if (schema === root && RECORD_KEYS.includes(name)) return [];
      const raw = schema.properties && Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
      const prop = raw && resolve(root, raw);
      if (prop?.readOnly) return [];
      const group = prop?.type === 'object' && prop.properties && value && typeof value === 'object' && !Array.isArray(value);
      return [[name, group ? stripReadOnly(root, value as Record<string, unknown>, prop) : value]];
    }),
  );
}

/**
 * The empty-value rule, decided here once for the console and the server: an optional field
 * that is absent, `null` or `""` is not given, at any depth (in the rows of a list of objects
 * too), and a group whose fields are all not given is not given either. Only where the schema has a group: `{}` for a text or number
 * field stays, so validation refuses it as the wrong type. Fields the schema does not know are
 * kept as they are, for validation to refuse.
 */
export function compact(value: Record<string, unknown>, root: ResourceSchema, schema: FieldSchema = root): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (notGiven(item)) continue;
    const known = schema.properties && Object.hasOwn(schema.properties, key) ? resolve(root, schema.properties[key]) : undefined;
    const rows = known?.type === 'array' && known.items ? resolve(root, known.items) : undefined;
    if (known?.type === 'object' && known.properties && typeof item === 'object' && !Array.isArray(item)) {
      const inner = compact(item as Record<string, unknown>, root, known);
      if (Object.keys(inner).length > 0) entries.push([key, inner]);
    } else if (rows?.type === 'object' && rows.properties && Array.isArray(item)) {
      // The rows of a list of objects stay, each without the fields it does not give (an emptied select, a cleared number).
      const isObject = (row: unknown) => !!row && typeof row === 'object' && !Array.isArray(row);
      entries.push([key, item.map((row) => (isObject(row) ? compact(row as Record<string, unknown>, root, rows) : row))]);
    } else entries.push([key, item]);
  }
  return Object.fromEntries(entries);
}
