// The demo wells (the "wells" generator of kernel/demo), read from a seeded memory store and
// checked by what must hold of them whatever the counts: records the server accepts; trips that
// follow one another in time and depth; a daily report for each day of a trip, the depth rising
// to the trip's end; a day's hours at most 24; roll-ups equal to their sums; instruments on site
// exactly while assigned, on one well at a time, trips running an instrument the well had; the
// same data for the same seed, in the memory store and in SQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_DATE } from '../../kernel/demo/fake';
import { seedStore } from '../../kernel/demo/seed';
import { loadRegistry } from '../../kernel/schema/load-node';
import { fields, getPath } from '../../kernel/schema/registry';
import { RecordValidator } from '../../kernel/schema/validation';
import { stripReadOnly } from '../../kernel/schema/write-schema';
import { migrate } from '../../server/db/migrate';
import { beginSeed, sqlSeedProgress } from '../../server/db/seed';
import { MemoryStore } from '../../server/store/memory';
import { SqlStore } from '../../server/store/sql';
import { freshSqlite } from '../contract/databases';
import { clockMinutes, timeLogProblems } from '../../kernel/schema/time-log';

const minutes = (row: Record<string, unknown>) => clockMinutes(row.to)! - clockMinutes(row.from)!;

type Row = Record<string, unknown>;
const registry = loadRegistry();
const WELLS = ['project', 'trip', 'daily', 'projectstaff', 'projectdevice'];
const t = (key: string, options?: Record<string, unknown>) => (typeof options?._ === 'string' ? options._ : key);
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function rowsOf(store: { findIds: MemoryStore['findIds']; get: MemoryStore['get'] }, names: string[]) {
  const out: Record<string, Row[]> = {};
  for (const name of names)
    out[name] = await Promise.all((await store.findIds(name, [])).map(async (id) => (await store.get(name, id)) as Row));
  return out;
}

/** The fields whose demo values are dealt over the records they point at (`x-fake: spread`). */
const spreadFields = Object.values(registry.resources).flatMap((schema) =>
  fields(schema)
    .filter((f) => f.schema['x-fake'] === 'spread')
    .map((f) => ({ resource: schema.$id, path: f.path, target: f.schema['x-ref']! })),
);

async function seeded(seed = 1) {
  const store = new MemoryStore();
  await seedStore(store, registry, { seed });
  const spread = spreadFields.flatMap((f) => [f.resource, f.target]);
  return rowsOf(store, [...new Set([...WELLS, 'device', 'staff', ...spread])]);
}

let rows: Record<string, Row[]>;
// Seeding takes a couple of seconds alone, more on a busy machine.
beforeAll(async () => {
  const started = performance.now();
  rows = await seeded();
  console.log(
    `demo wells: ${WELLS.map((n) => `${rows[n].length} ${n}`).join(', ')} in ${Math.round(performance.now() - started)} ms with the rest`,
  );
}, 60_000);

const byId = (name: string) => new Map(rows[name].map((row) => [row.id as number, row]));
const time = (value: unknown) => Date.parse(value as string);
const close = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** The records of `name` grouped by the value of `field`, each group in id order. */
function groups(name: string, field: string): Map<number, Row[]> {
  const out = new Map<number, Row[]>();
  for (const row of rows[name]) out.set(row[field] as number, [...(out.get(row[field] as number) ?? []), row]);
  return out;
}

