// Statistics on memory, SQLite and PostgreSQL alike: the store's aggregate method, the statistics
// call a schema declares (on the fixture product of tests/fixtures/statistics: exact counts), and
// the instrument calls /device/stats and /device/pv on the real schemas (they match the records).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import type { Row, Store } from '../../server/store/types';
import { createRegistry, type Registry } from '../../kernel/schema/registry';
import {
  type DeviceStats,
  type PvAnswer,
  type StatisticsAnswer,
  type StatisticsResult,
  monthWindow,
  round2,
  utcMonth,
} from '../../kernel/schema/statistics';
import { postgresSkip, storeCopy, storeNames } from './stores';
import { type Envelope, registry as realRegistry } from './helpers';

const FIXTURES = join(import.meta.dirname, '../fixtures/statistics');
const read = (file: string) => JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));
const fixtureRegistry: Registry = createRegistry(
  Object.fromEntries(
    readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.json') && f !== 'routes.json')
      .map((f) => [f, read(f)]),
  ),
  realRegistry.config,
  read('routes.json'),
);

const unavailable = postgresSkip;
/** `[name, a copy of the store with the registry's tables]`, seeded with its demo data if asked. */
const stores = storeNames().map((name) => [name, (registry: Registry, seeded = false) => storeCopy(name, { registry, seeded })] as const);
if (unavailable) {
  describe('statistics on PostgreSQL', () => {
    it.skip(`skipped: PostgreSQL is not reachable (${unavailable})`, () => undefined);
  });
  console.warn(`Skipping the statistics suite on PostgreSQL: ${unavailable}`);
}

const NOW = new Date('2025-06-01T12:00:00Z');

/** A caller of an app over `store`, as `token`'s owner. */
function caller(registry: Registry, store: Store) {
  const app = createApp({ registry, store, accounts: new MockAccounts(), now: () => NOW });
  return async <T>(path: string, token: string | null = 'admin-token'): Promise<Envelope<T>> => {
    const response = await app.fetch(new Request(`http://localhost/dev-api${path}`, { headers: token ? { 'X-Token': token } : {} }));
    return (await response.json()) as Envelope<T>;
  };
}

