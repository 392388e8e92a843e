// @vitest-environment jsdom
// What the list's cells are drawn with: the cached number and date formatters write exactly what
// react-admin's NumberField and DateField wrote (toLocaleString), in every console language; a
// screen fetched ahead renders at once instead of suspending; a list row is drawn again when its
// record changes and not when only the page around it renders again.
import { act, cleanup, render, screen } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { Suspense, useMemo, useState } from 'react';
import { AdminContext, Datagrid, ListContextProvider, ResourceContextProvider, type RaRecord, useRecordContext } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from '../../src/format';
import { preloadable } from '../../src/resources/preloadable';
import { ListBody } from '../../src/resources/list/ListRow';

afterEach(cleanup);

const LOCALES = ['en', 'zh', 'es', 'ja'];

describe('formatNumber and formatDate', () => {
  it('write numbers as toLocaleString does, numeric texts as their number, other texts as they are', () => {
    for (const locale of LOCALES) {
      for (const n of [0, 7, -3.5, 1044.9, 1234567.891, 1e21]) expect(formatNumber(n, locale)).toBe(n.toLocaleString(locale));
      expect(formatNumber('1044.9', locale)).toBe((1044.9).toLocaleString(locale));
    }
    expect(formatNumber('T-12', 'en')).toBe('T-12');
  });

  it('write dates as toLocaleString (with time) and toLocaleDateString (without) do', () => {
    for (const locale of LOCALES) {
      for (const value of ['2026-09-25T16:56:35.000Z', '2026-01-02 03:04:05', 1767225600000]) {
        expect(formatDate(value, locale, true)).toBe(new Date(value).toLocaleString(locale));
        expect(formatDate(value, locale)).toBe(new Date(value).toLocaleDateString(locale));
      }
      // A day without a time is that day wherever the browser is.
      expect(formatDate('2026-02-15', locale)).toBe(new Date('2026-02-15').toLocaleDateString(locale, { timeZone: 'UTC' }));
    }
    expect(formatDate('not a date', 'en', true)).toBe('Invalid Date');
  });
});

describe('preloadable', () => {
  it('suspends while its code is not here, and renders at once once it was fetched', async () => {
    const cold = preloadable(async () => () => <p>cold</p>);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <cold.Component />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('cold')).toBeTruthy();
    cleanup();

    const warm = preloadable(async () => () => <p>warm</p>);
    await warm.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <warm.Component />
      </Suspense>,
    );
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('warm')).toBeTruthy();
  });
});

const NONE: never[] = [];
const noClick = () => false as const;

describe('ListBody', () => {
  it('draws a row again when its record changes, not when the table around it renders again', async () => {
    let drawn = 0;
    const Name = (_props: { source: string; label?: string }) => {
      drawn++;
      return <span>{useRecordContext()?.name}</span>;
    };
    let setRecords: (records: RaRecord[]) => void = () => undefined;
    let renderAgain: () => void = () => undefined;
    const Table = () => {
      const [data, setData] = useState<RaRecord[]>([{ id: 1, name: 'T5122' }]);
      const [, setTick] = useState(0);
      setRecords = setData;
      renderAgain = () => setTick((t) => t + 1);
      // As react-admin's list gives them: the same context while the list's state is the same.
      const list = useMemo(
        () =>
          ({
            data,
            total: data.length,
            isPending: false,
            isLoading: false,
            isFetching: false,
            sort: { field: 'id', order: 'DESC' },
            selectedIds: NONE,
          }) as never,
        [data],
      );
      return (
        <ListContextProvider value={list}>
          <Datagrid body={<ListBody />} bulkActionButtons={false} rowClick={noClick}>
            <Name source="name" />
          </Datagrid>
        </ListContextProvider>
      );
    };
    render(
      <AdminContext i18nProvider={polyglotI18nProvider(() => englishMessages, 'en')}>
        <ResourceContextProvider value="device">
          <Table />
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('T5122')).toBeTruthy();
    const cell = screen.getByText('T5122').closest('td');
    expect(cell?.className).toContain('column-name');
    expect(cell?.className).toContain('MuiTableCell-body');
    const before = drawn;
    act(() => renderAgain());
    expect(drawn).toBe(before);
    act(() => setRecords([{ id: 1, name: 'M5132' }]));
    expect(screen.getByText('M5132')).toBeTruthy();
    expect(drawn).toBe(before + 1);
    // Another record in the same place (the next page's) fills the same cell.
    act(() => setRecords([{ id: 2, name: 'JQ7' }]));
    expect(screen.getByText('JQ7').closest('td')).toBe(cell);
  });
});
