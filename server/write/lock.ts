// Closed records (`x-resource.lock`: a submitted daily report): step 1 of the write service
// refuses any change to one but reopening it, by the lock's roles only. A closed record keeps the
// values worked out from other records that its lock names (`keeps`) as they were when it was
// closed: followers that write such values pass them through `keepClosed`, which puts later
// values in the record's revision instead; closing and reopening (`closingValues`, step 2) stamp
// who closed it and take the revision's values in.
import { isClosed, revisionOf } from '../../kernel/schema/lock';
import { getPath, withPath } from '../../kernel/schema/registry';
import { sameValue } from '../../kernel/schema/same-value';
import type { LockRevision, LockSpec, ResourceSchema } from '../../kernel/schema/types';
import type { FieldError } from '../../kernel/schema/validation';
import type { Row } from '../store/types';
import type { Actor } from './service';

/** Whether the person has one of the roles that may reopen a closed record. */
const mayReopen = (actor: Actor, roles: string[]) => (actor.user?.roles ?? []).some((role) => roles.includes(role));

/**
 * Why a closed record may not be written so: only the lock's roles may change it, and only by
 * setting its field back to `reopen`. None when it is not closed or the write reopens it.
 */
export function lockErrors(
  schema: ResourceSchema,
  actor: Actor,
  resource: string,
  existing: Row,
  next: Record<string, unknown>,
): FieldError[] {
  const lock = schema['x-resource'].lock;
  if (!lock || existing[lock.field] !== lock.value) return [];
  const { t } = actor;
  const valueOf = (value: string | number) => t(`resources.${resource}.enums.${lock.field}.${value}`, { _: String(value) });
  const words = {
    resource: t(`resources.${resource}.name`, { smart_count: 1, _: resource }),
    state: valueOf(lock.value),
    reopen: valueOf(lock.reopen),
    field: t(`resources.${resource}.fields.${lock.field}`, { _: lock.field }),
  };
  // The state of the record refuses the write, not the person's access: its message under the field that closes it.
  if (!mayReopen(actor, lock.roles)) return [{ field: lock.field, message: t('server.locked_role', words) }];
  if (next[lock.field] === lock.reopen) return [];
  return [{ field: lock.field, message: t('server.locked', words) }];
}

const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The values worked out from other records (dotted path → value) to write to a record, as its
 * lock has them: for a record that is not closed, all of them; for a closed one, those it does
 * not keep, and for the kept ones a revision holding every kept field whose value now differs
 * from the one kept (emptied when none does; its time kept while its values stay the same). A
 * closed record that holds none of them yet (closed before they were worked out) takes them.
 * `revised` says whether the revision changed.
 */
export function keepClosed(
  lock: LockSpec | undefined,
  row: Record<string, unknown>,
  changes: Record<string, unknown>,
  at: string,
): { changes: Record<string, unknown>; revised: boolean } {
  if (!lock?.keeps || !lock.revision || !isClosed(lock, row)) return { changes, revised: false };
  // Closed before any of them was worked out (demo data, an install older than them): nothing was sent with them.
  if (!revisionOf(lock, row) && lock.keeps.every((path) => asNumber(getPath(row, path)) === undefined)) return { changes, revised: false };
  const kept = new Set(lock.keeps);
  const direct = Object.fromEntries(Object.entries(changes).filter(([path]) => !kept.has(path)));
  const before = revisionOf(lock, row);
  const pending = new Map(before?.values.map((v) => [v.field, v.value]));
  const values: LockRevision['values'] = [];
  for (const path of lock.keeps) {
    const now = Object.hasOwn(changes, path)
      ? asNumber(changes[path])
      : pending.has(path)
        ? pending.get(path)
        : asNumber(getPath(row, path));
    if (!sameValue(now ?? null, asNumber(getPath(row, path)) ?? null))
      values.push(now === undefined ? { field: path } : { field: path, value: now });
  }
  const same = !!before && sameValue(before.values, values);
  const revision = values.length === 0 ? null : { at: same ? before.at : at, values };
  const revised = !sameValue(before ?? null, revision);
  return { changes: revised ? { ...direct, [lock.revision]: revision } : direct, revised };
}

/**
 * What closing or reopening a record sets, on the record about to be written: closing stamps the
 * person in `by`; reopening takes the revision's values into the kept fields, empties the
 * revision and the stamp.
 */
export function closingValues(
  schema: ResourceSchema,
  actor: Actor,
  existing: Row | undefined,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const lock = schema['x-resource'].lock;
  if (!lock) return record;
  const closing = isClosed(lock, record) && !isClosed(lock, existing);
  const reopening = isClosed(lock, existing) && !isClosed(lock, record);
  if (closing && lock.by) {
    const username = actor.user?.username ?? actor.user?.name;
    return username ? { ...record, [lock.by]: username } : record;
  }
  if (!reopening) return record;
  let out: Record<string, unknown> = { ...record };
  if (lock.by) delete out[lock.by];
  const revision = revisionOf(lock, existing!);
  if (lock.revision) delete out[lock.revision];
  if (!revision || !lock.keeps) return out;
  const taken = new Map(revision.values.map((v) => [v.field, v.value ?? null]));
  for (const path of lock.keeps) if (taken.has(path)) out = withPath(out, path, taken.get(path));
  return out;
}
