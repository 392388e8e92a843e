// What one write changed in a record, field by field: the operation log keeps it, and the
// console shows it as a diff. Nested groups (plain objects) are walked into and their fields
// named by dotted paths (`mudata.density`), as the console labels fields. A list is compared as
// one whole value: inserting a row shifts every row after it, so a diff by index would report
// changes nobody made. No value, null and an absent field are the same (the stores drop nulls).
import { sameValue } from '../schema/same-value';

export interface Change {
  path: string;
  /** Absent when the field had no value before (a field filled in, a record created). */
  before?: unknown;
  /** Absent when the field has no value after (a field emptied, a record deleted). */
  after?: unknown;
}

type Fields = Record<string, unknown>;

const isGroup = (value: unknown): value is Fields => value !== null && typeof value === 'object' && !Array.isArray(value);
const hasValue = (value: unknown) => value !== undefined && value !== null;

/** The changed fields from `before` to `after`, in the order their keys first appear; none when nothing changed. */
export function changes(before: Fields | undefined, after: Fields | undefined, prefix = ''): Change[] {
  const out: Change[] = [];
  const keys = new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})]);
  for (const key of keys) {
    const path = prefix ? `${prefix}.${key}` : key;
    const was = before?.[key];
    const is = after?.[key];
    if (!hasValue(was) && !hasValue(is)) continue;
    // A group on both sides, or on one side with nothing on the other: field by field.
    if ((isGroup(was) || !hasValue(was)) && (isGroup(is) || !hasValue(is))) {
      out.push(...changes(isGroup(was) ? was : undefined, isGroup(is) ? is : undefined, path));
      continue;
    }
    if (sameValue(was, is)) continue;
    const change: Change = { path };
    if (hasValue(was)) change.before = was;
    if (hasValue(is)) change.after = is;
    out.push(change);
  }
  return out;
}
