// One line a person at a terminal reads about what a migration did; the step names themselves
// (one per table, column, index and trigger: hundreds on a first start) go to the debug log.

const KINDS: [prefix: string, one: string, many: string][] = [
  ['create ', 'table', 'tables'],
  ['add ', 'column', 'columns'],
  ['index ', 'index', 'indexes'],
  ['unique ', 'index', 'indexes'],
];

/** "Database migrated: 40 tables, 180 indexes, 61 other steps." for the step names migrate() answers; undefined when it ran none. */
export function migrationSummary(steps: readonly string[]): string | undefined {
  if (steps.length === 0) return undefined;
  const counts = new Map<string, { one: string; many: string; count: number }>();
  let other = 0;
  for (const step of steps) {
    const kind = KINDS.find(([prefix]) => step.startsWith(prefix));
    if (!kind) {
      other++;
      continue;
    }
    const [, one, many] = kind;
    const entry = counts.get(many) ?? { one, many, count: 0 };
    entry.count++;
    counts.set(many, entry);
  }
  const parts = [...counts.values()].map(({ one, many, count }) => `${count} ${count === 1 ? one : many}`);
  if (other) parts.push(`${other} other ${other === 1 ? 'step' : 'steps'}`);
  return `Database migrated: ${parts.join(', ')}.`;
}

/** "Demo data loaded: 1,234 records in 31 lists." for what seedDatabase() inserted. */
export function demoDataSummary(inserted: readonly { resource: string; count: number }[]): string | undefined {
  const records = inserted.reduce((sum, { count }) => sum + count, 0);
  if (records === 0) return undefined;
  const lists = inserted.filter(({ count }) => count > 0).length;
  return `Demo data loaded: ${records.toLocaleString('en')} records in ${lists} ${lists === 1 ? 'list' : 'lists'} (DEMO=0 starts with an empty database).`;
}
