// Accounts of the real server: scrypt password hashes, opaque random session tokens kept only
// as SHA-256 hashes, sessions that expire, a sign-in log of every attempt, and rate limits on
// failed sign-ins per account and per address, counted in the database so every instance agrees.
import { createHash, randomBytes } from 'node:crypto';
import { MAX_USERNAME_LENGTH } from '../../kernel/contract/limits';
import type { FixedDb } from '../db/tables';
import type { Accounts, LoginResult, TokenCheck, UserInfo } from './accounts';
import type { LoginRefusal } from '../../kernel/history/names';
import { type SignIn, type SignInPage, type SignInQuery, dayBounds } from '../history/sign-ins';
import { UNUSABLE_HASH, hashPassword, verifyPassword } from './passwords';

export interface AccountLimits {
  sessionHours: number;
  failuresPerAccount: number;
  failuresPerAddress: number;
  windowMinutes: number;
}

export const DEFAULT_LIMITS: AccountLimits = { sessionHours: 12, failuresPerAccount: 5, failuresPerAddress: 20, windowMinutes: 15 };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface NewAccount extends Omit<UserInfo, 'roles'> {
  username: string;
  password: string;
  roles: string[];
}

export class SqlAccounts implements Accounts {
  constructor(
    private db: FixedDb,
    private limits: AccountLimits = DEFAULT_LIMITS,
    private now: () => Date = () => new Date(),
  ) {}

  async count(): Promise<number> {
    const { n } = await this.db.selectFrom('app_accounts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(n);
  }

  async create(account: NewAccount): Promise<void> {
    await this.db
      .insertInto('app_accounts')
      .values({
        username: account.username,
        password_hash: await hashPassword(account.password),
        roles: JSON.stringify(account.roles),
        name: account.name,
        avatar: account.avatar,
        introduction: account.introduction,
        mobile: account.mobile,
        created_at: this.now().toISOString(),
      })
      .execute();
  }

  /** Minutes until the oldest failure in the window leaves it, when the limit is reached. */
  private async lockedFor(column: 'username' | 'address', value: string, limit: number): Promise<number | undefined> {
    const since = new Date(this.now().getTime() - this.limits.windowMinutes * 60_000).toISOString();
    const failures = await this.db
      .selectFrom('app_login_log')
      .select('at')
      .where(column, '=', value)
      .where('success', '=', 0)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    if (failures.length < limit) return undefined;
    const oldest = new Date(failures[failures.length - 1].at).getTime();
    return Math.max(1, Math.ceil((oldest + this.limits.windowMinutes * 60_000 - this.now().getTime()) / 60_000));
  }

  private async log(username: string, address: string, success: boolean, reason?: LoginRefusal) {
    await this.db
      .insertInto('app_login_log')
      .values({ username: username.slice(0, MAX_USERNAME_LENGTH), address: address.slice(0, 100), success: success ? 1 : 0, reason: reason ?? null, at: this.now().toISOString() })
      .execute();
  }

  async login(username: string, password: string, address: string): Promise<LoginResult> {
    const locked =
      (await this.lockedFor('username', username, this.limits.failuresPerAccount)) ??
      (await this.lockedFor('address', address, this.limits.failuresPerAddress));
    if (locked !== undefined) {
      await this.log(username, address, false, 'locked');
      return { refused: 'locked', minutes: locked };
    }
    const account = await this.db.selectFrom('app_accounts').select(['username', 'password_hash']).where('username', '=', username).executeTakeFirst();
    const matches = await verifyPassword(password, account?.password_hash ?? UNUSABLE_HASH);
    if (!account || !matches) {
      await this.log(username, address, false, account ? 'password' : 'account');
      return { refused: 'credentials' };
    }
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db
      .insertInto('app_sessions')
      .values({
        token_hash: tokenHash(token),
        username,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.limits.sessionHours * 3_600_000).toISOString(),
      })
      .execute();
    await this.log(username, address, true);
    return { token };
  }

  async signIns(query: SignInQuery): Promise<SignInPage> {
    const { since, until } = dayBounds(query);
    let found = this.db.selectFrom('app_login_log');
    if (query.user !== undefined) found = found.where('username', '=', query.user);
    if (query.success !== undefined) found = found.where('success', '=', query.success ? 1 : 0);
    if (since) found = found.where('at', '>=', since);
    if (until) found = found.where('at', '<=', until);
    const { n } = await found.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await found
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const list = rows.map((row): SignIn => {
      const entry: SignIn = { id: Number(row.id), user: row.username, at: row.at, address: row.address, success: Number(row.success) === 1 };
      if (row.reason) entry.reason = row.reason as LoginRefusal;
      return entry;
    });
    return { list, count: Number(n) };
  }

  async pruneSignIns(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('app_login_log').where('at', '<', before.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async check(token: string | undefined): Promise<TokenCheck> {
    if (!token) return { problem: 'unknown' };
    const row = await this.db
      .selectFrom('app_sessions')
      .innerJoin('app_accounts', 'app_accounts.username', 'app_sessions.username')
      .select(['app_sessions.expires_at', 'roles', 'name', 'avatar', 'introduction', 'mobile'])
      .where('app_sessions.token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    if (!row) return { problem: 'unknown' };
    if (row.expires_at <= this.now().toISOString()) {
      await this.logout(token);
      return { problem: 'expired' };
    }
    return {
      user: {
        roles: JSON.parse(row.roles) as string[],
        name: row.name,
        avatar: row.avatar ?? '',
        introduction: row.introduction ?? '',
        mobile: row.mobile ?? '',
      },
    };
  }

  async logout(token: string): Promise<void> {
    await this.db.deleteFrom('app_sessions').where('token_hash', '=', tokenHash(token)).execute();
  }
}
