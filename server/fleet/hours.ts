// Keeps the `sumSince` totals (an instrument's hours since its last repair came back) as the
// records they are made from change: a Follower of relations.ts, told of every write and delete of
// a usage or repair record inside its transaction. The values are the server's, not a person's
// edit: written without moving the record's version, so a form opened on it does not conflict,
// and not logged. (`sumOf` totals, such as the instrument's hours, are kept by relations.ts.)
import { type Rollup, countingSince, latestTime, rollupsOf, staleRollups } from '../../kernel/fleet/hours';
import { isOpenRun, openExtraSince } from '../../kernel/fleet/open-runs';
import type { Registry } from '../../kernel/schema/registry';
import { type Follower, writeDerived } from '../resources/relations';
import type { Store } from '../store/types';

/** The runs and repairs of instruments, as the fleet names them (FleetNames of due.ts). */
interface RunNames {
  runs: { resource: string; parent: string; start: string; hours: string; end?: string };
  /** `when`: the repairs that reset the hours (kernel/fleet/hours.ts countingSince). */
  repairs: { resource: string; parent: string; returned: string; when?: Record<string, string> };
}

/** Records read at once: every run still going on, every repair of their instruments. */
const ALL = 1_000_000;

/**
 * What the runs still going on add at `now` to each instrument's stored hours since its last repair
 * came back (kernel/fleet/open-runs.ts says why the stored total leaves them out): by instrument id,
 * those with an open run only. Reads the open runs and their instruments' repairs: a few records.
 */
export async function openSinceRepair(store: Store, names: RunNames, now: Date): Promise<Map<number, number>> {
  const { runs, repairs } = names;
  const out = new Map<number, number>();
  if (!runs.end) return out;
  const fields = { start: runs.start, end: runs.end, hours: runs.hours };
  const page = { sort: { field: 'id', order: 'ASC' as const }, page: 1, limit: ALL };
  const open = (await store.list(runs.resource, { ...page, conditions: [{ field: runs.end, op: 'given', value: false }] })).rows.filter(
    (run) => isOpenRun(run, fields),
  );
  const ids = [...new Set(open.map((run) => run[runs.parent]).filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return out;
  const returns = (await store.list(repairs.resource, { ...page, conditions: [{ field: repairs.parent, op: 'in', value: ids }] })).rows;
  for (const id of ids) {
    const since = latestTime(
      countingSince(
        returns.filter((r) => r[repairs.parent] === id),
        repairs.when,
      ),
      repairs.returned,
    );
    const extra = openExtraSince(
      open.filter((run) => run[runs.parent] === id),
      fields,
      since,
      now,
    );
    out.set(id, extra);
  }
  return out;
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
        if (parent) await writeDerived(tx, link.resource, parent, stale);
      }
    },
  };
}
