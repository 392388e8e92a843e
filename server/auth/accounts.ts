// Who may sign in. The mock's accounts: only admin and editor, token '<role>-token'.
// The real server keeps hashed passwords and opaque sessions behind the same interface (sql-accounts.ts).
import { MOCK_PASSWORD, isMockUsername } from '../../kernel/contract/mock-account';
import type { UserInfo } from '../../kernel/contract/user-info';
import { SignInMemory, type SignInPage, type SignInQuery } from '../history/sign-ins';

export type { UserInfo };

export type TokenCheck = { user: UserInfo } | { problem: 'unknown' | 'expired' };

export type LoginResult = { token: string } | { refused: 'credentials' } | { refused: 'locked'; minutes: number };

export interface Accounts {
  /** A session token, or why not. `address` is the caller's network address, for rate limiting. */
  login(username: string, password: string, address: string): Promise<LoginResult>;
  check(token: string | undefined): Promise<TokenCheck>;
  logout(token: string): Promise<void>;
  /** The sign-in log: every attempt, newest first (server/history/sign-ins.ts). */
  signIns(query: SignInQuery): Promise<SignInPage>;
  /** Forgets the sign-in attempts made before `before`; answers how many. */
  pruneSignIns(before: Date): Promise<number>;
}


/** The two accounts the product names, as the mock serves them and as a real database starts with. */
export const STANDARD_ACCOUNTS: Record<'admin' | 'editor', UserInfo> = {
  admin: {
    roles: ['admin'],
    name: 'Super Admin',
    avatar: '/avatar-admin.svg',
    introduction: 'I am a super administrator',
    mobile: '+86 138 0000 0001',
  },
  editor: {
    roles: ['editor'],
    name: 'Normal Editor',
    avatar: '/avatar-editor.svg',
    introduction: 'I am an editor',
    mobile: '+86 138 0000 0002',
  },
};

export class MockAccounts implements Accounts {
  /** The attempts of this session of the mock: it has no database to keep them in. */
  private log = new SignInMemory();

  async login(username: string, password: string, address = 'local'): Promise<LoginResult> {
    if (!isMockUsername(username)) {
      this.log.add(username, address, 'account');
      return { refused: 'credentials' };
    }
    if (password !== MOCK_PASSWORD) {
      this.log.add(username, address, 'password');
      return { refused: 'credentials' };
    }
    this.log.add(username.trim(), address);
    return { token: `${username.trim()}-token` };
  }

  async signIns(query: SignInQuery): Promise<SignInPage> {
    return this.log.list(query);
  }

  async pruneSignIns(before: Date): Promise<number> {
    return this.log.prune(before);
  }

  async check(token: string | undefined): Promise<TokenCheck> {
    const role = token?.endsWith('-token') ? token.slice(0, -'-token'.length) : '';
    const user = STANDARD_ACCOUNTS[role as keyof typeof STANDARD_ACCOUNTS];
    return user ? { user: structuredClone(user) } : { problem: 'unknown' };
  }

  async logout() {}
}
