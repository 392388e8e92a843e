// Who may sign in, and the accounts admins manage. The mock keeps its accounts in memory, starting
// with the product's two (admin and editor, password 111111, token '<username>-token'); the real
// server keeps hashed passwords and opaque sessions behind the same interface (sql-accounts.ts).
import { MOCK_PASSWORD } from '../../kernel/contract/mock-account';
import type { UserInfo } from '../../kernel/contract/user-info';
import { SignInMemory, type SignInPage, type SignInQuery } from '../history/sign-ins';

export type { UserInfo };

/** A signed-in person: what the info call answers, with the username and whether a new password is due. */
export type SessionUser = UserInfo & {
  username: string;
  mustChange: boolean;
  /** The account's id: what a person's uploads belong to. */ id: number;
};

export type TokenCheck = { user: SessionUser } | { problem: 'unknown' | 'expired' };

export type LoginResult = { token: string } | { refused: 'credentials' } | { refused: 'locked'; minutes: number };

/** An account as the console manages it (schemas/admin.json): never its password. */
export interface AccountRecord {
  id: number;
  username: string;
  name: string;
  /** Absent when the account has none. */
  mobile?: string;
  roles: string[];
  enabled: 0 | 1;
  must_change: 0 | 1;
  avatar: string;
  created_at: string;
}

/** What an admin sets on an account. */
export type AccountValues = Pick<AccountRecord, 'name' | 'mobile' | 'roles' | 'enabled'>;

/**
 * A management write: done, or refused because it would leave no enabled account with the super
 * role (`last-admin`), the account does not exist, or its username is taken.
 */
export type ManageResult = { account: AccountRecord } | { refused: 'last-admin' | 'missing' | 'taken' };

export interface Accounts {
  /** A session token, or why not. `address` is the caller's network address, for rate limiting. */
  login(username: string, password: string, address: string): Promise<LoginResult>;
  check(token: string | undefined): Promise<TokenCheck>;
  logout(token: string): Promise<void>;
  /** The sign-in log: every attempt, newest first (server/history/sign-ins.ts). */
  signIns(query: SignInQuery): Promise<SignInPage>;
  /** Forgets the sign-in attempts made before `before`; answers how many. */
  pruneSignIns(before: Date): Promise<number>;

  /** Every account, by id. */
  list(): Promise<AccountRecord[]>;
  /** A new account whose owner must change `password` at the first sign-in. */
  create(username: string, values: AccountValues, password: string): Promise<ManageResult>;
  /** Changes an account; disabling it ends its sessions. Refused when no enabled `superRole` account would remain. */
  update(id: number, values: AccountValues, superRole: string): Promise<ManageResult>;
  /** Sets a password and ends the account's sessions but `keepToken`'s; `mustChange` says whether its owner must change it. */
  setPassword(id: number, password: string, mustChange: boolean, keepToken?: string): Promise<ManageResult>;
  /** Deletes accounts and their sessions, all or none; refused like update. */
  remove(ids: number[], superRole: string): Promise<ManageResult | { removed: number }>;
  /** Whether the password is the account's. */
  passwordMatches(username: string, password: string): Promise<boolean>;
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

/** Whether some enabled account has the super role. */
export const hasEnabledSuper = (accounts: Pick<AccountRecord, 'roles' | 'enabled'>[], superRole: string) =>
  accounts.some((account) => account.enabled === 1 && account.roles.includes(superRole));

interface MockAccount extends AccountRecord {
  /** The mock has no database and no secrets to keep: its passwords are kept as typed. */
  password: string;
  introduction: string;
}

export class MockAccounts implements Accounts {
  /** The attempts of this session of the mock: it has no database to keep them in. */
  private log = new SignInMemory();
  private accounts: MockAccount[] = Object.entries(STANDARD_ACCOUNTS).map(([username, info], index) => ({
    id: index + 1,
    username,
    name: info.name,
    mobile: info.mobile ?? '',
    roles: [...info.roles],
    enabled: 1,
    must_change: 0,
    avatar: info.avatar,
    introduction: info.introduction,
    created_at: '2026-01-01T00:00:00.000Z',
    password: MOCK_PASSWORD,
  }));
  /** Accounts whose sessions were ended: their token works again after they sign in. */
  private ended = new Set<string>();

