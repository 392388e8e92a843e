// The demo data of the instrument fleet, read from a seeded memory store and checked by what must
// hold of it whatever the counts: every record is one the server would accept; the records of a
// child collection are shared among their parents as the plan says; a tool's runs follow one
// another in time, end deeper than they start and turn smoothly; repairs come back after they
// leave; some certificates expire within a month; spare parts list distinct specifications.
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_DATE } from '../../kernel/demo/fake';
import { seedStore } from '../../kernel/demo/seed';
import { loadRegistry } from '../../kernel/schema/load-node';
import { RecordValidator } from '../../kernel/schema/validation';
import { stripReadOnly } from '../../kernel/schema/write-schema';
import { MemoryStore } from '../../server/store/memory';

type Row = Record<string, unknown>;
const registry = loadRegistry();
const FLEET = ['device', 'userecord', 'fitrecord', 'staff', 'staffcert', 'accessory'];
const t = (key: string, options?: Record<string, unknown>) => (typeof options?._ === 'string' ? options._ : key);
const DAY_MS = 24 * 3_600_000;
const rows: Record<string, Row[]> = {};
/** The runs made from trips; `rows.userecord` holds the runs typed by hand (a tool's history before it came to us). */
let madeRuns: Row[] = [];
let trips: Map<number, Row>;
let wells: Set<number>;

beforeAll(async () => {
  const store = new MemoryStore();
  const started = performance.now();
  const { inserted } = await seedStore(store, registry);
  const total = inserted.reduce((sum, r) => sum + r.count, 0);
  console.log(`demo data: ${total} records in ${Math.round(performance.now() - started)} ms (memory store)`);
  const all = async (name: string) => Promise.all((await store.findIds(name, [])).map(async (id) => (await store.get(name, id)) as Row));
  for (const name of FLEET) rows[name] = await all(name);
  madeRuns = rows.userecord.filter((run) => run.trip !== undefined);
  rows.userecord = rows.userecord.filter((run) => run.trip === undefined);
  trips = new Map((await all('trip')).map((trip) => [trip.id as number, trip]));
  wells = new Set(await store.findIds('project', []));
});

/** The records of a child collection by their parent's id, each group in id order. */
function byParent(name: string): Map<number, Row[]> {
  const field = registry.resources[name]['x-resource'].parent!.field;
  const groups = new Map<number, Row[]>();
  for (const row of [...rows[name]].sort((a, b) => (a.id as number) - (b.id as number)))
    groups.set(row[field] as number, [...(groups.get(row[field] as number) ?? []), row]);
  return groups;
}

/** The parents a plan shares its records among, and the bounds each gets. */
function plan(name: string) {
  const seed = registry.resources[name]['x-resource'].seed!;
  const parent = registry.resources[name]['x-resource'].parent!.resource;
  return {
    count: seed.count,
    parents: Math.round((seed.parentShare ?? 1) * rows[parent].length),
    min: seed.perParent![0],
    max: seed.perParent![1],
  };
}

