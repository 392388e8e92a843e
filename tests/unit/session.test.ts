import { describe, expect, it } from 'vitest';
import { InfoError, checkInfo } from '../../src/auth/session';

function infoError(data: unknown): InfoError {
  try {
    checkInfo(data);
  } catch (error) {
    if (error instanceof InfoError) return error;
    throw error;
  }
  throw new Error('expected an InfoError');
}

describe('checkInfo', () => {
  it.each([null, undefined, '', 0, false, 'admin'])('rejects %j data as a failed verification', (data) => {
    expect(infoError(data).message).toBe('app.guard.verification_failed');
  });

  it.each([
    ['missing', { name: 'A' }],
    ['not an array', { roles: 'admin' }],
    ['an object', { roles: { 0: 'admin' } }],
    ['empty', { roles: [] }],
  ])('rejects roles that are %s', (_label, data) => {
    expect(infoError(data).message).toBe('app.guard.roles_required');
  });

  it('rejects an empty object as missing roles', () => {
    expect(infoError({}).message).toBe('app.guard.roles_required');
  });

  it('returns a good info as is', () => {
    const info = { roles: ['admin'], name: 'Super Admin', avatar: 'a.gif', introduction: 'I am a super administrator' };
    expect(checkInfo(info)).toBe(info);
    expect(checkInfo({ roles: ['editor'] })).toEqual({ roles: ['editor'] });
  });

  it('is an Error subclass', () => {
    expect(infoError(null)).toBeInstanceOf(Error);
  });
});
