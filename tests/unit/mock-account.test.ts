import { describe, expect, it } from 'vitest';
import { MOCK_PASSWORD, isMockUsername } from '../../kernel/contract/mock-account';

describe('isMockUsername', () => {
  it.each(['admin', 'editor', ' admin ', '\teditor\n'])('accepts %j', (name) => {
    expect(isMockUsername(name)).toBe(true);
  });

  it.each(['', ' ', 'Admin', 'EDITOR', 'administrator', 'guest', 'admin editor', 'ad min'])('refuses %j', (name) => {
    expect(isMockUsername(name)).toBe(false);
  });

  it('has the demo password', () => {
    expect(MOCK_PASSWORD).toBe('111111');
  });
});
