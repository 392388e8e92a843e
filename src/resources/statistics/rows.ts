// The rows a statistics entry is drawn and tabled with, worked out from the server's buckets:
// an option field lists every option in its list's order (none left out for having no record),
// then any other value the records hold, largest first, then the records without a value;
// ranges and months keep their order.
import type { CountBucket, GroupValue, MonthBucket, RangeBucket } from '../../../kernel/schema/statistics';

export interface ChartRow {
  /** Stable across renders: the value as text ("" for no value). */
  key: string;
  label: string;
  count: number;
  /** What the entry adds up over the row's records, when it adds up a field. */
  sum?: number;
  color?: string;
}

/** What a row's bar or slice shows: the sum when the entry adds up a field, else the count. */
export const measureOf = (row: ChartRow) => row.sum ?? row.count;

export interface GroupLabels {
  /** The values of the field's option list, in order, when it has one. */
  options?: readonly (string | number)[];
  label: (value: GroupValue) => string;
  /**
   * The colour of a value, given its row's place: options come first, in their list's order, so an
   * option's is its place in the list. Values of no option list (other records, free text) are told
   * apart by colour only in a ring: as bars, ranked by size, their colour would mean nothing and
   * change from one chart to the next, so they share the chart's own.
   */
  color?: (value: GroupValue, index: number) => string | undefined;
}

const keyOf = (value: GroupValue) => (value === null ? '' : String(value));

/** With `summed`, every row carries a sum (0 for an option without records). */
export function groupRows(buckets: CountBucket[], { options, label, color }: GroupLabels, summed = false): ChartRow[] {
  const byValue = new Map(buckets.map((b) => [b.value, b]));
  const measure = (b: CountBucket) => (summed ? (b.sum ?? 0) : b.count);
  // Values no option list orders (names of other records, free text) read best largest first.
  const others = buckets
    .filter((b) => b.value !== null && !(options ?? []).includes(b.value as string | number))
    .sort((a, b) => measure(b) - measure(a))
    .map((b) => b.value);
  const values: GroupValue[] = [...(options ?? []), ...others, ...(byValue.has(null) ? [null] : [])];
  const ring = values.length <= PIE_MAX_SLICES;
  const free = new Set(others);
  return values.map((value, index) => {
    const bucket = byValue.get(value);
    const tinted = ring || !free.has(value);
    const row: ChartRow = {
      key: keyOf(value),
      label: label(value),
      count: bucket?.count ?? 0,
      color: tinted ? color?.(value, index) : undefined,
    };
    return summed ? { ...row, sum: bucket?.sum ?? 0 } : row;
  });
}

/** The rows of a per-month entry: every month in order, labelled by `label`, measuring its value (or its count). */
export function monthRows(months: MonthBucket[], label: (month: string) => string): (ChartRow & { value?: number | null })[] {
  return months.map((m) => ({ key: m.month, label: label(m.month), count: m.count, ...('value' in m ? { value: m.value } : {}) }));
}

/** A month (YYYY-MM) as the reader's language writes a short month and year. */
export function monthName(month: string, locale: string): string {
  const [year, mm] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { year: '2-digit', month: 'short', timeZone: 'UTC' }).format(Date.UTC(year, mm - 1, 1));
}

export function rangeRows(buckets: RangeBucket[], label: (from: number, to: number | null) => string): ChartRow[] {
  return buckets.map((b) => ({ key: String(b.from), label: label(b.from, b.to), count: b.count }));
}

/** Each row's share of the total, in whole percent (0 when there is nothing). */
export function shareOf(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** A pie reads well for a few values; more, or ranges, read better as bars. */
export const PIE_MAX_SLICES = 5;