describe('the demo wells', () => {
  it.each([...WELLS, 'device', 'staff'])('of %s are all accepted by the validation of a write', (name) => {
    const validator = new RecordValidator(registry);
    const problems = rows[name].flatMap((row) =>
      validator.check(name, stripReadOnly(registry.resources[name], row), 'en', t).map((p) => `#${row.id as number} ${p.message}`),
    );
    expect(rows[name].length).toBeGreaterThan(0);
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it('are as many as planned, a third completed with an end date, across several oilfields, started within two years', () => {
    const wells = rows.project;
    expect(wells).toHaveLength(registry.resources.project['x-resource'].seed!.count);
    const completed = wells.filter((w) => w.status === 1);
    expect(Math.abs(completed.length - wells.length / 3)).toBeLessThanOrEqual(1);
    for (const well of wells) {
      expect(well.endDate !== undefined).toBe(well.status === 1);
      expect(time(well.startDate)).toBeGreaterThanOrEqual(SEED_DATE.getTime() - 731 * DAY_MS);
      expect(well.startDepth as number).toBeLessThanOrEqual(1500);
    }
    expect(new Set(wells.map((w) => w.oilArea)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(wells.map((w) => w.wellNumber)).size).toBe(wells.length);
  });

  it('drills each well in 2 to 6 trips, numbered in order, each starting where and after the previous one ended', () => {
    const wells = byId('project');
    for (const [wellId, trips] of groups('trip', 'wellId')) {
      const well = wells.get(wellId)!;
      expect(trips.length).toBeGreaterThanOrEqual(2);
      expect(trips.length).toBeLessThanOrEqual(6);
      expect(trips.map((trip) => trip.tripNumber)).toEqual(trips.map((_, i) => i + 1));
      expect(trips[0].startDepth).toBe(well.startDepth);
      trips.forEach((trip, i) => {
        expect(time(trip.endTime)).toBeGreaterThan(time(trip.startTime));
        expect(time(trip.endTime)).toBeLessThanOrEqual(SEED_DATE.getTime());
        expect(trip.totalDrillingTime as number).toBeLessThanOrEqual(trip.totalPumpTime as number);
        expect(trip.totalPumpTime as number).toBeLessThanOrEqual(trip.totalTimeInHole as number);
        expect(close(trip.footageThisTrip as number, (trip.endDepth as number) - (trip.startDepth as number))).toBe(true);
        if (i === 0) return;
        expect(trip.startDepth).toBe(trips[i - 1].endDepth);
        expect(time(trip.startTime)).toBeGreaterThan(time(trips[i - 1].endTime));
        expect(trip.currentOpening as number).toBeGreaterThanOrEqual(trips[i - 1].currentOpening as number);
      });
      expect(well.designDepth as number).toBeGreaterThanOrEqual(trips[trips.length - 1].endDepth as number);
      const total = trips.reduce((sum, trip) => sum + (trip.footageThisTrip as number), 0);
      expect(close(well.totalFootage as number, total)).toBe(true);
      // A well drilling now has its last trip ended within the last day and a half.
      if (well.status === 0) expect(SEED_DATE.getTime() - time(trips[trips.length - 1].endTime)).toBeLessThan(36 * HOUR_MS);
    }
  });

  it('reports every day of every trip once, the depth rising to the trip’s end depth, the day’s footage the depth gained', () => {
    const daily = groups('daily', 'tripNumber');
    expect(rows.daily.length).toBeGreaterThan(rows.trip.length * 3);
    for (const trip of rows.trip) {
      const days = [...daily.get(trip.id as number)!].sort((a, b) => String(a.day).localeCompare(String(b.day)));
      const first = time(String(trip.startTime).slice(0, 10));
      const last = time(String(trip.endTime).slice(0, 10));
      expect(days.map((d) => d.day)).toEqual(
        Array.from({ length: (last - first) / DAY_MS + 1 }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10)),
      );
      let depth = trip.startDepth as number;
      for (const report of days) {
        const drilling = report.drillingParams as Record<string, number>;
        const efficiency = report.efficiency as Record<string, number>;
        expect(report.wellId).toBe(trip.wellId);
        expect(drilling.measuredDepth).toBeGreaterThan(depth);
        expect(close(efficiency.dailyFootage, drilling.measuredDepth - depth)).toBe(true);
        expect(efficiency.directionalFootage).toBeLessThanOrEqual(efficiency.dailyFootage);
        expect(efficiency.currentDepth).toBe(drilling.measuredDepth);
        expect(efficiency.pureDrillingTime + efficiency.circulatingTime + efficiency.waitingTime).toBeLessThanOrEqual(24);
        depth = drilling.measuredDepth;
      }
      expect(depth).toBe(trip.endDepth);
    }
  });

  it('logs every day from 00:00 to 24:00, its hours and its non-productive time following from the log', () => {
    const rule = { from: 'from', to: 'to', coverWhen: { status: 'submitted' } };
    let npt = 0;
    for (const report of rows.daily) {
      expect(timeLogProblems({ ...report, status: 'submitted' }, 'timeLog', rule)).toEqual([]);
      const log = report.timeLog as Row[];
      const hours = (activities: string[]) =>
        log.filter((row) => activities.includes(String(row.activity))).reduce((sum, row) => sum + minutes(row), 0) / 60;
      const efficiency = report.efficiency as Record<string, number>;
      expect(close(efficiency.pureDrillingTime, hours(['drilling', 'sliding', 'rotating']))).toBe(true);
      expect(close(efficiency.circulatingTime, hours(['circulating']))).toBe(true);
      expect(close(efficiency.waitingTime, hours(['waiting']))).toBe(true);
      const nptRows = log.filter((row) => row.npt === true);
      for (const row of nptRows) expect([row.nptCategory, row.nptCause].every(Boolean)).toBe(true);
      expect(close(efficiency.nptTime, nptRows.reduce((sum, row) => sum + minutes(row), 0) / 60)).toBe(true);
      expect(log[log.length - 1].depthTo).toBe(efficiency.currentDepth);
      npt += nptRows.length;
    }
    // A few intervals of non-productive time, not every day.
    expect(npt).toBeGreaterThan(0);
    expect(npt).toBeLessThan(rows.daily.length);
  });

  it('keeps the draft only for the latest day of each well still drilling', () => {
    const trips = byId('trip');
    const wells = byId('project');
    const drafts = rows.daily.filter((d) => d.status === 'draft');
    expect(drafts).toHaveLength(rows.project.filter((w) => w.status === 0).length);
    for (const draft of drafts) {
      expect(wells.get(draft.wellId as number)!.status).toBe(0);
      const latest = rows.daily
        .filter((d) => d.wellId === draft.wellId)
        .map((d) => `${String(trips.get(d.tripNumber as number)!.tripNumber).padStart(3, '0')} ${String(d.day)}`)
        .sort()
        .pop();
      expect(latest).toBe(`${String(trips.get(draft.tripNumber as number)!.tripNumber).padStart(3, '0')} ${String(draft.day)}`);
    }
  });

  it('turns smoothly: vertical wells under 3°, deviated ones building at most about 3° per 30 m', () => {
    const wells = byId('project');
    for (const reports of groups('daily', 'wellId').values()) {
      const stations = reports.map((r) => r.drillingParams as Record<string, number>).sort((a, b) => a.measuredDepth - b.measuredDepth);
      const vertical = wells.get(reports[0].wellId as number)!.wellType === 'vertical';
      stations.forEach((station, i) => {
        if (vertical) expect(station.inclination).toBeLessThan(3);
        if (i === 0) return;
        const step = station.measuredDepth - stations[i - 1].measuredDepth;
        expect(Math.abs(station.inclination - stations[i - 1].inclination)).toBeLessThanOrEqual((3 * step) / 30 + 1);
      });
    }
    expect(rows.project.some((w) => w.wellType !== 'vertical')).toBe(true);
  });

  it('has instruments on site exactly while assigned, each on one well at a time, named by its well', () => {
    const wells = byId('project');
    const current = rows.projectdevice.filter((a) => a.removedAt === undefined);
    const wellOf = new Map<number, string[]>();
    for (const a of current)
      wellOf.set(a.device as number, [...(wellOf.get(a.device as number) ?? []), wells.get(a.project as number)!.wellNumber as string]);
    for (const device of rows.device) {
      const on = wellOf.get(device.id as number);
      expect(on === undefined || on.length === 1).toBe(true);
      expect(device.status === 1).toBe(on !== undefined);
      expect(device.project).toBe(on?.[0]);
    }
    // No instrument's stays overlap, past or present.
    for (const stays of groups('projectdevice', 'device').values()) {
      const sorted = stays
        .map((s) => [time(s.assignedAt), s.removedAt === undefined ? Infinity : time(s.removedAt)])
        .sort((a, b) => a[0] - b[0]);
      sorted.forEach(([from], i) => i > 0 && expect(from).toBeGreaterThanOrEqual(sorted[i - 1][1]));
    }
  });

  it('gives wells drilling now 1 to 3 instruments and 2 to 5 people, and completed wells only past ones', () => {
    for (const well of rows.project) {
      const devices = rows.projectdevice.filter((a) => a.project === well.id);
      const people = rows.projectstaff.filter((a) => a.project === well.id);
      const now = (list: Row[]) => list.filter((a) => a.removedAt === undefined).length;
      if (well.status === 0) {
        expect(now(devices)).toBeGreaterThanOrEqual(1);
        expect(now(devices)).toBeLessThanOrEqual(3);
        expect(now(people)).toBeGreaterThanOrEqual(2);
        expect(now(people)).toBeLessThanOrEqual(5);
      } else {
        expect(now(devices) + now(people)).toBe(0);
        expect(devices.length).toBeGreaterThan(0);
        expect(people.length).toBeGreaterThan(0);
      }
      for (const a of [...devices, ...people]) if (a.removedAt !== undefined) expect(time(a.removedAt)).toBeGreaterThan(time(a.assignedAt));
    }
    const wells = byId('project');
    for (const person of rows.staff) {
      const names = rows.projectstaff
        .filter((a) => a.staff === person.id && a.removedAt === undefined)
        .map((a) => wells.get(a.project as number)!.wellNumber as string);
      expect(person.wells).toBe(names.length ? [...new Set(names)].sort().join(', ') : undefined);
    }
  });

  it('runs each trip with an instrument the well had over the whole trip', () => {
    const withInstrument = rows.trip.filter((trip) => trip.equipmentNumber !== undefined);
    expect(withInstrument.length).toBeGreaterThan(rows.trip.length * 0.9);
    for (const trip of withInstrument) {
      const stays = rows.projectdevice.filter((a) => a.project === trip.wellId && a.device === trip.equipmentNumber);
      const covering = stays.filter(
        (a) => time(a.assignedAt) <= time(trip.startTime) && (a.removedAt === undefined || time(a.removedAt) >= time(trip.endTime)),
      );
      expect(covering.length).toBe(1);
    }
  });

  it('points every spread reference at each record it may (every crew has people)', () => {
    const checked = spreadFields.filter(({ resource, target }) => rows[resource].length >= rows[target].length); // enough to point at them all
    expect(checked.length, 'a real schema deals a reference').toBeGreaterThan(0);
    for (const { resource, path, target } of checked) {
      const pointedAt = new Set(rows[resource].map((row) => getPath(row, path)));
      const missed = rows[target].filter((row) => !pointedAt.has(row.id)).map((row) => row.id);
      expect(missed, `${target} records no ${resource}.${path} points at`).toEqual([]);
    }
  });

  it('is the same for the same seed, and another for another seed', async () => {
    expect(await seeded()).toEqual(rows);
    const other = await seeded(2);
    expect(other.project.map((w) => w.wellNumber)).not.toEqual(rows.project.map((w) => w.wellNumber));
  }, 60_000);

  it('goes into a SQL database as into the memory store', async () => {
    const connection = await freshSqlite();
    try {
      await migrate(connection, registry);
      await beginSeed(connection, []);
      await seedStore(new SqlStore(connection, registry), registry, { progress: sqlSeedProgress(connection, registry) });
      const sql = await rowsOf(new SqlStore(connection, registry), [...WELLS, 'device', 'staff']);
      const strip = (list: Row[]) => list.map(({ version: _version, timestamp: _timestamp, ...row }) => row);
      for (const name of [...WELLS, 'device', 'staff']) expect(strip(sql[name]), name).toEqual(strip(rows[name]));
    } finally {
      await connection.db.destroy();
    }
  }, 60_000);
});
