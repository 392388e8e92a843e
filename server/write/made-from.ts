// Keeps the records made from another resource's records (`x-resource.madeFrom`) in step with
// their source, inside the source's write: one per item of its list (a run per instrument of a
// trip), each added, changed or deleted as the source's list and copied values change, and
// deleted with it. Each goes through the same write steps as any record (checked, computed,
// totals and followers, logged) under the cause MADE_FROM. A person may change a made record's
// own fields only, and may not delete it: the source decides the rest.
import { echo } from '../../kernel/contract/limits';
import { representation } from '../../kernel/schema/assign';
import { decidedFields, itemsOf, madeValues } from '../../kernel/schema/made-from';
import type { Registry } from '../../kernel/schema/registry';
import { sameValue } from '../../kernel/schema/same-value';
import { withDefaults } from '../../kernel/schema/derive';
import type { FieldError } from '../../kernel/schema/validation';
import type { Translate } from '../http/messages';
import type { Row, Store } from '../store/types';
import type { Writer } from './service';

/** The cause of the writes made here: the made record's own checks on a person's edit do not apply. */
export const MADE_FROM = 'madeFrom';

export function madeFromRecords(registry: Registry) {
  const links = Object.entries(registry.resources).flatMap(([resource, schema]) => {
    const spec = schema['x-resource'].madeFrom;
    return spec ? [{ resource, spec }] : [];
  });
  const madeOf = (source: string) => links.filter((link) => link.spec.resource === source);

  /** "Made from trip 3: change it there", naming the source record. */
  async function madeMessage(tx: Store, resource: string, row: Row, t: Translate): Promise<string> {
    const spec = registry.resources[resource]['x-resource'].madeFrom!;
    const source = await tx.get(spec.resource, row[spec.field] as number);
    return t('server.made_from', {
      resource: t(`resources.${spec.resource}.name`, { smart_count: 1, _: spec.resource }).toLocaleLowerCase(),
      name: echo(source ? representation(registry, spec.resource, source) : String(row[spec.field])),
    });
  }

  return {
    /** A person's change to what a made record's source decides: refused under the first such field. */
    async editErrors(tx: Store, resource: string, merged: Record<string, unknown>, existing: Row, t: Translate): Promise<FieldError[]> {
      const schema = registry.resources[resource];
      const changed = decidedFields(schema, existing).filter(
        (field) => !schema.properties?.[field]?.readOnly && !sameValue(merged[field] ?? null, existing[field] ?? null),
      );
      if (changed.length === 0) return [];
      const label = t(`resources.${resource}.fields.${changed[0]}`, { _: changed[0] });
      return [{ field: changed[0], message: `${label}: ${await madeMessage(tx, resource, existing, t)}` }];
    },

    /** Why a person may not delete these records: some were made from a source record. */
    async removeRefusal(tx: Store, resource: string, ids: number[], t: Translate): Promise<string | undefined> {
      const spec = registry.resources[resource]['x-resource'].madeFrom;
      if (!spec) return undefined;
      const [made] = await tx.findIds(resource, [
        { field: 'id', op: 'in', value: ids },
        { field: spec.field, op: 'given', value: true },
      ]);
      const row = made === undefined ? undefined : await tx.get(resource, made);
      if (!row) return undefined;
      const name = t(`resources.${resource}.name`, { smart_count: 1, _: resource });
      return `${name} ${echo(representation(registry, resource, row))}: ${await madeMessage(tx, resource, row, t)}`;
    },

    /** After a source record was written: its made records added, changed or deleted to match it. */
    async follow(writer: Writer, source: string, row: Row): Promise<void> {
      for (const { resource, spec } of madeOf(source)) {
        const schema = registry.resources[resource];
        const current = await writer.tx.list(resource, {
          conditions: [{ field: spec.field, op: 'eq', value: row.id }],
          sort: { field: 'id', order: 'ASC' },
          page: 1,
          limit: 1000,
        });
        const items = itemsOf(spec, row);
        const gone = current.rows.filter((made) => !items.includes(made[spec.as] as number));
        if (gone.length > 0)
          await writer.remove(
            resource,
            gone.map((made) => made.id),
            { cause: MADE_FROM },
          );
        for (const item of items) {
          // The link is the server's own value: set over the input, which a person could not give it.
          const { [spec.field]: link, ...wanted } = madeValues(spec, row, item);
          const hooks = { cause: MADE_FROM, set: { [spec.field]: link } };
          const made = current.rows.find((r) => r[spec.as] === item);
          if (!made) await writer.create(resource, withDefaults(schema, wanted), hooks);
          else if (Object.entries(wanted).some(([field, value]) => !sameValue(made[field] ?? null, value)))
            await writer.update(resource, made.id, wanted, hooks);
        }
      }
    },

    /** Before source records are deleted: the records made from them go first. */
    async removeMade(writer: Writer, source: string, ids: number[]): Promise<void> {
      for (const { resource, spec } of madeOf(source)) {
        const made = await writer.tx.findIds(resource, [{ field: spec.field, op: 'in', value: ids }]);
        if (made.length > 0) await writer.remove(resource, made, { cause: MADE_FROM });
      }
    },
  };
}

export type MadeFromRecords = ReturnType<typeof madeFromRecords>;