  private record({ password: _p, introduction: _i, mobile, ...account }: MockAccount): AccountRecord {
    return structuredClone(mobile ? { ...account, mobile } : account);
  }

  async login(username: string, password: string, address = 'local'): Promise<LoginResult> {
    const name = username.trim();
    const account = this.accounts.find((a) => a.username === name);
    const refusal = !account ? 'account' : account.password !== password ? 'password' : account.enabled !== 1 ? 'disabled' : undefined;
    if (refusal) {
      this.log.add(username, address, refusal);
      return { refused: 'credentials' };
    }
    this.log.add(name, address);
    this.ended.delete(name);
    return { token: `${name}-token` };
  }

  async signIns(query: SignInQuery): Promise<SignInPage> {
    return this.log.list(query);
  }

  async pruneSignIns(before: Date): Promise<number> {
    return this.log.prune(before);
  }

  async check(token: string | undefined): Promise<TokenCheck> {
    const username = token?.endsWith('-token') ? token.slice(0, -'-token'.length) : '';
    const account = this.accounts.find((a) => a.username === username);
    if (!account || account.enabled !== 1 || this.ended.has(username)) return { problem: 'unknown' };
    const { roles, name, avatar, introduction, mobile } = structuredClone(account);
    return { user: { id: account.id, roles, name, avatar, introduction, mobile, username, mustChange: account.must_change === 1 } };
  }

  async logout() {}

  async list() {
    return this.accounts.map((account) => this.record(account));
  }

  async create(username: string, values: AccountValues, password: string): Promise<ManageResult> {
    if (this.accounts.some((a) => a.username === username)) return { refused: 'taken' };
    const id = Math.max(0, ...this.accounts.map((a) => a.id)) + 1;
    const account: MockAccount = {
      ...structuredClone(values),
      id,
      username,
      must_change: 1,
      avatar: '',
      introduction: '',
      created_at: new Date().toISOString(),
      password,
    };
    this.accounts.push(account);
    return { account: this.record(account) };
  }

  async update(id: number, values: AccountValues, superRole: string): Promise<ManageResult> {
    const account = this.accounts.find((a) => a.id === id);
    if (!account) return { refused: 'missing' };
    // Every value an admin sets is replaced, one left out (no mobile) included.
    const next = { ...account, ...structuredClone(values), mobile: values.mobile ?? '' };
    if (
      !hasEnabledSuper(
        this.accounts.map((a) => (a.id === id ? next : a)),
        superRole,
      )
    )
      return { refused: 'last-admin' };
    Object.assign(account, next);
    if (account.enabled !== 1) this.ended.add(account.username);
    return { account: this.record(account) };
  }

  async setPassword(id: number, password: string, mustChange: boolean, keepToken?: string): Promise<ManageResult> {
    const account = this.accounts.find((a) => a.id === id);
    if (!account) return { refused: 'missing' };
    account.password = password;
    account.must_change = mustChange ? 1 : 0;
    // The mock's token is the same at every sign-in: the one kept is the only one there is.
    if (keepToken !== `${account.username}-token`) this.ended.add(account.username);
    return { account: this.record(account) };
  }

  async remove(ids: number[], superRole: string): Promise<ManageResult | { removed: number }> {
    if (ids.some((id) => !this.accounts.some((a) => a.id === id))) return { refused: 'missing' };
    const rest = this.accounts.filter((a) => !ids.includes(a.id));
    if (!hasEnabledSuper(rest, superRole)) return { refused: 'last-admin' };
    this.accounts = rest;
    return { removed: ids.length };
  }

  async passwordMatches(username: string, password: string) {
    return this.accounts.find((a) => a.username === username)?.password === password;
  }
}
