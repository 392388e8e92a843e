// @vitest-environment jsdom
// A write's answer names the other records it changed (`changed` beside `data`): the dataProvider
// passes them on, and a record page invalidates the queries showing them, so the summary above its
// tabs (an instrument's hours and status) is read again after a run or a repair is added in a tab.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import { type ChangedRecord, type Requester, createDataProvider, recordsChanged } from '../../src/api/dataProvider';
import { showsChanged, useRefreshChanged } from '../../src/resources/record/useRefreshChanged';

const registry = loadRegistry();

afterEach(cleanup);

/** A requester answering every call with `data` and, when given, `changed`. */
const answering =
  (data: unknown, changed?: ChangedRecord[]): Requester =>
  async <T,>() => ({ data: data as T, ...(changed ? { changed } : {}) });

describe('the dataProvider', () => {
  it('passes on the records a write changed, and nothing for a write that changed no other', async () => {
    const heard: ChangedRecord[][] = [];
    const stop = recordsChanged.subscribe((changed) => heard.push(changed));
    try {
      const device = { resource: 'device', id: 7 };
      const withTotals = createDataProvider(registry, answering({ id: 3, device: 7 }, [device]));
      await withTotals.create('userecord', { data: { device: 7 } });
      await withTotals.update('fitrecord', { id: 2, data: { device: 7 }, previousData: { id: 2 } });
      await withTotals.delete('userecord', { id: 3, previousData: { id: 3 } });
      expect(heard).toEqual([[device], [device], [device]]);

      const alone = createDataProvider(registry, answering({ id: 4 }));
      await alone.create('crew', { data: {} });
      expect(heard).toHaveLength(3);
    } finally {
      stop();
    }
  });
});

describe('showsChanged', () => {
  const changed = [{ resource: 'device', id: 7 }];
  it("matches the changed record's own query and the lists of its resource", () => {
    expect(showsChanged(['device', 'getOne', { id: '7' }], changed)).toBe(true);
    expect(showsChanged(['device', 'getOne', { id: 7, meta: undefined }], changed)).toBe(true);
    expect(showsChanged(['device', 'getList', { pagination: { page: 1, perPage: 20 } }], changed)).toBe(true);
  });
  it('leaves other records and other resources alone', () => {
    expect(showsChanged(['device', 'getOne', { id: '8' }], changed)).toBe(false);
    expect(showsChanged(['userecord', 'getList', {}], changed)).toBe(false);
    expect(showsChanged(['device'], [])).toBe(false);
  });
});

describe('useRefreshChanged', () => {
  it('invalidates the queries of the changed records while mounted, and none after', async () => {
    const client = new QueryClient();
    const keys = {
      shown: ['device', 'getOne', { id: '7' }],
      other: ['device', 'getOne', { id: '8' }],
      tab: ['userecord', 'getManyReference', { id: 7 }],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { id: 1 });
    const invalidated = () =>
      Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated ?? false]));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(() => useRefreshChanged(), { wrapper });

    recordsChanged.emit([{ resource: 'device', id: 7 }]);
    expect(invalidated()).toEqual({ shown: true, other: false, tab: false });

    unmount();
    client.setQueryData(keys.shown, { id: 7 });
    recordsChanged.emit([{ resource: 'device', id: 7 }]);
    expect(invalidated()).toEqual({ shown: false, other: false, tab: false });
  });
});
