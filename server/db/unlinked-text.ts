// Migration steps for a field that held a record's name as text and became a reference to it
// (`x-unlinked-text`: a run's well, once typed, now the well's id). On a table made before: the
// old text column is renamed to the field keeping the text, the new column is added as any new
// field is, then each text that names a record (by its representation, trimmed, ignoring case)
// becomes that record's id and its text is cleared; the others keep their text to be linked by a
// person. Nothing is lost, and the step says how many it linked and kept.
import { sql, type Transaction } from 'kysely';
import type { Registry } from '../../kernel/schema/registry';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any>;

interface Step {
  name: string;
  run: (trx: Trx) => Promise<unknown>;
}

/** The reference fields that keep their former text in another field, with where they point. */
function unlinkedFields(registry: Registry, resource: string) {
  return Object.entries(registry.resources[resource].properties ?? {}).flatMap(([field, prop]) => {
    const text = prop['x-unlinked-text'];
    const target = prop['x-ref'];
    return text && target ? [{ field, text, target, by: registry.resources[target]['x-resource'].recordRepresentation }] : [];
  });
}

/** Before a table's new columns are added: its old text column renamed to the field that keeps the text. */
export function renameSteps(registry: Registry, resource: string, present: Set<string>): Step[] {
  return unlinkedFields(registry, resource)
    .filter(({ field, text }) => present.has(field) && !present.has(text))
    .map(({ field, text }) => ({
      name: `keep ${resource}.${field} as ${text}`,
      run: (trx) => sql`alter table ${sql.table(resource)} rename column ${sql.ref(field)} to ${sql.ref(text)}`.execute(trx),
    }));
}

/** Once the columns are in: the texts that name a record become its id; `tell` hears how many did and did not. */
export function linkSteps(registry: Registry, tell: (line: string) => void): Step[] {
  return Object.keys(registry.resources).flatMap((resource) =>
    unlinkedFields(registry, resource).map(({ field, text, target, by }) => ({
      name: `link ${resource}.${field} to ${target} by ${by}`,
      run: async (trx: Trx) => {
        const [table, ref, kept, named] = [sql.table(resource), sql.ref(field), sql.ref(text), sql.ref(`t.${by}`)];
        const linked = await sql`update ${table} set ${ref} = (
            select min(t.id) from ${sql.table(target)} t where lower(trim(${named})) = lower(trim(${table}.${kept}))
          ) where ${ref} is null and ${kept} is not null`.execute(trx);
        await sql`update ${table} set ${kept} = null where ${ref} is not null and ${kept} is not null`.execute(trx);
        const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${table} where ${kept} is not null`.execute(trx);
        const left = Number(rows[0].n);
        const done = Number(linked.numAffectedRows ?? 0) - left;
        if (done > 0 || left > 0)
          tell(`${resource}.${field}: ${done} linked to ${target} by ${by}, ${left} kept as text in ${text} for a person to link.`);
      },
    })),
  );
}
