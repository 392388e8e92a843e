import type { ConfigOptions, Field, FieldSchema, ResourceSchema, RouteNode } from './types';

/** Everything the schema files say, resolved once and shared by the console, the server and the mock. */
export interface Registry {
  resources: Record<string, ResourceSchema>;
  config: ConfigOptions;
  routes: RouteNode[];
}

export function createRegistry(resourceFiles: Record<string, unknown>, config: unknown, routes: unknown): Registry {
  const resources: Record<string, ResourceSchema> = {};
  for (const file of Object.values(resourceFiles)) {
    const schema = file as ResourceSchema;
    resources[schema.$id] = schema;
  }
  const { $comment: _c, ...options } = config as ConfigOptions & { $comment?: string };
  return { resources, config: options as ConfigOptions, routes: (routes as { routes: RouteNode[] }).routes };
}

/** Follows a local `#/definitions/…` reference; other schemas are returned as they are. */
export function resolve(root: ResourceSchema, schema: FieldSchema): FieldSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/definitions/', '');
  const target = root.definitions?.[name];
  if (!target) throw new Error(`${root.$id}: unresolved reference ${schema.$ref}`);
  return target;
}

/** The top-level properties, with references resolved. */
export function properties(root: ResourceSchema): Record<string, FieldSchema> {
  const out: Record<string, FieldSchema> = {};
  for (const [name, prop] of Object.entries(root.properties ?? {})) out[name] = resolve(root, prop);
  return out;
}

const fieldCache = new WeakMap<ResourceSchema, Field[]>();

/**
 * Leaf fields in schema order, nested objects flattened to dotted paths. Worked out once per
 * schema: lists, forms and every parsed query ask for them.
 */
export function fields(root: ResourceSchema): Field[] {
  const cached = fieldCache.get(root);
  if (cached) return cached;
  const out: Field[] = [];
  // A nested field is required only when its whole group is: a secretary is optional,
  // but a secretary given without a name is not.
  const walk = (schema: FieldSchema, prefix: string, groupRequired: boolean) => {
    for (const [name, raw] of Object.entries(schema.properties ?? {})) {
      const prop = resolve(root, raw);
      const path = prefix ? `${prefix}.${name}` : name;
      const required = groupRequired && (schema.required ?? []).includes(name);
      if (prop.type === 'object' && prop.properties) walk(prop, path, required);
      else out.push({ path, schema: prop, required });
    }
  };
  walk(root, '', true);
  fieldCache.set(root, out);
  return out;
}

export function field(root: ResourceSchema, path: string): Field | undefined {
  return fields(root).find((f) => f.path === path);
}

/** Top-level properties holding a nested group, stored as JSON. */
export function groupNames(root: ResourceSchema): string[] {
  return Object.entries(properties(root))
    .filter(([, p]) => p.type === 'object' || p.type === 'array')
    .map(([name]) => name);
}

export function optionKeys(config: ConfigOptions, list: string): (string | number)[] {
  return (config[list]?.items ?? []).map((item) => item.key);
}

/** The resource a field refers to: its own `x-ref`, or its items' (a list of references). */
export const refOf = (prop: FieldSchema | undefined): string | undefined => prop?.['x-ref'] ?? prop?.items?.['x-ref'];

export function getPath(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A copy of `record` with the value at a dotted path replaced (the groups on the way copied, made when missing). */
export function withPath(record: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...record, [head]: value };
  const inner = record[head];
  return {
    ...record,
    [head]: withPath(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest.join('.'), value),
  };
}
