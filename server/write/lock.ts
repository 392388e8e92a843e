// Closed records (`x-resource.lock`: a submitted daily report): step 1 of the write service
// refuses any change to one but reopening it, by the lock's roles only.
import type { ResourceSchema } from '../../kernel/schema/types';
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
