// Who can be sent a message: the accounts, looked up by username, and the person a session token
// belongs to; both read from the accounts themselves (the mock's in memory, the database's).
import type { Accounts } from '../auth/accounts';

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

/** The people of the accounts. An account table is small: it is read whole. */
export function peopleOf(accounts: Accounts): People {
  const all = async (): Promise<Person[]> => (await accounts.list()).map(({ username, name, roles }) => ({ username, name, roles }));
  return {
    find: async (username) => (await all()).find((person) => person.username === username),
    withRole: async (role) => (await all()).filter((person) => person.roles.includes(role)),
    async usernameOf(token) {
      const session = await accounts.check(token);
      return 'user' in session ? session.user.username : undefined;
    },
  };
}
