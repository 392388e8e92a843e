// Path patterns with several parameters (/project/daily/:id/:tid): a record route shows the
// record its LAST parameter names; the parameters before it name the record's ancestors,
// outermost first (the well of a trip). Pure functions, so links and pages agree.
import { notGiven } from '../schema/given';

/** The names of a pattern's parameters, in order (`['id', 'tid']`). */
export function patternParams(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1).replace(/\?$/, ''));
}

/** The id a record route shows: the value of its pattern's last parameter. */
export function recordIdParam(pattern: string, params: Record<string, string | undefined>): string | undefined {
  const names = patternParams(pattern);
  const last = names[names.length - 1];
  return last === undefined ? undefined : params[last];
}

/**
 * The pattern with its parameters filled in order by `ids` (ancestors first, the record last);
 * undefined when the counts differ or an id is missing, so no half-filled link is ever made.
 */
export function fillPattern(pattern: string, ids: (string | number | null | undefined)[]): string | undefined {
  const names = patternParams(pattern);
  if (names.length !== ids.length || ids.some(notGiven)) return undefined;
  let index = 0;
  return pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(String(ids[index++])) : segment))
    .join('/');
}

/**
 * The link to one record's page: a pattern with one parameter takes the record's id; one with
 * two takes its parent's id (the child's `parentField`) then its own. Deeper patterns would need
 * ids the record does not hold: no link.
 */
export function recordPageLink(
  pattern: string,
  record: { id: string | number } & Record<string, unknown>,
  parentField?: string,
): string | undefined {
  const count = patternParams(pattern).length;
  if (count === 1) return fillPattern(pattern, [record.id]);
  if (count === 2 && parentField) return fillPattern(pattern, [record[parentField] as string | number | undefined, record.id]);
  return undefined;
}
