// The development mock's accounts. A real server has real accounts; these apply to the mock alone.

/** The mock's username helper accepts only admin and editor. */
export function isMockUsername(username: string): boolean {
  return ['admin', 'editor'].includes(username.trim());
}

/** The demo password of the mock accounts, shown on the sign-in page in mock mode. */
export const MOCK_PASSWORD = '111111';
