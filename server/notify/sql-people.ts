// The people of the database: its accounts, and the sessions their tokens open. Node only.
import { createHash } from 'node:crypto';
import type { FixedDb } from '../db/tables';
import type { People, Person } from './people';

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
