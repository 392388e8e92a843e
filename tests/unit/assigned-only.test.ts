// The values of a member's field that only an assignment sets, which forms do not offer: checked on
// the real schemas by what must hold of any (each is set on assignment and not on removal).
import { describe, expect, it } from 'vitest';
import { assignedOnlyValues, assignmentCollections } from '../../kernel/schema/assign';
import { loadRegistry } from '../../kernel/schema/load-node';

const registry = loadRegistry();

describe('values only an assignment sets', () => {
  it('are the onAssign values of each member field that no onRemove sets', () => {
    const collections = assignmentCollections(registry);
    expect(collections.length).toBeGreaterThan(0);
    for (const { spec } of collections)
      for (const [field, value] of Object.entries(spec.onAssign ?? {})) {
        const values = assignedOnlyValues(registry, spec.member, field);
        const removes = collections.some((c) => c.spec.member === spec.member && c.spec.onRemove?.[field] === value);
        expect(values.includes(value), `${spec.member}.${field} = ${String(value)}`).toBe(value !== null && !removes);
      }
  });

  it('are none for a field no assignment sets', () => {
    for (const [name, schema] of Object.entries(registry.resources))
      for (const field of Object.keys(schema.properties ?? {}))
        if (!assignmentCollections(registry).some((c) => c.spec.member === name && field in (c.spec.onAssign ?? {})))
          expect(assignedOnlyValues(registry, name, field)).toEqual([]);
  });
});