describe('the demo data of the instrument fleet', () => {
  it.each(FLEET)('of %s is all accepted by the validation of a write', (name) => {
    const validator = new RecordValidator(registry);
    const problems = rows[name].flatMap((row) =>
      validator.check(name, stripReadOnly(registry.resources[name], row), 'en', t).map((p) => `#${row.id as number} ${p.message}`),
    );
    expect(rows[name].length).toBeGreaterThan(0);
    expect(problems.slice(0, 5)).toEqual([]);
  });

  it.each(['userecord', 'fitrecord', 'staffcert'])('shares the %s records among the planned parents, each within its bounds', (name) => {
    const { count, parents, min, max } = plan(name);
    const groups = byParent(name);
    expect(rows[name]).toHaveLength(count);
    expect(groups.size).toBe(parents);
    const sizes = [...groups.values()].map((g) => g.length);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(min);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(max);
  });

  it("makes one run per instrument of each trip, with the trip's well, times and depths, accepted as a write", () => {
    const validator = new RecordValidator(registry);
    const withInstruments = [...trips.values()].filter((trip) => Array.isArray(trip.instruments) && trip.instruments.length > 0);
    expect(madeRuns.length).toBe(withInstruments.reduce((n, trip) => n + (trip.instruments as number[]).length, 0));
    for (const run of madeRuns) {
      const trip = trips.get(run.trip as number)!;
      expect(trip.instruments).toContain(run.device);
      expect([run.project, run.starttime, run.endtime, run.startcl, run.endcl]).toEqual([
        trip.wellId,
        trip.startTime,
        trip.endTime,
        trip.startDepth,
        trip.endDepth,
      ]);
      expect(validator.check('userecord', stripReadOnly(registry.resources.userecord, run), 'en', t)).toEqual([]);
    }
    const failed = madeRuns.filter((run) => run.status === 0);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((run) => typeof run.reason === 'string')).toBe(true);
  });

  it('names a well that exists on every run', () => {
    const named = [...rows.userecord, ...madeRuns].map((run) => run.project);
    expect(named.every((id) => wells.has(id as number))).toBe(true);
  });

  it('names every instrument once, with each of the three number prefixes', () => {
    const names = rows.device.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(rows.device.map((d) => d.numtype))).toEqual(new Set(['T', 'M', 'JQ']));
  });

  it('runs a tool one run after another by hand, before today, each ending deeper and later than it starts', () => {
    for (const runs of byParent('userecord').values()) {
      runs.forEach((run, i) => {
        expect(run.endcl as number).toBeGreaterThan(run.startcl as number);
        expect(Date.parse(run.endtime as string)).toBeGreaterThan(Date.parse(run.starttime as string));
        expect(Date.parse(run.endtime as string)).toBeLessThan(SEED_DATE.getTime());
        if (i > 0) expect(Date.parse(run.starttime as string)).toBeGreaterThan(Date.parse(runs[i - 1].endtime as string));
      });
    }
  });

  it('gives each run typed by hand physically sensible flows, pressures, mud and surveys', () => {
    const devices = new Map(rows.device.map((d) => [d.id, d]));
    for (const run of rows.userecord) {
      expect(run.maxpl as number).toBeGreaterThanOrEqual(run.minpl as number);
      expect(run.maxpp as number).toBeGreaterThanOrEqual(run.minpp as number);
      const mwd = run.mwd as Record<string, number>;
      const mud = run.mudata as Record<string, number>;
      expect(mwd.smd).toBeLessThanOrEqual(run.startcl as number);
      expect(mwd.emd).toBeLessThanOrEqual(run.endcl as number);
      expect(mwd.emd).toBeGreaterThan(mwd.smd);
      // Inclination turns smoothly: at most 5° per 30 m of hole between the two stations.
      expect((Math.abs(mwd.einc - mwd.sinc) / (mwd.emd - mwd.smd)) * 30).toBeLessThanOrEqual(5);
      expect(Math.abs(mwd.eazi - mwd.sazi)).toBeLessThanOrEqual(8.01);
      expect(mud.eshear).toBeGreaterThanOrEqual(mud.sshear);
      // The tool of the run is the instrument's kind and make; only a failed run has a reason.
      const device = devices.get(run.device)!;
      expect([run.type, run.brand]).toEqual([device.type, device.brand]);
      expect(typeof run.reason === 'string').toBe(run.status === 0);
    }
    const failed = rows.userecord.filter((r) => r.status === 0).length / rows.userecord.length;
    expect(failed).toBeGreaterThan(0.02);
    expect(failed).toBeLessThan(0.25);
  });

  it('brings tools back from repair after they were sent, before the next repair', () => {
    for (const repairs of byParent('fitrecord').values()) {
      repairs.forEach((repair, i) => {
        expect(Date.parse(repair.returnTime as string)).toBeGreaterThan(Date.parse(repair.songTime as string));
        if (i > 0) expect(Date.parse(repair.songTime as string)).toBeGreaterThanOrEqual(Date.parse(repairs[i - 1].returnTime as string));
      });
    }
  });

  it('gives staff positions from the dictionary and certificates issued in the past, some expiring within 30 days', () => {
    const positions = new Set(rows.staff.map((s) => s.position));
    expect(positions.size).toBeGreaterThan(3);
    expect([...positions].every((p) => typeof p === 'string')).toBe(true);
    for (const cert of rows.staffcert) {
      expect(Date.parse(cert.issued as string)).toBeLessThan(SEED_DATE.getTime());
      expect(Date.parse(cert.expires as string)).toBeGreaterThan(Date.parse(cert.issued as string));
    }
    const soon = rows.staffcert.filter((c) => {
      const left = Date.parse(c.expires as string) - SEED_DATE.getTime();
      return left >= 0 && left <= 30 * DAY_MS;
    });
    expect(soon.length).toBeGreaterThan(0);
  });

  it('lists one to four distinct specifications per spare part, each with options, served again as spec', () => {
    for (const part of rows.accessory) {
      const specs = part.rule_value as { name: string; options: string[] }[];
      expect(specs.length).toBeGreaterThanOrEqual(1);
      expect(specs.length).toBeLessThanOrEqual(4);
      expect(new Set(specs.map((s) => s.name)).size).toBe(specs.length);
      expect(specs.every((s) => s.options.length > 0)).toBe(true);
      expect(part.spec).toEqual(specs);
    }
    expect(new Set(rows.accessory.map((p) => p.rule_name)).size).toBe(rows.accessory.length);
  });
});
