// The sign-in log as the accounts keep it: every attempt (the refusals of a locked address counted
// in one entry), who (the username typed), from which
// address, and whether it worked or why not. The real server keeps it in app_login_log (SQL
// accounts read it there); the mock keeps the attempts of its session in memory (SignInMemory).
import type { LoginRefusal } from '../../kernel/history/names';

export interface SignIn {
  id: number;
  user: string;
  at: string;
  address: string;
  success: boolean;
  /** Why it was refused; absent on a sign-in that worked. */
  reason?: LoginRefusal;
  /** Refusals of a locked address are counted in one entry: how many, and when the last came (absent for one). */
  repeats?: number;
  lastAt?: string;
}

/** Which attempts, newest first: `user` is the username exactly, `from` and `to` days (YYYY-MM-DD, UTC) both included. */
export interface SignInQuery {
  user?: string;
  success?: boolean;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

export interface SignInPage {
  list: SignIn[];
  count: number;
}

/** The first and last moments of the days a query names, as the log's ISO times compare. */
export const dayBounds = (query: SignInQuery) => ({
  since: query.from && `${query.from}T00:00:00.000Z`,
  until: query.to && `${query.to}T23:59:59.999Z`,
});

/** Attempts kept in memory, the oldest forgotten past `capacity`. */
export class SignInMemory {
  private entries: SignIn[] = [];
  private lastId = 0;

  constructor(
    private capacity = 10_000,
    private now: () => Date = () => new Date(),
  ) {}

  add(user: string, address: string, reason?: LoginRefusal) {
    const entry: SignIn = { id: ++this.lastId, user, at: this.now().toISOString(), address, success: !reason };
    if (reason) entry.reason = reason;
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  /** Forgets the attempts made before `before`; answers how many. */
  prune(before: Date): number {
    const kept = this.entries.filter((entry) => entry.at >= before.toISOString());
    const removed = this.entries.length - kept.length;
    this.entries = kept;
    return removed;
  }

  list(query: SignInQuery): SignInPage {
    const { since, until } = dayBounds(query);
    const found = this.entries
      .filter(
        (e) =>
          (query.user === undefined || e.user === query.user) &&
          (query.success === undefined || e.success === query.success) &&
          (!since || e.at >= since) &&
          (!until || e.at <= until),
      )
      .reverse();
    const start = (query.page - 1) * query.limit;
    return { list: found.slice(start, start + query.limit).map((e) => ({ ...e })), count: found.length };
  }
}
