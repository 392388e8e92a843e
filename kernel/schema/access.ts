// Which resources hold who sees what (`x-resource.access`): the menu, the roles and the accounts.
import type { Registry } from './registry';
import type { AccessSpec, ResourceSchema } from './types';

type Kind = AccessSpec['kind'];
export type AccessOf<K extends Kind> = Extract<AccessSpec, { kind: K }>;

/** The resource holding one part, with its spec; undefined when no schema holds it (a fixture). */
export function accessResource<K extends Kind>(
  registry: Pick<Registry, 'resources'>,
  kind: K,
): { name: string; schema: ResourceSchema; spec: AccessOf<K> } | undefined {
  for (const [name, schema] of Object.entries(registry.resources)) {
    const spec = schema['x-resource'].access;
    if (spec?.kind === kind) return { name, schema, spec: spec as AccessOf<K> };
  }
  return undefined;
}

/** Whether the server's accounts keep a resource's records, instead of the record store (no table of its own). */
export const keptByAccounts = (schema: ResourceSchema) => schema['x-resource'].access?.kind === 'accounts';
