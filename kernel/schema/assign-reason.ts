// Why an assignment needs a reason (`x-resource.assign.reason`, see ReasonSpec), without a
// store: the member values that ask for one, and the certificates a member lacks or that expire
// before the parent's planned end. The server refuses the add call with these; the console
// shows them against each person.
import type { CertificatesSpec, ReasonSpec } from './types';

/** One reason a member needs a reason to be assigned. */
export type Warning =
  | { kind: 'value'; field: string; value: string | number }
  | { kind: 'missing'; certificate: string }
  | { kind: 'expires'; certificate: string; expires: string; until: string }
  /** An instrument unfit to use (`fitness`): why (kernel/fleet/fitness.ts UnfitReason), and since when. */
  | { kind: 'unfit'; reason: string; since?: string };

/** The kinds a dictionary item's `value` lists: separated by commas (or spaces), blanks dropped, each once. */
export const requiredKinds = (value: unknown): string[] =>
  typeof value === 'string' ? [...new Set(value.split(/[,\s，、]+/).filter((kind) => kind.length > 0))] : [];

/** The member's own values that ask for a reason (a person on leave). */
export function valueWarnings(spec: ReasonSpec, member: Record<string, unknown>): Warning[] {
  return Object.entries(spec.when ?? {}).flatMap(([field, values]) =>
    values.includes(member[field] as string | number) ? [{ kind: 'value' as const, field, value: member[field] as string | number }] : [],
  );
}

/**
 * The required kinds the member lacks, or holds only until before `until` (a day, `YYYY-MM-DD`):
 * of several certificates of one kind the one lasting longest counts.
 */
export function certificateWarnings(
  spec: CertificatesSpec,
  required: string[],
  certificates: Record<string, unknown>[],
  until: string,
): Warning[] {
  const latest = new Map<string, string>();
  for (const certificate of certificates) {
    const kind = String(certificate[spec.kind] ?? '');
    const expires = certificate[spec.expires];
    // A certificate without an expiry date does not expire.
    const day = typeof expires === 'string' && expires !== '' ? expires.slice(0, 10) : '9999-12-31';
    if (!latest.has(kind) || latest.get(kind)! < day) latest.set(kind, day);
  }
  return required.flatMap((certificate): Warning[] => {
    const expires = latest.get(certificate);
    if (expires === undefined) return [{ kind: 'missing', certificate }];
    return expires < until ? [{ kind: 'expires', certificate, expires, until }] : [];
  });
}

/** The day a certificate must last until: the parent's planned end, or today when it has none or it is past. */
export function neededUntil(end: unknown, today: string): string {
  const day = typeof end === 'string' && /^\d{4}-\d{2}-\d{2}/.test(end) ? end.slice(0, 10) : undefined;
  return day !== undefined && day > today ? day : today;
}
