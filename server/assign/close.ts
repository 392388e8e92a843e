// Closing a record (`x-resource.close`: a completed well), in the write that closes it and in
// every later write: a follower ends the record's current assignments as it closes (the members
// go back as the assignment collection's `onRemove` says), and guards refuse new records of the
// resources it takes no more of while it is closed (trips, daily reports), naming it. The assign
// calls refuse new assignments themselves (assignments.ts).
import { closedTo, closesNow, closingResources, isClosed } from '../../kernel/schema/close';
import { representation } from '../../kernel/schema/assign';
import type { Registry } from '../../kernel/schema/registry';
import type { FieldError } from '../../kernel/schema/validation';
import type { WriteGuard } from '../access/guards';
import type { Translate } from '../http/messages';
import type { Follower } from '../resources/relations';
import type { Row, Store } from '../store/types';

/** Ends the current assignments of a parent, at its closing date (Assignments.release). */
export type Release = (tx: Store, parentResource: string, parentId: number, date: unknown) => Promise<void>;

/** Why a closed record (a completed well) takes no new record of `resource`, naming it and its state. */
export function closedText(registry: Registry, closing: string, row: Row, resource: string, t: Translate): string {
  const spec = registry.resources[closing]['x-resource'].close!;
  return t('server.closed_parent', {
    parent: t(`resources.${closing}.name`, { smart_count: 1, _: closing }),
    name: representation(registry, closing, row),
    value: t(`resources.${closing}.enums.${spec.field}.${spec.value}`, { _: String(spec.value) }),
    what: t(`resources.${resource}.name`, { smart_count: 2, _: resource }).toLocaleLowerCase(),
    field: t(`resources.${closing}.fields.${spec.field}`, { _: spec.field }).toLocaleLowerCase(),
  });
}

export function createClosing(registry: Registry, release: Release) {
  const closing = closingResources(registry);
  const assigning = new Set(Object.entries(registry.resources).flatMap(([name, schema]) => (schema['x-resource'].assign ? [name] : [])));

  const follower: Follower = {
    sources: closing.map((c) => c.resource),
    async follow(tx, resource, changes) {
      const spec = closing.find((c) => c.resource === resource)?.spec;
      if (!spec) return;
      for (const { row, previous } of changes)
        if (row && closesNow(row, previous, spec)) await release(tx, resource, row.id, spec.date && row[spec.date]);
    },
  };

  const guards: Record<string, WriteGuard> = {};
  for (const pair of closedTo(registry)) {
    if (assigning.has(pair.resource)) continue;
    guards[pair.resource] = {
      // A new record, or one moved to another parent; records already there stay editable.
      async checkWrite(tx, record, existing, t): Promise<FieldError[]> {
        const parentId = record[pair.field];
        if (typeof parentId !== 'number' || (existing && existing[pair.field] === parentId)) return [];
        const parent = await tx.get(pair.closing, parentId);
        if (!parent || !isClosed(parent, pair.spec)) return [];
        return [{ field: pair.field, message: closedText(registry, pair.closing, parent, pair.resource, t) }];
      },
    };
  }
  return { follower, guards };
}
