// Migration steps that work out, once, the totals the server keeps over child records (`sumOf`,
// `sumSince`): on an install made before a field became one (an instrument's hours were typed by
// hand), the stored values are replaced by the sums. One step per field and definition, recorded
// like every migration step, so a later change of the definition works them out again.
import type { Transaction } from 'kysely';
import { refreshRollups, rollupsOf } from '../../kernel/fleet/hours';
import type { Registry } from '../../kernel/schema/registry';
import type { Connection } from '../db/connect';
import { inTransaction } from '../db/seed';
import { SqlStore } from '../store/sql';
import { writeDerived } from '../resources/relations';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any>;

export function rollupSteps(connection: Connection, registry: Registry): { name: string; run: (trx: Trx) => Promise<unknown> }[] {
  return rollupsOf(registry).map((rollup) => ({
    name: `derive ${rollup.resource}.${rollup.field} ${JSON.stringify(rollup.spec)}`,
    run: (trx: Trx) => {
      const store = new SqlStore(inTransaction({ ...connection, db: trx }), registry);
      const only = registry.resources[rollup.resource];
      // Only this field: the registry narrowed to it, so each step does its own.
      const narrowed: Registry = {
        ...registry,
        resources: Object.fromEntries(
          Object.entries(registry.resources).map(([name, schema]) => [
            name,
            schema === only
              ? {
                  ...schema,
                  properties: Object.fromEntries(
                    Object.entries(schema.properties ?? {}).filter(([field, prop]) => field === rollup.field || !prop['x-computed']),
                  ),
                }
              : schema,
          ]),
        ),
      };
      return refreshRollups(store, narrowed, (resource, row, changes) => writeDerived(store, resource, row as never, changes));
    },
  }));
}
