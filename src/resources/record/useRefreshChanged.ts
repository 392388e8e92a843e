// After a write, the records it changed besides its own (an instrument's hours and status when a
// usage record or a repair is added on its page) are read again wherever they are shown: the
// queries react-admin keeps of them are invalidated, and those on screen fetch anew.
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ChangedRecord, recordsChanged } from '../../api/dataProvider';

/**
 * Whether a react-admin query shows one of the changed records: its key is
 * `[resource, method, params]`; a single record's (getOne) by its id, any list of the resource.
 */
export function showsChanged(queryKey: readonly unknown[], changed: readonly ChangedRecord[]): boolean {
  const [resource, method, params] = queryKey;
  const mine = changed.filter((c) => c.resource === resource);
  if (mine.length === 0) return false;
  if (method === 'getOne') {
    const id = (params as { id?: unknown } | undefined)?.id;
    return mine.some((c) => String(c.id) === String(id));
  }
  return true;
}

/** Reads the changed records again while mounted. */
export function useRefreshChanged() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      recordsChanged.subscribe((changed) => {
        void queryClient.invalidateQueries({ predicate: (query: Query) => showsChanged(query.queryKey, changed) });
      }),
    [queryClient],
  );
}
