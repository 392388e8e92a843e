// Closed records (`x-resource.lock`), as the console and the server both read them: whether a
// record is closed, and the revision it holds (the values worked out since it was closed, where
// they differ from the ones it keeps). Pure.
import type { LockRevision, LockSpec } from './types';

/** Whether the lock closes the record. */
export const isClosed = (lock: LockSpec | undefined, row: Record<string, unknown> | undefined): boolean =>
  !!lock && !!row && row[lock.field] === lock.value;

/** The revision a record holds, if any. */
export function revisionOf(lock: LockSpec | undefined, row: Record<string, unknown> | undefined): LockRevision | undefined {
  const held = lock?.revision && row ? row[lock.revision] : undefined;
  if (!held || typeof held !== 'object') return undefined;
  const { at, values } = held as Partial<LockRevision>;
  return typeof at === 'string' && Array.isArray(values) && values.length > 0 ? { at, values } : undefined;
}