describe.each(stores)('statistics on %s', (_storeName, makeStore) => {
  describe('the fixture product', () => {
    let store: Store;
    let teams: Row[];
    let people: Row[];
    beforeEach(async () => {
      store = await makeStore(fixtureRegistry);
      teams = [await store.insert('team', { name: 'North' }), await store.insert('team', { name: 'South' })];
      const [north, south] = teams.map((t) => t.id);
      people = [];
      for (const person of [
        // Shifts end in UTC months other than the text's own: May, May, June, June, April, none.
        { name: 'Ab', team: north, status: 0, active: true, hours: 5, kind: 1, shiftEnd: '2025-06-01T01:00:00+08:00' },
        { name: 'Ac', team: north, status: 1, active: false, hours: 10, kind: 1, shiftEnd: '2025-04-30T23:30:00.250-02' },
        { name: 'B', team: south, status: 1, hours: 250.5, kind: 2, shiftEnd: '2025-06-01T00:00:00Z' },
        { name: '王伟', status: 2, active: true, hours: 99.9, shiftEnd: '2025-06-15 08:00:00+0800' },
        { name: '王芳', hours: -3, shiftEnd: '2025-04-01t00:00:00z' },
        { name: 'Z' },
      ]) {
        people.push(await store.insert('person', person));
      }
      const [ab, ac, b] = people.map((p) => p.id);
      for (const licence of [
        { person: ab, name: 'today', expires: '2025-06-01' },
        { person: ac, name: 'in thirty days', expires: '2025-07-01' },
        { person: ab, name: 'in thirty-one days', expires: '2025-07-02' },
        { person: b, name: 'yesterday', expires: '2025-05-31' },
        { person: b, name: 'in a week', expires: '2025-06-08' },
        { person: b, name: 'never' },
      ]) {
        await store.insert('licence', licence);
      }
    });
    afterEach(() => store.close());

    it('groups and counts by a field, no value first, in the order a sort gives', async () => {
      expect(await store.aggregate('person', { by: 'status' }, [])).toEqual([
        { value: null, count: 2, sums: {}, valueCounts: {} },
        { value: 0, count: 1, sums: {}, valueCounts: {} },
        { value: 1, count: 2, sums: {}, valueCounts: {} },
        { value: 2, count: 1, sums: {}, valueCounts: {} },
      ]);
      expect((await store.aggregate('person', { by: 'active' }, [])).map((g) => [g.value, g.count])).toEqual([
        [null, 3],
        [false, 1],
        [true, 2],
      ]);
      const [north, south] = teams.map((t) => t.id);
      expect(
        (await store.aggregate('person', { by: 'team' }, [{ field: 'status', op: 'eq', value: 1 }])).map((g) => [g.value, g.count]),
      ).toEqual([
        [north, 1],
        [south, 1],
      ]);
    });

    it('adds up number fields per group, and answers one group without grouping, empty or not', async () => {
      const [all] = await store.aggregate('person', { sum: ['hours', 'status'] }, []);
      expect(all.value).toBeNull();
      expect(all.count).toBe(6);
      expect(all.sums.hours).toBeCloseTo(5 + 10 + 250.5 + 99.9 - 3, 9);
      expect(all.sums.status).toBe(4);
      const byTeam = await store.aggregate('person', { by: 'team', sum: ['hours'] }, []);
      expect(byTeam.map((g) => [g.value, g.count, Math.round(g.sums.hours * 10) / 10])).toEqual([
        [null, 3, 96.9],
        [teams[0].id, 2, 15],
        [teams[1].id, 1, 250.5],
      ]);
      expect(
        await store.aggregate('person', { sum: ['hours'], valueCounts: ['hours'] }, [{ field: 'name', op: 'eq', value: 'nobody' }]),
      ).toEqual([{ value: null, count: 0, sums: { hours: 0 }, valueCounts: { hours: 0 } }]);
      expect(await store.aggregate('person', { by: 'status' }, [{ field: 'name', op: 'eq', value: 'nobody' }])).toEqual([]);
    });

    it('cuts text to its first characters (code points) and puts numbers into ranges', async () => {
      expect((await store.aggregate('person', { by: 'name', prefix: 1 }, [])).map((g) => [g.value, g.count])).toEqual([
        ['A', 2],
        ['B', 1],
        ['Z', 1],
        ['王', 2],
      ]);
      // -3 is below the first bound: left out; a record without hours is the group null.
      expect((await store.aggregate('person', { by: 'hours', bins: [0, 10, 100] }, [])).map((g) => [g.value, g.count])).toEqual([
        [null, 1],
        [0, 1],
        [10, 2],
        [100, 1],
      ]);
      expect((await store.aggregate('person', { by: 'hours', bins: [0.5] }, [])).map((g) => [g.value, g.count])).toEqual([
        [null, 1],
        [0.5, 4],
      ]);
    });

    it('counts the records that have a value of a field, per group', async () => {
      const byStatus = await store.aggregate('person', { by: 'status', valueCounts: ['hours', 'team', 'active'] }, []);
      expect(byStatus.map((g) => [g.value, g.count, g.valueCounts])).toEqual([
        [null, 2, { hours: 1, team: 0, active: 0 }],
        [0, 1, { hours: 1, team: 1, active: 1 }],
        [1, 2, { hours: 2, team: 2, active: 1 }],
        [2, 1, { hours: 1, team: 0, active: 1 }],
      ]);
    });

    it('groups dates and date-times by their month in UTC, whatever offset and separator they are written with', async () => {
      const months = await store.aggregate('person', { by: 'shiftEnd', utcMonth: true, sum: ['hours'], valueCounts: ['hours'] }, []);
      expect(months.map((g) => [g.value, g.count, round2(g.sums.hours), g.valueCounts.hours])).toEqual([
        [null, 1, 0, 0],
        ['2025-04', 1, -3, 1],
        ['2025-05', 2, 15, 2],
        ['2025-06', 2, 350.4, 2],
      ]);
      expect((await store.aggregate('licence', { by: 'expires', utcMonth: true }, [])).map((g) => [g.value, g.count])).toEqual([
        [null, 1],
        ['2025-05', 1],
        ['2025-06', 2],
        ['2025-07', 2],
      ]);
    });

    it('answers every entry of the schema in one call: counts by value, ranges, and what expires within the days', async () => {
      const call = caller(fixtureRegistry, store);
      const answer = await call<StatisticsAnswer>('/person/statistics');
      expect(answer.code).toBe(20000);
      const [status, team, active, hours, expiring, hoursPerMonth, averagePerMonth] = answer.data.entries;
      expect(status).toEqual({
        groupBy: 'status',
        total: 6,
        buckets: [
          { value: null, count: 2 },
          { value: 0, count: 1 },
          { value: 1, count: 2 },
          { value: 2, count: 1 },
        ],
      });
      expect(team).toMatchObject({ groupBy: 'team', total: 6 });
      expect(active).toMatchObject({ groupBy: 'active', total: 6 });
      expect(hours).toEqual({
        histogram: 'hours',
        total: 4,
        buckets: [
          { from: 0, to: 10, count: 1 },
          { from: 10, to: 100, count: 2 },
          { from: 100, to: null, count: 1 },
        ],
      });
      expect(expiring).toMatchObject({
        expiring: { resource: 'licence', field: 'expires', days: 30 },
        owner: 'person',
        from: '2025-06-01',
        to: '2025-07-01',
        total: 3,
      });
      if (!('items' in expiring)) throw new Error('not an expiring entry');
      expect(expiring.items.map((i) => i.name)).toEqual(['today', 'in a week', 'in thirty days']);
      expect(expiring.items[0].person).toBe(people[0].id);
      // The last two months, the current one last, by the UTC month the shift ended in.
      expect(hoursPerMonth).toEqual({
        perMonth: { date: 'shiftEnd', months: 2, sum: 'hours' },
        total: 4,
        value: 365.4,
        months: [
          { month: '2025-05', count: 2, value: 15 },
          { month: '2025-06', count: 2, value: 350.4 },
        ],
      });
      // An average divides by the records that have a value; a month without any has none.
      expect(averagePerMonth).toEqual({
        perMonth: { date: 'shiftEnd', months: 4, average: 'hours' },
        total: 5,
        value: 72.48,
        months: [
          { month: '2025-03', count: 0, value: null },
          { month: '2025-04', count: 1, value: -3 },
          { month: '2025-05', count: 2, value: 7.5 },
          { month: '2025-06', count: 2, value: 175.2 },
        ],
      });
    });

    it("counts and adds up another resource's records by the field that refers to this one, and counts by month without a measure", async () => {
      const call = caller(fixtureRegistry, store);
      const [, people, hours, licences] = (await call<StatisticsAnswer>('/team/statistics')).data.entries;
      const [north, south] = teams.map((t) => t.id);
      expect(people).toEqual({
        groupBy: 'team',
        resource: 'person',
        total: 6,
        buckets: [
          { value: null, count: 3 },
          { value: north, count: 2 },
          { value: south, count: 1 },
        ],
      });
      expect(hours).toEqual({
        groupBy: 'team',
        resource: 'person',
        sum: 'hours',
        total: 6,
        sumTotal: 362.4,
        buckets: [
          { value: null, count: 3, sum: 96.9 },
          { value: north, count: 2, sum: 15 },
          { value: south, count: 1, sum: 250.5 },
        ],
      });
      // Dates: April has none (listed at 0), May 31, June 1 and 8; July is still to come.
      expect(licences).toEqual({
        perMonth: { resource: 'licence', date: 'expires', months: 3 },
        total: 3,
        months: [
          { month: '2025-04', count: 0 },
          { month: '2025-05', count: 1 },
          { month: '2025-06', count: 2 },
        ],
      });
    });

    it('is open to the roles that may use the resource, and to no one signed out', async () => {
      const call = caller(fixtureRegistry, store);
      expect((await call('/person/statistics', 'editor-token')).code).toBe(20000);
      expect((await call('/team/statistics', 'editor-token')).code).toBe(40003);
      expect((await call<StatisticsAnswer>('/team/statistics')).data.entries[0]).toMatchObject({ groupBy: 'name', total: 2 });
      expect((await call('/person/statistics', null)).code).toBe(50008);
    });
  });

  describe('the instrument calls on the real schemas', () => {
    let store: Store;
    const everything = async (resource: string) =>
      (await store.list(resource, { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100_000 })).rows;

    /** A per-month entry's months are the last ones up to NOW's, each with the records whose date falls in it. */
    async function expectMonthsMatchRecords(entry: Extract<StatisticsResult, { perMonth: unknown }>, name: string) {
      const { resource = name, date, months, sum, average } = entry.perMonth;
      const window = monthWindow(NOW, months);
      expect(entry.months.map((m) => m.month)).toEqual(window.months);
      const rows = await everything(resource);
      const field = sum ?? average;
      for (const { month, count, value } of entry.months) {
        const own = rows.filter((r) => utcMonth(r[date]) === month);
        expect(count, `${resource} in ${month}`).toBe(own.length);
        if (!field) continue;
        const values = own.flatMap((r) => (typeof r[field] === 'number' ? [r[field]] : []));
        const total = values.reduce((a, b) => a + b, 0);
        if (sum) expect(value).toBeCloseTo(total, 1);
        else if (values.length === 0) expect(value).toBeNull();
        else expect(value).toBeCloseTo(total / values.length, 1);
      }
    }
    let call: ReturnType<typeof caller>;
    let runs: Row[];
    let idle: Row;
    beforeAll(async () => {
      store = await makeStore(realRegistry, true);
      call = caller(realRegistry, store);
      runs = (await store.list('userecord', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100_000 })).rows;
      idle = await store.insert('device', { numtype: 'T', num: 'IDLE-1', name: 'TIDLE-1', type: 1, status: 0, brand: 1, meth: 1 });
    });
    afterAll(() => store.close());

    it('sums each instrument’s hours, runs and footage, and counts its runs month by month, as its records say', async () => {
      const devices = [...new Set(runs.map((r) => r.device as number))];
      expect(devices.length).toBeGreaterThan(10);
      for (const device of devices) {
        const own = runs.filter((r) => r.device === device);
        const answer = await call<DeviceStats>(`/device/stats?id=${device}`);
        expect(answer.code).toBe(20000);
        const stats = answer.data;
        expect(stats.tang).toBe(own.length);
        expect(stats.usetime).toBeCloseTo(
          own.reduce((sum, r) => sum + Number(r.usetime ?? 0), 0),
          1,
        );
        const measured = own.filter((r) => typeof r.endcl === 'number');
        expect(stats.depth).toBeCloseTo(
          measured.reduce((sum, r) => sum + (r.endcl as number) - (r.startcl as number), 0),
          1,
        );
        const { timeData, tangData, hourData } = stats.chartData;
        expect(tangData.reduce((a, b) => a + b, 0)).toBe(own.length);
        expect(hourData.reduce((a, b) => a + b, 0)).toBeCloseTo(stats.usetime, 1);
        expect(timeData).toEqual([...timeData].sort());
        for (const [i, month] of timeData.entries()) {
          expect(tangData[i]).toBe(own.filter((r) => String(r.starttime).startsWith(month)).length);
        }
      }
    });

    it('answers zeros and an empty chart for an instrument without runs', async () => {
      expect((await call<DeviceStats>(`/device/stats?id=${idle.id}`)).data).toEqual({
        usetime: 0,
        tang: 0,
        depth: 0,
        chartData: { timeData: [], tangData: [], hourData: [] },
      });
    });

    it('refuses an id that is not one (40001, naming it) and an instrument that does not exist (40004)', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '']) {
        const answer = await call(`/device/stats?id=${encodeURIComponent(id)}`);
        expect(answer.code, id).toBe(40001);
        expect(answer.errors).toEqual([{ field: 'id', message: expect.stringContaining('id') }]);
      }
      expect((await call('/device/stats')).code).toBe(40001);
      const missing = await call('/device/stats?id=987654');
      expect(missing.code).toBe(40004);
      expect(missing.message).toContain('987654');
    });

    it('counts the instruments of every type, in the order of the type list, adding up to all of them', async () => {
      const answer = await call<PvAnswer>('/device/pv');
      expect(answer.code).toBe(20000);
      const keys = realRegistry.config.deviceTypeOption.items.map((item) => item.key);
      expect(answer.data.pvData.map((d) => d.key).slice(0, keys.length)).toEqual(keys);
      const devices = (await store.list('device', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100_000 })).rows;
      expect(answer.data.pvData.reduce((sum, d) => sum + d.pv, 0)).toBe(devices.length);
      for (const { key, pv } of answer.data.pvData) expect(pv, `type ${key}`).toBe(devices.filter((d) => d.type === key).length);
    });

    it('answers the statistics every schema declares, its counts adding up to the records', async () => {
      for (const [name, schema] of Object.entries(realRegistry.resources)) {
        const spec = schema['x-resource'].statistics;
        if (!spec) continue;
        const answer = await call<StatisticsAnswer>(spec.path);
        expect(answer.code, name).toBe(20000);
        expect(answer.data.entries).toHaveLength(spec.entries.length);
        const records = await store.count(name, []);
        for (const entry of answer.data.entries) {
          if ('groupBy' in entry) {
            expect(entry.total, `${name}: ${entry.resource ?? name} by ${entry.groupBy}`).toBe(
              await store.count(entry.resource ?? name, []),
            );
            const sum = entry.sum;
            if (sum) {
              const rows = await everything(entry.resource ?? name);
              expect(entry.sumTotal).toBeCloseTo(
                rows.reduce((all, r) => all + (typeof r[sum] === 'number' ? r[sum] : 0), 0),
                1,
              );
            }
          }
          if ('histogram' in entry) expect(entry.total).toBeLessThanOrEqual(records);
          if ('expiring' in entry) expect(entry.items.length).toBeLessThanOrEqual(entry.total);
          if ('perMonth' in entry) await expectMonthsMatchRecords(entry, name);
        }
      }
    });
  });
});
