// Fields the server fills, never the client: computed values and creation-time defaults.
import type { ResourceSchema } from './types';

export function derive(
  schema: ResourceSchema,
  record: Record<string, unknown>,
  existing: Record<string, unknown> | undefined,
  now: Date,
): Record<string, unknown> {
  const out = { ...record };
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (prop['x-default'] === 'now' && out[name] === undefined) {
      out[name] = existing?.[name] ?? now.toISOString();
    }
    const computed = prop['x-computed'];
    if (computed) out[name] = computed.concat.map((part) => String(out[part] ?? '')).join('');
  }
  return out;
}

/** A new record with the schema's `default` for every top-level field it leaves out. */
export function withDefaults(schema: ResourceSchema, record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.default !== undefined && (out[name] === undefined || out[name] === null || out[name] === '')) out[name] = structuredClone(prop.default);
  }
  return out;
}
