// Reliability figures of runs, pure: failures per 1,000 hours and the mean time between failures
// from the runs, failed runs and hours the store counted, and the Pareto of failure reasons from
// the counts of each reason as written. Reasons are free text: records are put together whatever
// the case and spacing of their reason, and the group is named by the spelling most of them use.
import { type GroupValue, type ParetoBucket, type ReliabilityFigures, round2 } from '../schema/statistics';

/** The figures of `runs` runs of which `failures` failed, over `hours` hours. */
export function reliabilityFigures(runs: number, failures: number, hours: number): ReliabilityFigures {
  return {
    runs,
    failures,
    hours: round2(hours),
    perThousandHours: hours > 0 ? round2((failures * 1000) / hours) : null,
    mtbf: failures > 0 ? round2(hours / failures) : null,
  };
}

/** A group's counts as the store answers them, with the hours its open runs add. */
export interface RunGroup {
  value: GroupValue;
  runs: number;
  failures: number;
  hours: number;
}

/** Groups with the same value added together (the store's groups and the open runs' hours meet here). */
export function mergeGroups(groups: readonly RunGroup[]): RunGroup[] {
  const byValue = new Map<GroupValue, RunGroup>();
  for (const group of groups) {
    const seen = byValue.get(group.value);
    if (!seen) byValue.set(group.value, { ...group });
    else Object.assign(seen, { runs: seen.runs + group.runs, failures: seen.failures + group.failures, hours: seen.hours + group.hours });
  }
  return [...byValue.values()];
}

/** How a reason is spelt once its spacing is made plain: trimmed, each run of white space one space. */
const tidy = (text: string) => text.normalize('NFKC').trim().replace(/\s+/gu, ' ');

/** The key reasons are put together by: the same whatever their case and spacing; null for no reason. */
export function reasonKey(text: string | null | undefined): string | null {
  const plain = typeof text === 'string' ? tidy(text) : '';
  return plain === '' ? null : plain.toLowerCase();
}

/** Code point order, the same everywhere (not the locale's). */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The Pareto of reasons counted as written: the reasons put together by `reasonKey`, each named by
 * its most frequent spelling (the first in code point order among equals), most first (ties by
 * their key, no reason last among equals), each with the cumulative share of the total up to it.
 */
export function paretoOf(counts: readonly { value: GroupValue; count: number }[]): ParetoBucket[] {
  const groups = new Map<string | null, { count: number; spellings: Map<string, number> }>();
  for (const { value, count } of counts) {
    if (count <= 0) continue;
    const key = reasonKey(typeof value === 'string' ? value : null);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { count: 0, spellings: new Map() }));
    group.count += count;
    if (key !== null) {
      const spelling = tidy(value as string);
      group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + count);
    }
  }
  const named = [...groups.entries()].map(([key, { count, spellings }]) => ({
    key,
    value:
      key === null ? null : [...spellings.entries()].sort(([a, x], [b, y]) => y - x || byCodePoint(a, b)).map(([spelling]) => spelling)[0],
    count,
  }));
  named.sort((a, b) => b.count - a.count || (a.key === null ? 1 : b.key === null ? -1 : byCodePoint(a.key, b.key)));
  const total = named.reduce((sum, r) => sum + r.count, 0);
  let running = 0;
  return named.map((row) => {
    running += row.count;
    return { value: row.value, count: row.count, cumulative: Math.round((running / total) * 1000) / 10 };
  });
}
