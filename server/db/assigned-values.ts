// Once per field an assignment sets on its members (`onAssign`: an instrument's location "well"):
// the members with a current assignment and no value yet get it, so that a database made before
// the field existed says where its tools are from the start. Members holding a value keep it.
import { sql, type Transaction } from 'kysely';
import { assignmentCollections } from '../../kernel/schema/assign';
import type { Registry } from '../../kernel/schema/registry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any>;

export function assignedValueSteps(registry: Registry, tell: (line: string) => void) {
  return assignmentCollections(registry).flatMap(({ resource, spec }) =>
    Object.entries(spec.onAssign ?? {})
      .filter(([, value]) => value !== null)
      .map(([field, value]) => ({
        name: `assigned ${spec.member}.${field} from ${resource}`,
        run: async (trx: Trx) => {
          const result = await sql`
            update ${sql.table(spec.member)} set ${sql.ref(field)} = ${value}
            where ${sql.ref(field)} is null and id in (
              select ${sql.ref(spec.member)} from ${sql.table(resource)} where ${sql.ref(spec.until)} is null)`.execute(trx);
          const count = Number(result.numAffectedRows ?? 0);
          if (count > 0) tell(`${spec.member}: ${count} with a current ${resource} set to ${field} = ${String(value)}.`);
        },
      })),
  );
}
