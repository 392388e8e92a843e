// A record that one value of a field closes (x-resource.lock: a submitted daily report): who may
// still change it. Pure, so the dialog, the row buttons and the tests agree.
import type { LockSpec } from '../../../kernel/schema/types';

/**
 * `open`: anyone may edit or delete it. `reopenable`: closed, but this person's roles may change
 * it, setting the field back to the lock's `reopen` value (nobody deletes it while closed).
 * `closed`: this person may only read it.
 */
export type LockState = 'open' | 'reopenable' | 'closed';

export function lockState(lock: LockSpec | undefined, record: Record<string, unknown> | undefined, roles: readonly string[]): LockState {
  if (!lock || !record || record[lock.field] !== lock.value) return 'open';
  return roles.some((role) => lock.roles.includes(role)) ? 'reopenable' : 'closed';
}
