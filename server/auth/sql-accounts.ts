// Accounts of the real server: scrypt password hashes, opaque random session tokens kept only
// as SHA-256 hashes, sessions that expire, a sign-in log of every attempt, and rate limits on
// failed sign-ins per account and per address, counted in the database so every instance agrees.
import { hash, randomBytes } from 'node:crypto';
import { MAX_USERNAME_LENGTH } from '../../kernel/contract/limits';
import type { AccountsTable, FixedDb } from '../db/tables';
import { readRows, withParameters } from '../db/prepared';
import { sql } from 'kysely';
import {
  type AccountRecord,
  type AccountValues,
  type Accounts,
  type LoginResult,
  type ManageResult,
  type TokenCheck,
  type UserInfo,
  hasEnabledSuper,
} from './accounts';
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

/** Fixed limits, or where to read them at the moment of use (the system parameters, which admins change). */
export type LimitsSource = AccountLimits | (() => Promise<AccountLimits>);

/** The advisory lock the sign-ins' counting step takes on PostgreSQL (any fixed number of ours). */
const SIGN_IN_LOCK = 604_204;

const tokenHash = (token: string) => hash('sha256', token, 'hex');

export interface NewAccount extends Omit<UserInfo, 'roles'> {
  username: string;
  password: string;
  roles: string[];
}

