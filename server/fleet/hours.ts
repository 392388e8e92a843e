// Keeps the `sumSince` totals (an instrument's hours since its last repair came back) as the
// records they are made from change: a Follower of relations.ts, told of every write and delete of
// a usage or repair record inside its transaction. The values are the server's, not a person's
// edit: written without moving the record's version, so a form opened on it does not conflict,
// and not logged. (`sumOf` totals, such as the instrument's hours, are kept by relations.ts.)
import { type Rollup, rollupsOf, staleRollups } from '../../kernel/fleet/hours';
import type { Registry } from '../../kernel/schema/registry';
import type { Follower } from '../resources/relations';
import type { Row, Store } from '../store/types';

/** Writes worked-out values without counting as an edit (the version stays). */
export async function writeKept(store: Store, resource: string, row: Row, changes: Record<string, unknown>) {
  const { id, version: _v, ...fields } = row;
  await store.update(resource, id, { ...fields, ...changes }, undefined, { keepVersion: true });
}

/** The follower keeping every `sumSince` field of the registry; none when there is none. */
export function sumSinceFollower(registry: Registry): Follower | undefined {
  const rollups: Rollup[] = rollupsOf(registry).filter((r) => 'sumSince' in r.spec);
  if (rollups.length === 0) return undefined;
  const sources = [...new Set(rollups.flatMap((r) => r.sources))];
  return {
    sources,
    async follow(tx, resource, changes) {
      const link = registry.resources[resource]['x-resource'].parent;
      if (!link) return;
      const parents = new Set<number>();
      for (const { row, previous } of changes) {
        for (const id of [row?.[link.field], previous?.[link.field]]) if (typeof id === 'number') parents.add(id);
      }
      for (const id of parents) {
        const stale = await staleRollups(tx, registry, rollups, link.resource, id);
        if (Object.keys(stale).length === 0) continue;
        const parent = await tx.get(link.resource, id);
        if (parent) await writeKept(tx, link.resource, parent, stale);
      }
    },
  };
}
