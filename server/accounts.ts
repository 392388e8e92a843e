// Who may sign in. The mock's accounts follow SPEC §6: only admin and editor, token '<role>-token'.
// The real server (a later release) keeps hashed passwords and opaque sessions behind the same interface.

export interface UserInfo {
  roles: string[];
  name: string;
  avatar: string;
  introduction: string;
  mobile: string;
}

export type TokenCheck = { user: UserInfo } | { problem: 'unknown' | 'expired' };

export interface Accounts {
  /** A session token, or undefined when the username or password is wrong. */
  login(username: string, password: string): Promise<string | undefined>;
  check(token: string | undefined): Promise<TokenCheck>;
  logout(token: string): Promise<void>;
}

import { MOCK_PASSWORD, isMockUsername } from '../src/auth/mock-account';

const mockUsers: Record<string, UserInfo> = {
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
  async login(username: string, password: string) {
    if (!isMockUsername(username) || password !== MOCK_PASSWORD) return undefined;
    return `${username.trim()}-token`;
  }

  async check(token: string | undefined): Promise<TokenCheck> {
    const role = token?.endsWith('-token') ? token.slice(0, -'-token'.length) : '';
    const user = mockUsers[role];
    return user ? { user: structuredClone(user) } : { problem: 'unknown' };
  }

  async logout() {}
}
