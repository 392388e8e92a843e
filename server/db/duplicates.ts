// Before a unique index is made on a table that already has records: the values of its columns
// more than one record holds. The migration then says which, and leaves the index for a later
// start, rather than failing or merging anything.
import { sql, type Transaction } from 'kysely';
import type { Registry } from '../../kernel/schema/registry';
import { uniqueName } from '../../kernel/schema/duplicates';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Transaction<any>;

export interface Shared {
  /** The records' name (their representation, when the columns make it), else the values. */
  name: string;
  ids: number[];
}

/** How many groups the line names; it says how many more there are. */
const NAMED = 10;

/** The values of `columns` (all given) held by more than one record of `table`, with the records, oldest first. */
export async function sharedValues(trx: Trx, table: string, columns: string[]): Promise<{ values: unknown[]; ids: number[] }[]> {
  const refs = sql.join(columns.map((c) => sql.ref(c)));
  const given = sql.join(
    columns.map((c) => sql`${sql.ref(c)} is not null`),
    sql` and `,
  );
  const { rows } = await sql<Record<string, unknown>>`
    select ${refs}, min(id) as first from ${sql.table(table)} where ${given}
    group by ${refs} having count(*) > 1 order by first`.execute(trx);
  const out: { values: unknown[]; ids: number[] }[] = [];
  for (const row of rows) {
    const values = columns.map((c) => row[c]);
    const same = sql.join(
      columns.map((c, i) => sql`${sql.ref(c)} = ${values[i]}`),
      sql` and `,
    );
    const ids = await sql<{ id: number }>`select id from ${sql.table(table)} where ${same} order by id`.execute(trx);
    out.push({ values, ids: ids.rows.map((r) => Number(r.id)) });
  }
  return out;
}

/** "device: 2 values of numtype + num are held by more than one record (T4773: #12, #94; …): …" */
export function duplicatesLine(registry: Registry, table: string, columns: string[], shared: { values: unknown[]; ids: number[] }[]) {
  const schema = registry.resources[table];
  const named = uniqueName(schema, columns);
  const computed = named ? schema.properties?.[named]?.['x-computed'] : undefined;
  // The representation is the columns' values put together (concat), or one of them.
  const nameOf = (values: unknown[]) =>
    computed && 'concat' in computed
      ? computed.concat.map((f) => String(values[columns.indexOf(f)] ?? '')).join('')
      : named
        ? String(values[columns.indexOf(named)])
        : values.join(' ');
  const listed = shared
    .slice(0, NAMED)
    .map(({ values, ids }) => `${nameOf(values)}: ${ids.map((id) => `#${id}`).join(', ')}`)
    .join('; ');
  const more = shared.length > NAMED ? `; and ${shared.length - NAMED} more` : '';
  return (
    `${table}: ${shared.length} ${shared.length === 1 ? 'value' : 'values'} of ${columns.join(' + ')} ` +
    `${shared.length === 1 ? 'is' : 'are'} held by more than one record (${listed}${more}). ` +
    `Nothing was merged: give each record its own value (Home lists them); the unique index is made at the first start after.`
  );
}
