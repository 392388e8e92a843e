// The four kinds of caller every operation is tried with: nobody (no token), someone with a token
// that is no session (made up, revoked, the mock's), and each signed-in account, whose roles
// the server itself tells (GET /user/info).
import fc from 'fast-check';
import type { Operation } from './document';
import { queryTokenParameter } from './document';
import type { TokenPlacement } from './wire';

/** The session endpoints of the product's fixed contract. */
export const SESSION_PATHS = { login: '/user/login', logout: '/user/logout', info: '/user/info' };

export interface Account {
  username: string;
  password: string;
}

export interface Caller {
  name: string;
  /** The signed-in person's roles; undefined for callers without a session. */
  roles?: string[];
  account?: Account;
  token?: string;
}

async function call<T>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ code: number; data?: T; message?: string }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Connection: 'close', ...(token ? { 'X-Token': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data?: T; message?: string };
}

export async function signIn(base: string, account: Account): Promise<string> {
  const answer = await call<{ token: string }>(base, 'POST', SESSION_PATHS.login, undefined, account);
  if (answer.code !== 20000 || !answer.data?.token)
    throw new Error(`Sign-in as ${account.username} failed: ${answer.code} ${answer.message}`);
  return answer.data.token;
}

async function signOut(base: string, token: string): Promise<void> {
  await call(base, 'POST', SESSION_PATHS.logout, token);
}

export interface Callers {
  all: Caller[];
  /** A token that was a session until it was signed out. */
  revoked: string;
}

export async function prepareCallers(base: string, accounts: Account[]): Promise<Callers> {
  const signedIn: Caller[] = [];
  for (const account of accounts) {
    const token = await signIn(base, account);
    const info = await call<{ roles: string[] }>(base, 'GET', SESSION_PATHS.info, token);
    if (!Array.isArray(info.data?.roles))
      throw new Error(`${SESSION_PATHS.info} gave ${account.username} no roles: ${JSON.stringify(info)}`);
    signedIn.push({ name: account.username, roles: info.data.roles, account, token });
  }
  const revoked = await signIn(base, accounts[accounts.length - 1]);
  await signOut(base, revoked);
  return { all: [{ name: 'anonymous' }, { name: 'invalid token' }, ...signedIn], revoked };
}

/** Tokens that are no session: made up, revoked, the in-browser mock's, a session token altered. */
function invalidTokens(callers: Callers): string[] {
  const real = callers.all.find((c) => c.token)?.token ?? 'x'.repeat(43);
  return [
    callers.revoked,
    'admin-token',
    'editor-token',
    'A'.repeat(43),
    `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`,
    `Bearer ${real}`,
    real.toUpperCase() === real ? real.toLowerCase() : real.toUpperCase(),
    'x'.repeat(4_000),
    "' OR '1'='1",
    'null',
  ];
}

/** Where a caller's token goes for one request: `inQuery` moves a session token from the header to the query. */
export function placements(caller: Caller, callers: Callers, inQuery: boolean): fc.Arbitrary<TokenPlacement> {
  if (caller.name === 'anonymous') return fc.constant(undefined);
  if (!caller.token) {
    return fc
      .tuple(fc.constantFrom(...invalidTokens(callers)), fc.constantFrom<'header' | 'query'>('header', 'header', 'query'))
      .map(([value, where]) => ({ in: where, value }));
  }
  return fc.constant({ in: inQuery ? 'query' : 'header', value: caller.token });
}

/** Whether a session token in this placement signs the caller in for this operation. */
export function signsIn(placement: TokenPlacement, caller: Caller, operation: Operation): boolean {
  if (!placement || !caller.token || placement.value !== caller.token) return false;
  return placement.in === 'header' || queryTokenParameter(operation) !== undefined;
}

/** Operations that end the session they are called with: each run gets a session of its own. */
export const endsSession = (operation: Operation) => operation.method === 'POST' && operation.path === SESSION_PATHS.logout;
