// Reading an operation log entry's changes (values kept as JSON text).

export interface ChangeRow {
  path: string;
  before?: unknown;
  after?: unknown;
  hasBefore: boolean;
  hasAfter: boolean;
}

const parse = (text: unknown): unknown => {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The entry's changes, each value read back from its JSON text; rows that are not changes are left out. */
export function readChanges(changes: unknown): ChangeRow[] {
  if (!Array.isArray(changes)) return [];
  return changes
    .filter((c): c is Record<string, unknown> => Boolean(c) && typeof c === 'object' && typeof (c as { path?: unknown }).path === 'string')
    .map((c) => ({
      path: c.path as string,
      before: parse(c.before),
      after: parse(c.after),
      hasBefore: c.before !== undefined,
      hasAfter: c.after !== undefined,
    }));
}
