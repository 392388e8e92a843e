// The one reading of an integer: -0 is zero, as the documented integer schema takes it.
import { describe, expect, it } from 'vitest';
import { parseInteger } from '../../kernel/contract/integers';

describe('parseInteger', () => {
  it('reads -0 in a query string as 0, where 0 is allowed, and never answers -0', () => {
    expect(Object.is(parseInteger('-0', { min: -10 }), 0)).toBe(true);
    expect(Object.is(parseInteger('-0', { min: 0 }), 0)).toBe(true);
    expect(Object.is(parseInteger(-0, { min: 0 }), 0)).toBe(true);
    expect(parseInteger('-0')).toBeUndefined(); // ids and pages start at 1
  });

  it('still refuses what is not decimal digits', () => {
    for (const raw of ['05', '+5', ' 5', '5.0', '-', '--1', '1e3', '-00']) expect(parseInteger(raw, { min: -10 }), raw).toBeUndefined();
    expect(parseInteger('-7', { min: -10 })).toBe(-7);
  });
});
