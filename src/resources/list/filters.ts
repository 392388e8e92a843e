// Whether a list is narrowed by what the person typed or chose, as opposed to its defaults
// (a brand filter's "all" value is no filter).
import { emptyFilter } from '../../../kernel/schema/given';

/** Whether any filter (or the search) holds a value other than its default. */
export function hasActiveFilters(values: Record<string, unknown>, defaults: Record<string, unknown> = {}): boolean {
  // A value read back from the address may be text where the default is a number.
  const isDefault = (param: string, value: unknown) => defaults[param] !== undefined && String(value) === String(defaults[param]);
  return Object.entries(values).some(([param, value]) => !emptyFilter(value) && !isDefault(param, value));
}
