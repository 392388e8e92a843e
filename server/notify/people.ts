// Who can be sent a message: the accounts, looked up by username, and the person a session
// token belongs to. The mock's two standard accounts here; the accounts table of the database in
// sql-people.ts (Node only).
import { STANDARD_ACCOUNTS } from '../auth/accounts';

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
