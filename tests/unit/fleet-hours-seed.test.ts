// The demo data's instrument hours agree with their runs and repairs once seeded: each
// instrument's hours are the total of its runs, and its hours since repair the total of the runs
// started after its latest repair return (the same sums the server keeps on every write).
import { describe, expect, it } from 'vitest';
import { seedStore } from '../../kernel/demo/seed';
import { hoursSince, sumAfter } from '../../kernel/fleet/hours';
import { loadRegistry } from '../../kernel/schema/load-node';
import { MemoryStore } from '../../server/store/memory';

const registry = loadRegistry();
const all = { conditions: [], sort: { field: 'id', order: 'ASC' as const }, page: 1, limit: 100_000 };

describe('demo instrument hours', () => {
  it('are the sums of the seeded runs, since the latest repair return for the hours since repair', async () => {
    const store = new MemoryStore();
    await seedStore(store, registry);
    const [devices, runs, repairs] = await Promise.all(
      ['device', 'userecord', 'fitrecord'].map(async (r) => (await store.list(r, all)).rows),
    );
    const spec = registry.resources.device.properties!.houring['x-computed'] as { sumSince: Parameters<typeof hoursSince>[0] };
    let repaired = 0;
    for (const device of devices) {
      const own = runs.filter((run) => run.device === device.id);
      const fixed = repairs.filter((repair) => repair.device === device.id && repair.returnTime);
      if (fixed.length > 0) repaired++;
      expect(device.hour, `device ${device.id}`).toBe(sumAfter(own, 'usetime', 'starttime', undefined));
      expect(device.houring, `device ${device.id}`).toBe(hoursSince(spec.sumSince, own, fixed));
      expect(device.houring as number).toBeLessThanOrEqual(device.hour as number);
    }
    // The check means something: some instruments were repaired, and their two figures differ.
    expect(repaired).toBeGreaterThan(10);
    expect(devices.some((d) => d.hour !== d.houring)).toBe(true);
  });
});
