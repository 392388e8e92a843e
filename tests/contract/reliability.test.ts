// Runs still going on (a start time, no end time) count their hours up to a fixed `now`, and the
// reliability and Pareto entries of the instrument statistics, on memory, SQLite and PostgreSQL.
// A few instruments and runs go in through the API (so that the write path computes the runs' hours
// and keeps the instruments' totals); every figure the screen shows is then compared with the same
// figure worked out independently, by plain SQL aggregates over a plain table of the runs as stored.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import type { Row, Store } from '../../server/store/types';
import type { DueAnswer } from '../../kernel/fleet/due';
import type { DeviceStats, StatisticsAnswer, StatisticsResult } from '../../kernel/schema/statistics';
import { type Envelope, registry } from './helpers';
import { postgresSkip, storeCopy, storeNames } from './stores';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const PERIOD = { from: '2025-01-01', to: '2025-06-01' };

if (postgresSkip) {
  describe('reliability on PostgreSQL', () => {
    it.skip(`skipped: PostgreSQL is not reachable (${postgresSkip})`, () => undefined);
  });
}

type Call = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Envelope<T>>;

function caller(store: Store): Call {
  const app = createApp({ registry, store, accounts: new MockAccounts(), now: () => NOW });
  return async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> => {
    const response = await app.fetch(
      new Request(`http://localhost/dev-api${path}`, {
        method,
        headers: { 'X-Token': 'admin-token', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return (await response.json()) as Envelope<T>;
  };
}

const water = { type: 'water' };
const oil = { type: 'oil' };
/** The runs of each instrument: closed ones, failed ones with reasons written differently, and open ones (no end time). */
const RUNS: Record<string, Record<string, unknown>[]> = {
  A: [
    { starttime: '2025-01-10T00:00:00.000Z', endtime: '2025-01-12T00:00:00.000Z', status: 1, size: 215.9, mudata: water },
    {
      starttime: '2025-02-01T00:00:00.000Z',
      endtime: '2025-02-02T06:00:00.000Z',
      status: 0,
      reason: 'Pulser jammed',
      size: 215.9,
      mudata: oil,
    },
    // Open: 24 h up to now.
    { starttime: '2025-05-31T12:00:00.000Z', status: 1, size: 311.1, mudata: water },
  ],
  B: [
    { starttime: '2024-12-20T00:00:00.000Z', endtime: '2024-12-21T00:00:00.000Z', status: 0, reason: 'Battery flat', size: 147 },
    {
      starttime: '2025-03-01T00:00:00.000Z',
      endtime: '2025-03-03T00:00:00.000Z',
      status: 0,
      reason: '  pulser   JAMMED ',
      size: 147,
      mudata: water,
    },
    // Open, with 10 h typed while it ran: 60 h up to now, not 70.
    { starttime: '2025-05-30T00:00:00.000Z', usetime: 10, status: 1, size: 147, mudata: oil },
  ],
  C: [
    { starttime: '2025-04-10T00:00:00.000Z', endtime: '2025-04-10T10:00:00.000Z', status: 0, reason: 'battery flat', size: 406.4 },
    {
      starttime: '2025-04-20T00:00:00.000Z',
      endtime: '2025-04-21T00:00:00.000Z',
      status: 0,
      reason: 'Battery  flat',
      size: 406.4,
      mudata: oil,
    },
    {
      starttime: '2025-04-25T00:00:00.000Z',
      endtime: '2025-04-25T12:00:00.000Z',
      status: 0,
      reason: '电池 没电',
      size: 406.4,
      mudata: water,
    },
  ],
};
const DEVICES = { A: { type: 1, brand: 1 }, B: { type: 2, brand: 2 }, C: { type: 1, brand: 3 } };

/** The runs as stored, in a plain SQLite table of their own, for plain SQL to answer from. */
function oracleOf(runs: Row[], devices: Map<number, Row>) {
  const db = new Database(':memory:');
  db.exec(
    'create table runs (id integer, device integer, type integer, brand integer, size real, fluid text, status integer, reason text, starttime text, endtime text, usetime real)',
  );
  const insert = db.prepare('insert into runs values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const r of runs) {
    const mud = r.mudata as { type?: string } | undefined;
    insert.run(
      r.id,
      r.device,
      r.type ?? null,
      r.brand ?? null,
      r.size ?? null,
      mud?.type ?? null,
      r.status,
      r.reason ?? null,
      r.starttime,
      r.endtime ?? null,
      r.usetime ?? null,
    );
  }
  expect(devices.size).toBe(3);
  return db;
}

/** A run's hours up to now in plain SQL: to now while it has no end time, its stored hours after. */
const HOURS_SQL = `case when endtime is null then (julianday(@now) - julianday(starttime)) * 24 else coalesce(usetime, 0) end`;
const PERIOD_SQL = `(@from is null or starttime >= @from) and (@to is null or starttime <= @to || 'T23:59:59.999Z')`;

describe.each(storeNames())('open runs and reliability on %s', (storeName) => {
  let store: Store;
  let call: Call;
  let oracle: Database.Database;
  const ids: Record<string, number> = {};
  let runs: Row[];

  beforeAll(async () => {
    store = await storeCopy(storeName, { registry });
    call = caller(store);
    for (const [name, fields] of Object.entries(DEVICES)) {
      const added = await call<Row>('POST', '/device/create', { numtype: 'T', num: `REL-${name}`, status: 0, meth: 1, ...fields });
      expect(added.code, JSON.stringify(added)).toBe(20000);
      ids[name] = added.data.id;
    }
    // B came back from repair on 15 February: its hours since repair count from then.
    const repair = await call('POST', '/device/fitrecord/add', {
      device: ids.B,
      songTime: '2025-02-10T00:00:00.000Z',
      songReason: 'Check',
      returnTime: '2025-02-15T00:00:00.000Z',
    });
    expect(repair.code, JSON.stringify(repair)).toBe(20000);
    for (const [name, list] of Object.entries(RUNS)) {
      for (const run of list) {
        const added = await call('POST', '/device/userecord/add', {
          device: ids[name],
          startcl: 100,
          ...DEVICES[name as keyof typeof DEVICES],
          ...run,
        });
        expect(added.code, JSON.stringify(added)).toBe(20000);
      }
    }
    // Service every 100 h for both types: A and B pass it only with their open runs counted.
    const interval = await call('POST', '/setting/parameter/update', {
      version: 0,
      serviceIntervalHours: [
        { type: 1, hours: 100 },
        { type: 2, hours: 100 },
      ],
    });
    expect(interval.code, JSON.stringify(interval)).toBe(20000);
    runs = (await store.list('userecord', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1000 })).rows;
    const devices = (await store.list('device', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1000 })).rows;
    oracle = oracleOf(runs, new Map(devices.map((d) => [d.id, d])));
  });
  afterAll(async () => {
    oracle?.close();
    await store?.close();
  });

  const statistics = async (query = '') => {
    const answer = await call<StatisticsAnswer>('GET', `/device/statistics${query}`);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data.entries;
  };
  const params = (period: { from?: string; to?: string }) => ({ now: NOW.toISOString(), from: period.from ?? null, to: period.to ?? null });

  it('stores no hours for an open run and the typed ones as typed; the instrument totals hold the closed runs', async () => {
    const open = runs.filter((r) => r.endtime === undefined);
    expect(open.map((r) => r.usetime)).toEqual([undefined, 10]);
    const a = (await store.get('device', ids.A))!;
    expect(a.hour).toBeCloseTo(48 + 30, 6);
  });

  for (const [label, period] of [
    ['the period asked', PERIOD],
    ['a period ending in the past', { from: '2025-01-01', to: '2025-03-31' }],
    ['no period', {}],
  ] as const) {
    it(`answers failures per 1,000 h and MTBF by type, brand, hole size and fluid as plain SQL does, over ${label}`, async () => {
      const query = Object.keys(period).length ? `?${new URLSearchParams(period)}` : '';
      const entries = (await statistics(query)).filter((e): e is Extract<StatisticsResult, { reliability: unknown }> => 'reliability' in e);
      expect(entries.map((e) => e.reliability.by)).toEqual(['type', 'brand', 'size', 'mudata.type']);
      for (const entry of entries) {
        expect(entry.from).toBe((period as { from?: string }).from);
        const column = entry.reliability.by === 'mudata.type' ? 'fluid' : entry.reliability.by;
        const expected = oracle
          .prepare(
            `select ${column} as value, count(*) as runs, sum(status = 0) as failures, sum(${HOURS_SQL}) as hours from runs where ${PERIOD_SQL} group by ${column}`,
          )
          .all(params(period)) as { value: unknown; runs: number; failures: number; hours: number }[];
        const got = new Map(entry.buckets.map((b) => [b.value, b]));
        expect([...got.keys()].sort(), entry.reliability.by).toEqual(expected.map((e) => e.value).sort());
        for (const e of expected) {
          const bucket = got.get(e.value as never)!;
          expect(bucket.runs, `${entry.reliability.by} ${e.value}`).toBe(e.runs);
          expect(bucket.failures).toBe(e.failures);
          expect(bucket.hours).toBeCloseTo(e.hours, 2);
          expect(bucket.perThousandHours).toBeCloseTo(e.hours > 0 ? (e.failures * 1000) / e.hours : NaN, 1);
          if (e.failures > 0) expect(bucket.mtbf).toBeCloseTo(e.hours / e.failures, 1);
          else expect(bucket.mtbf).toBeNull();
        }
        const total = oracle
          .prepare(`select count(*) as runs, sum(status = 0) as failures, sum(${HOURS_SQL}) as hours from runs where ${PERIOD_SQL}`)
          .get(params(period)) as { runs: number; failures: number; hours: number };
        expect(entry.total.runs).toBe(total.runs);
        expect(entry.total.failures).toBe(total.failures);
        expect(entry.total.hours).toBeCloseTo(total.hours, 2);
        expect(entry.total.mtbf).toBeCloseTo(total.hours / total.failures, 1);
      }
    });

    it(`answers the Pareto of failure reasons as plain SQL groups them, case and spacing aside, over ${label}`, async () => {
      const query = Object.keys(period).length ? `?${new URLSearchParams(period)}` : '';
      const pareto = (await statistics(query)).find((e): e is Extract<StatisticsResult, { pareto: unknown }> => 'pareto' in e)!;
      // Spacing made plain in SQL: trimmed, runs of spaces collapsed (the fixtures use at most three).
      const key = `lower(replace(replace(trim(reason), '   ', ' '), '  ', ' '))`;
      const expected = oracle
        .prepare(
          `select ${key} as reason, count(*) as n from runs where status = 0 and ${PERIOD_SQL} group by ${key} order by n desc, reason`,
        )
        .all(params(period)) as { reason: string; n: number }[];
      expect(pareto.buckets.map((b) => [b.value?.toLowerCase(), b.count])).toEqual(expected.map((e) => [e.reason, e.n]));
      expect(pareto.total).toBe(expected.reduce((sum, e) => sum + e.n, 0));
      let running = 0;
      for (const [i, e] of expected.entries()) {
        running += e.n;
        expect(pareto.buckets[i].cumulative).toBeCloseTo((running / pareto.total) * 100, 1);
      }
    });
  }

  it('names a reason by the spelling most of its runs use, the first in code point order among equals', async () => {
    const pareto = (await statistics()).find((e) => 'pareto' in e) as Extract<StatisticsResult, { pareto: unknown }>;
    expect(pareto.buckets.map((b) => [b.value, b.count, b.cumulative])).toEqual([
      ['Battery flat', 3, 50],
      ['Pulser jammed', 2, 83.3],
      ['电池 没电', 1, 100],
    ]);
  });

  it('counts an instrument’s own hours, and those of the month its open run started, up to now', async () => {
    for (const name of ['A', 'B', 'C']) {
      const stats = await call<DeviceStats>('GET', `/device/stats?id=${ids[name]}`);
      const expected = oracle
        .prepare(`select sum(${HOURS_SQL}) as hours, count(*) as n from runs where device = @id`)
        .get({ now: NOW.toISOString(), id: ids[name] }) as {
        hours: number;
        n: number;
      };
      expect(stats.data.usetime, name).toBeCloseTo(expected.hours, 2);
      expect(stats.data.tang).toBe(expected.n);
      const months = oracle
        .prepare(`select substr(starttime, 1, 7) as month, sum(${HOURS_SQL}) as hours from runs where device = @id group by month`)
        .all({ now: NOW.toISOString(), id: ids[name] }) as { month: string; hours: number }[];
      for (const { month, hours } of months)
        expect(stats.data.chartData.hourData[stats.data.chartData.timeData.indexOf(month)]).toBeCloseTo(hours, 2);
    }
  });

  it('puts each instrument in the hours range of its total up to now', async () => {
    const histogram = (await statistics()).find((e) => 'histogram' in e) as Extract<StatisticsResult, { histogram: string }>;
    const totals = oracle
      .prepare(`select device, sum(${HOURS_SQL}) as hours from runs group by device`)
      .all({ now: NOW.toISOString() }) as {
      hours: number;
    }[];
    // A: 48 + 30 + 24 = 102, B: 24 + 48 + 60 = 132, C: 10 + 24 + 12 = 46.
    expect(totals.map((t) => Math.round(t.hours))).toEqual([102, 132, 46]);
    const count = (from: number) => histogram.buckets.find((b) => b.from === from)!.count;
    expect([count(0), count(100), count(500)]).toEqual([1, 2, 0]);
  });

  it('lists an instrument due for service once its open run has used up the interval, with the hours left said', async () => {
    const due = await call<DueAnswer>('GET', '/device/due');
    expect(due.code).toBe(20000);
    const service = new Map(due.data.items.map((item) => [item.id, item.service]));
    // A: 102 h since new against 100; B: 48 + 60 h since its return from repair against 100.
    expect(service.get(ids.A)).toMatchObject({ state: 'overdue', remainingHours: -2 });
    expect(service.get(ids.B)).toMatchObject({ state: 'overdue', remainingHours: -8 });
    // C is listed, if at all, for its calibration (never calibrated), not for a service.
    expect(['ok', 'unknown', undefined]).toContain(service.get(ids.C)?.state);
  });

  it('refuses a period day that is not one, naming the parameter', async () => {
    const answer = await call('GET', '/device/statistics?from=2025-13-01');
    expect(answer.code).toBe(40002);
    expect(answer.message).toContain('from');
  });

  // Changes the records: runs last.
  it('once an open run’s end is set, stores its hours and the totals answer what they answered up to that moment', async () => {
    const before = (await call<DeviceStats>('GET', `/device/stats?id=${ids.A}`)).data;
    const open = runs.find((r) => r.device === ids.A && r.endtime === undefined)!;
    const closed = await call('POST', '/device/userecord/update', { ...open, endtime: NOW.toISOString() });
    expect(closed.code, JSON.stringify(closed)).toBe(20000);
    expect((await store.get('userecord', open.id))!.usetime).toBe(24);
    expect((await store.get('device', ids.A))!.hour).toBeCloseTo(102, 6);
    expect((await call<DeviceStats>('GET', `/device/stats?id=${ids.A}`)).data).toEqual(before);
  });
});
