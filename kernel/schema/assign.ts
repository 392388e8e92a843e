// What an assignment collection (`x-resource.assign`, see AssignSpec) means, without a store:
// which resources are assignment collections, which of their rows are current, and the text a
// member keeps in its `memberField`. The server's endpoints and the demo data both use these,
// so a seeded member reads exactly as one the endpoints wrote.
import type { Registry } from './registry';
import { representationOf } from './representation';
import type { AssignSpec, ParentSpec } from './types';
import { notGiven } from './given';

/** An assignment collection: the resource, its assign spec and its parent link. */
export interface AssignmentCollection {
  resource: string;
  spec: AssignSpec;
  parent: ParentSpec;
}

/** Every resource of the registry that assigns records to its parent. */
export function assignmentCollections(registry: Registry): AssignmentCollection[] {
  const found: AssignmentCollection[] = [];
  for (const [resource, schema] of Object.entries(registry.resources)) {
    const { assign, parent } = schema['x-resource'];
    if (assign && parent) found.push({ resource, spec: assign, parent });
  }
  return found;
}

/** An assignment is current while its `until` holds nothing. */
export const isCurrent = (row: Record<string, unknown>, spec: AssignSpec): boolean => {
  const until = row[spec.until];
  return notGiven(until);
};

/**
 * A member's `memberField`: the names of its current parents, sorted and joined by ", ", cut to
 * the field's `maxLength` (with "…"); undefined when it has none.
 */
export function memberFieldText(names: string[], maxLength?: number): string | undefined {
  if (names.length === 0) return undefined;
  const text = [...new Set(names)].sort().join(', ');
  if (maxLength === undefined || text.length <= maxLength) return text;
  return `${text.slice(0, maxLength - 1)}…`;
}

/** How a record is named in messages and member fields: its `recordRepresentation` (or its fallback), else `#id`. */
export function representation(registry: Registry, resource: string, row: Record<string, unknown>): string {
  const meta = registry.resources[resource]?.['x-resource'];
  const named = meta ? representationOf(meta, row) : undefined;
  return named ? String(named.value) : `#${String(row.id)}`;
}

/**
 * The values of a member's field that only an assignment sets (`onAssign`: an instrument's
 * location "on a well", its status "on site"): a form does not offer them, the server refuses
 * them typed. A value that taking a member back also sets (`onRemove`) is not among them.
 */
export function assignedOnlyValues(registry: Registry, member: string, field: string): unknown[] {
  const collections = assignmentCollections(registry).filter((c) => c.spec.member === member);
  const removed = new Set(collections.flatMap((c) => (field in (c.spec.onRemove ?? {}) ? [c.spec.onRemove![field]] : [])));
  return [...new Set(collections.flatMap((c) => (field in (c.spec.onAssign ?? {}) ? [c.spec.onAssign![field]] : [])))].filter(
    (value) => value !== null && !removed.has(value),
  );
}