export class SqlAccounts implements Accounts {
  constructor(
    private db: FixedDb,
    private limits: LimitsSource = DEFAULT_LIMITS,
    private now: () => Date = () => new Date(),
    /** PostgreSQL: management writes take a lock, so that two admins disabling each other cannot both succeed. */
    private dialect: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  async count(): Promise<number> {
    const { n } = await this.db
      .selectFrom('app_accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** An account the server makes itself (the first start's), which needs no password change. */
  async createFirst(account: NewAccount): Promise<void> {
    const { next } = await this.db
      .selectFrom('app_accounts')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('next'))
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('app_accounts')
      .values({
        id: Number(next) + 1,
        enabled: 1,
        must_change: 0,
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

  private currentLimits(): Promise<AccountLimits> {
    return typeof this.limits === 'function' ? this.limits() : Promise.resolve(this.limits);
  }

  /** Minutes until the oldest failure in the window leaves it, when the limit is reached. */
  private async lockedFor(
    db: FixedDb,
    column: 'username' | 'address',
    value: string,
    limit: number,
    windowMinutes: number,
  ): Promise<number | undefined> {
    const since = new Date(this.now().getTime() - windowMinutes * 60_000).toISOString();
    const failures = await db
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
    return Math.max(1, Math.ceil((oldest + windowMinutes * 60_000 - this.now().getTime()) / 60_000));
  }

  private entry(username: string, address: string, success: boolean, reason: LoginRefusal | null = null) {
    return {
      username: username.slice(0, MAX_USERNAME_LENGTH),
      address: address.slice(0, 100),
      success: success ? (1 as const) : (0 as const),
      reason,
      at: this.now().toISOString(),
    };
  }

  /**
   * Counts the attempt before its password is checked, in one step with the check of the limits:
   * an attempt within them is logged at once as a failed password, which the next attempt
   * counts, and set to what it came to once checked (one cut short stays a failure), so that however many come together at most the limit are ever checked. On
   * SQLite a transaction holds the one connection; on PostgreSQL a transaction-wide advisory lock
   * makes the sign-ins of every instance take their turn for this short step.
   */
  private async reserve(username: string, address: string, limits: AccountLimits): Promise<{ id: number } | { minutes: number }> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK})`.execute(trx);
      const locked =
        (await this.lockedFor(trx, 'username', username, limits.failuresPerAccount, limits.windowMinutes)) ??
        (await this.lockedFor(trx, 'address', address, limits.failuresPerAddress, limits.windowMinutes));
      if (locked !== undefined) {
        await this.logLocked(trx, username, address, limits.windowMinutes);
        return { minutes: locked };
      }
      const row = await trx
        .insertInto('app_login_log')
        .values(this.entry(username, address, false, 'password'))
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id) };
    });
  }

  /**
   * A refusal for a lock: counted in the address's latest such entry while refusals keep coming
   * within the window (its `repeats` and `last_at`), so that a locked address hammering the
   * sign-in adds one row per window rather than one per attempt.
   */
  private async logLocked(trx: FixedDb, username: string, address: string, windowMinutes: number) {
    const now = this.now();
    const since = new Date(now.getTime() - windowMinutes * 60_000).toISOString();
    const entry = this.entry(username, address, false, 'locked');
    const latest = await trx
      .selectFrom('app_login_log')
      .select('id')
      .where('address', '=', entry.address)
      .where('reason', '=', 'locked')
      .where((eb) => eb(eb.fn.coalesce('last_at', 'at'), '>', since))
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest) {
      await trx.insertInto('app_login_log').values(entry).execute();
      return;
    }
    await trx
      .updateTable('app_login_log')
      .set((eb) => ({ repeats: eb('repeats', '+', 1), last_at: now.toISOString() }))
      .where('id', '=', latest.id)
      .execute();
  }

  /** What the checked attempt came to. */
  private async settle(id: number, reason?: LoginRefusal) {
    await this.db
      .updateTable('app_login_log')
      .set({ success: reason ? (0 as const) : (1 as const), reason: reason ?? null })
      .where('id', '=', id)
      .execute();
  }

  async login(username: string, password: string, address: string): Promise<LoginResult> {
    const limits = await this.currentLimits();
    const reserved = await this.reserve(username, address, limits);
    if ('minutes' in reserved) return { refused: 'locked', minutes: reserved.minutes };
    const account = await this.db
      .selectFrom('app_accounts')
      .select(['username', 'password_hash', 'enabled'])
      .where('username', '=', username)
      .executeTakeFirst();
    const matches = await verifyPassword(password, account?.password_hash ?? UNUSABLE_HASH);
    if (!account || !matches || Number(account.enabled) !== 1) {
      await this.settle(reserved.id, !account ? 'account' : !matches ? 'password' : 'disabled');
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
        expires_at: new Date(now.getTime() + limits.sessionHours * 3_600_000).toISOString(),
      })
      .execute();
    await this.settle(reserved.id);
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
      const entry: SignIn = {
        id: Number(row.id),
        user: row.username,
        at: row.at,
        address: row.address,
        success: Number(row.success) === 1,
      };
      if (row.reason) entry.reason = row.reason as LoginRefusal;
      if (Number(row.repeats) > 1) Object.assign(entry, { repeats: Number(row.repeats), lastAt: row.last_at ?? row.at });
      return entry;
    });
    return { list, count: Number(n) };
  }

  async pruneSignIns(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('app_login_log').where('at', '<', before.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The session's account by the token's hash, as `check` reads it for every request. */
  private sessionQuery(hash: string) {
    return this.db
      .selectFrom('app_sessions')
      .innerJoin('app_accounts', 'app_accounts.username', 'app_sessions.username')
      .select([
        'app_sessions.expires_at',
        'app_accounts.id',
        'app_accounts.username',
        'roles',
        'name',
        'avatar',
        'introduction',
        'mobile',
        'enabled',
        'must_change',
      ])
      .where('app_sessions.token_hash', '=', hash)
      .compile();
  }

  /** That query built once (its one parameter is the hash): building it cost more than running it. */
  private compiledSessionQuery?: ReturnType<SqlAccounts['sessionQuery']>;

  async check(token: string | undefined): Promise<TokenCheck> {
    if (!token) return { problem: 'unknown' };
    const query = (this.compiledSessionQuery ??= this.sessionQuery(''));
    const [row] = await readRows(this.db, withParameters(query, [tokenHash(token)]));
    if (!row || Number(row.enabled) !== 1) return { problem: 'unknown' };
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
        username: row.username,
        mustChange: Number(row.must_change) === 1,
        id: Number(row.id),
      },
    };
  }

  async logout(token: string): Promise<void> {
    await this.db.deleteFrom('app_sessions').where('token_hash', '=', tokenHash(token)).execute();
  }

  async list(): Promise<AccountRecord[]> {
    const rows = await this.db.selectFrom('app_accounts').select(ACCOUNT_COLUMNS).orderBy('id').execute();
    return rows.map(toRecord);
  }

  async create(username: string, values: AccountValues, password: string): Promise<ManageResult> {
    const hash = await hashPassword(password);
    return this.manage(async (trx) => {
      if (await trx.selectFrom('app_accounts').select('username').where('username', '=', username).executeTakeFirst())
        return { refused: 'taken' };
      const { next } = await trx
        .selectFrom('app_accounts')
        .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('next'))
        .executeTakeFirstOrThrow();
      const id = Number(next) + 1;
      await trx
        .insertInto('app_accounts')
        .values({
          id,
          username,
          password_hash: hash,
          ...stored(values),
          avatar: null,
          introduction: null,
          must_change: 1,
          created_at: this.now().toISOString(),
        })
        .execute();
      return { account: toRecord(await this.row(trx, id)) };
    });
  }

  async update(id: number, values: AccountValues, superRole: string): Promise<ManageResult> {
    return this.manage(async (trx) => {
      const before = await trx.selectFrom('app_accounts').select('username').where('id', '=', id).executeTakeFirst();
      if (!before) return { refused: 'missing' };
      await trx.updateTable('app_accounts').set(stored(values)).where('id', '=', id).execute();
      if (!(await this.superRemains(trx, superRole))) return { refused: 'last-admin' };
      if (values.enabled !== 1) await trx.deleteFrom('app_sessions').where('username', '=', before.username).execute();
      return { account: toRecord(await this.row(trx, id)) };
    });
  }

  async setPassword(id: number, password: string, mustChange: boolean, keepToken?: string): Promise<ManageResult> {
    const hash = await hashPassword(password);
    return this.manage(async (trx) => {
      const before = await trx.selectFrom('app_accounts').select('username').where('id', '=', id).executeTakeFirst();
      if (!before) return { refused: 'missing' };
      await trx
        .updateTable('app_accounts')
        .set({ password_hash: hash, must_change: mustChange ? 1 : 0 })
        .where('id', '=', id)
        .execute();
      let ended = trx.deleteFrom('app_sessions').where('username', '=', before.username);
      if (keepToken) ended = ended.where('token_hash', '!=', tokenHash(keepToken));
      await ended.execute();
      return { account: toRecord(await this.row(trx, id)) };
    });
  }

  async remove(ids: number[], superRole: string): Promise<ManageResult | { removed: number }> {
    return this.manage(async (trx) => {
      const found = await trx.selectFrom('app_accounts').select('username').where('id', 'in', ids).execute();
      if (found.length !== new Set(ids).size) return { refused: 'missing' };
      const usernames = found.map((row) => row.username);
      await trx.deleteFrom('app_sessions').where('username', 'in', usernames).execute();
      await trx.deleteFrom('app_accounts').where('id', 'in', ids).execute();
      if (!(await this.superRemains(trx, superRole))) return { refused: 'last-admin' };
      return { removed: found.length };
    });
  }

  async passwordMatches(username: string, password: string): Promise<boolean> {
    const row = await this.db.selectFrom('app_accounts').select('password_hash').where('username', '=', username).executeTakeFirst();
    return verifyPassword(password, row?.password_hash ?? UNUSABLE_HASH);
  }

  private async row(trx: FixedDb, id: number) {
    return trx.selectFrom('app_accounts').select(ACCOUNT_COLUMNS).where('id', '=', id).executeTakeFirstOrThrow();
  }

  private async superRemains(trx: FixedDb, superRole: string): Promise<boolean> {
    const rows = await trx.selectFrom('app_accounts').select(['roles', 'enabled']).where('enabled', '=', 1).execute();
    return hasEnabledSuper(
      rows.map((row) => ({ roles: JSON.parse(row.roles) as string[], enabled: 1 as const })),
      superRole,
    );
  }

  /**
   * One management write, all or nothing: a refusal rolls it back. On PostgreSQL the accounts are
   * locked for the transaction's length, so that the check that an admin remains sees every
   * write before it.
   */
  private async manage<T extends ManageResult | { removed: number }>(work: (trx: FixedDb) => Promise<T>): Promise<T> {
    const refusal = Symbol('refused');
    try {
      return await this.db.transaction().execute(async (trx) => {
        if (this.dialect === 'postgres') await sql`lock table app_accounts in share row exclusive mode`.execute(trx);
        const result = await work(trx);
        if ('refused' in result) throw Object.assign(new Error('refused'), { [refusal]: result });
        return result;
      });
    } catch (error) {
      const refused = (error as Record<symbol, T> | null)?.[refusal];
      if (refused) return refused;
      throw error;
    }
  }
}

const ACCOUNT_COLUMNS = ['id', 'username', 'name', 'mobile', 'roles', 'enabled', 'must_change', 'avatar', 'created_at'] as const;

type AccountRow = Pick<AccountsTable, (typeof ACCOUNT_COLUMNS)[number]>;

function toRecord(row: AccountRow): AccountRecord {
  return {
    id: Number(row.id),
    username: row.username,
    name: row.name,
    ...(row.mobile ? { mobile: row.mobile } : {}),
    roles: JSON.parse(row.roles) as string[],
    enabled: Number(row.enabled) === 1 ? 1 : 0,
    must_change: Number(row.must_change) === 1 ? 1 : 0,
    avatar: row.avatar ?? '',
    created_at: row.created_at,
  };
}

/** The columns of what an admin sets. */
const stored = (values: AccountValues) => ({
  name: values.name,
  mobile: values.mobile || null,
  roles: JSON.stringify(values.roles),
  enabled: values.enabled,
});
