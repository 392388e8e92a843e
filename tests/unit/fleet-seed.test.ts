// Demo data shared among parents and made from other values, on the fleet fixture
// (tests/fixtures/fleet): 9 rigs, 12 jobs for half of them at 2 to 4 each, one after another in
// time, each deeper at its bottom than its top, with its rig's kind; kits with distinct names.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedStore } from '../../kernel/demo/seed';
import { SEED_DATE, fakeRecords } from '../../kernel/demo/fake';
import { loadRegistry } from '../../kernel/schema/load-node';
import { RecordValidator } from '../../kernel/schema/validation';
import { stripReadOnly } from '../../kernel/schema/write-schema';
import { MemoryStore } from '../../server/store/memory';

type Row = Record<string, unknown>;
const fleet = loadRegistry(join(import.meta.dirname, '../fixtures/fleet'));
const t = (key: string, options?: Record<string, unknown>) => (typeof options?._ === 'string' ? options._ : key);

async function seeded() {
  const store = new MemoryStore();
  await seedStore(store, fleet);
  const rows = async (name: string) => Promise.all((await store.findIds(name, [])).map(async (id) => (await store.get(name, id)) as Row));
  return { rigs: await rows('rig'), jobs: await rows('job'), kits: await rows('kit') };
}

const byRig = (jobs: Row[]) => {
  const groups = new Map<number, Row[]>();
  for (const job of jobs) groups.set(job.rig as number, [...(groups.get(job.rig as number) ?? []), job]);
  return groups;
};

describe('records shared among parents (seed.perParent, parentShare)', () => {
  it('gives count records to the planned share of parents, each within its bounds', async () => {
    const { rigs, jobs } = await seeded();
    expect(rigs).toHaveLength(9);
    expect(jobs).toHaveLength(12);
    const groups = byRig(jobs);
    expect(groups.size).toBe(Math.round(0.5 * 9));
    for (const group of groups.values()) expect([2, 3, 4]).toContain(group.length);
  });

  it('comes as near the count as the bounds allow when the parents are fewer or more than planned, and makes none without parents', () => {
    const ids = (list: number[]) => ({ ids: () => list });
    expect(fakeRecords(fleet.resources.job, fleet.config, 1, ids([1]))).toHaveLength(4); // one parent holds 4 at most, not 12
    expect(fakeRecords(fleet.resources.job, fleet.config, 1, ids(Array.from({ length: 20 }, (_, i) => i + 1)))).toHaveLength(20); // ten parents, two each at least
    expect(fakeRecords(fleet.resources.job, fleet.config, 1, ids([]))).toEqual([]);
  });

  it('reads the parent for parent: hints', async () => {
    const { rigs, jobs } = await seeded();
    const kind = new Map(rigs.map((r) => [r.id, r.kind]));
    expect(jobs.every((job) => job.kind === kind.get(job.rig))).toBe(true);
  });
});

describe('values made from other values', () => {
  it('keeps each parent’s records one after another, oldest first by id, the newest before the seed date', async () => {
    const { jobs } = await seeded();
    for (const group of byRig(jobs).values()) {
      for (let i = 1; i < group.length; i++) {
        expect(group[i].id as number).toBeGreaterThan(group[i - 1].id as number);
        expect(Date.parse(group[i].from as string)).toBeGreaterThan(Date.parse(group[i - 1].to as string));
      }
      expect(Date.parse(group[group.length - 1].to as string)).toBeLessThan(SEED_DATE.getTime());
    }
  });

  it('moves a number or a time from another field within the offset range, and derives the hours', async () => {
    const { jobs } = await seeded();
    for (const job of jobs) {
      const depth = (job.bottom as number) - (job.top as number);
      expect(depth).toBeGreaterThanOrEqual(50);
      expect(depth).toBeLessThanOrEqual(500.05);
      const hours = (Date.parse(job.to as string) - Date.parse(job.from as string)) / 3_600_000;
      expect(hours).toBeGreaterThanOrEqual(9.99);
      expect(hours).toBeLessThanOrEqual(90.01);
      expect(Math.abs((job.hours as number) - hours)).toBeLessThanOrEqual(0.05 + 1e-9); // on the 0.1 h step
      const survey = job.survey as { start: number; end: number };
      expect(survey.end - survey.start).toBeGreaterThanOrEqual(0);
    }
  });

  it('draws weighted values, and makes a field a rule requires only when the rule’s condition holds', async () => {
    const { jobs } = await seeded();
    expect(new Set(jobs.map((j) => j.ok))).toEqual(new Set([0, 1]));
    expect(jobs.filter((j) => j.ok === 1).length).toBeGreaterThan(jobs.filter((j) => j.ok === 0).length);
    expect(jobs.every((j) => (j.ok === 0) === (typeof j.why === 'string'))).toBe(true);
  });

  it('keeps unique fields unique, and every record passes the validation of a write', async () => {
    const { jobs, kits } = await seeded();
    expect(new Set(kits.map((k) => k.name)).size).toBe(kits.length);
    const validator = new RecordValidator(fleet);
    const problems = [
      ...jobs.flatMap((job) => validator.check('job', stripReadOnly(fleet.resources.job, job), 'en', t)),
      ...kits.flatMap((kit) => validator.check('kit', stripReadOnly(fleet.resources.kit, kit), 'en', t)),
    ];
    expect(problems).toEqual([]);
  });

  it('gives the same records for the same seed', async () => {
    const [a, b] = [await seeded(), await seeded()];
    expect(a.jobs).toEqual(b.jobs);
  });
});
