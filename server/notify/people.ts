// Who can be sent a message: the accounts, looked up by username, and the person a session
// token belongs to. The mock's two standard accounts, or the accounts table of the database.
import { createHash } from 'node:crypto';
import { STANDARD_ACCOUNTS } from '../auth/accounts';
import type { FixedDb } from '../db/tables';

export interface Person {
  username: string;
  name: string;
  roles: string[];
}

export interface People {
  /** The account with this username, if any. */
  find(username: string): Promise<Person | undefined>;
  /** Every account that has the role. */
  withRole(role: string): Promise<Person[]>;
  /** The username of the session a token opens (the token was checked before). */
  usernameOf(token: string): Promise<string | undefined>;
}

/** The mock's accounts: `admin` and `editor`, whose tokens are `<username>-token`. */
export function standardPeople(): People {
  const all: Person[] = Object.entries(STANDARD_ACCOUNTS).map(([username, user]) => ({ username, name: user.name, roles: user.roles }));
  return {
    find: async (username) => all.find((p) => p.username === username),
    withRole: async (role) => all.filter((p) => p.roles.includes(role)),
    usernameOf: async (token) => (token.endsWith('-token') ? all.find((p) => `${p.username}-token` === token)?.username : undefined),
  };
}

/** The sessions table keeps a token's SHA-256, never the token (server/auth/sql-accounts.ts). */
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The accounts of the database. */
export function sqlPeople(db: FixedDb): People {
  const toPerson = (row: { username: string; name: string; roles: string }): Person => ({ username: row.username, name: row.name, roles: JSON.parse(row.roles) as string[] });
  return {
    async find(username) {
      const row = await db.selectFrom('app_accounts').select(['username', 'name', 'roles']).where('username', '=', username).executeTakeFirst();
      return row && toPerson(row);
    },
    async withRole(role) {
      // Roles are a JSON list in text: filtered here, an account table being small.
      const rows = await db.selectFrom('app_accounts').select(['username', 'name', 'roles']).execute();
      return rows.map(toPerson).filter((p) => p.roles.includes(role));
    },
    async usernameOf(token) {
      const row = await db.selectFrom('app_sessions').select('username').where('token_hash', '=', tokenHash(token)).executeTakeFirst();
      return row?.username;
    },
  };
}
