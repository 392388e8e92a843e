// The one reading of an integer the API takes (ids, page, limit, version, numeric filters), so
// every endpoint gives the same answer: in a query string, decimal digits only (no sign unless
// negatives are allowed, no leading zeros, no hex, exponent, spaces or padding); in a JSON body,
// a JSON number that is a whole number. Both within the given bounds, and always safe integers.

export interface IntegerBounds {
  min?: number;
  max?: number;
}

const DECIMAL = /^-?(0|[1-9][0-9]{0,15})$/;

/** The integer `raw` stands for, or undefined when it is not one within the bounds. */
export function parseInteger(raw: unknown, { min = 1, max = Number.MAX_SAFE_INTEGER }: IntegerBounds = {}): number | undefined {
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && DECIMAL.test(raw)) value = Number(raw);
  else return undefined;
  // -0 is an integer (the documented schema takes it): zero, never answered as -0.
  value = value === 0 ? 0 : value;
  return Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
}

/** A decimal number as a query string may give it: `-12.5`, `3`; no exponent, hex or spaces. */
export function parseDecimal(raw: string): number | undefined {
  if (!/^-?(0|[1-9][0-9]{0,15})(\.[0-9]{1,15})?$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}
