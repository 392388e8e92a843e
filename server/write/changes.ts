// The records one write changed, as the write's answer names them: every insert, update and
// delete made through the transaction's store (the record itself, the parent whose totals moved,
// the instrument whose hours or status followed), each record once, in the order first touched.
// The operation log's own entries are written beneath this store and are not listed. It also
// carries what the transaction's work asks to run once committed (afterCommitOf).
import { StoreProxy } from '../store/proxy';
import type { Row, Store, UpdateOptions, UpdateResult } from '../store/types';

/** A record a write changed (or deleted). */
export interface Changed {
  resource: string;
  id: number;
}

/** A store that notes the records written through it. */
export class ChangeTracker extends StoreProxy {
  private readonly seen: Map<string, Changed>;
  /** What runs once the write's transaction has committed. */
  readonly after: (() => unknown)[];

  constructor(inner: Store, seen: Map<string, Changed> = new Map(), after: (() => unknown)[] = []) {
    super(inner);
    this.seen = seen;
    this.after = after;
  }

  private note(resource: string, id: number) {
    const key = `${resource}#${id}`;
    if (!this.seen.has(key)) this.seen.set(key, { resource, id });
  }

  /** A tracker over another store (the same transaction's, beneath the log) noting into the same list. */
  alongside(inner: Store): ChangeTracker {
    return new ChangeTracker(inner, this.seen, this.after);
  }

  /** What was written through this store so far, `but` those listed. */
  changed(but: Changed[] = []): Changed[] {
    return [...this.seen.values()].filter((c) => !but.some((b) => b.resource === c.resource && b.id === c.id));
  }

  override async insert(resource: string, values: Record<string, unknown>): Promise<Row> {
    const row = await this.inner.insert(resource, values);
    this.note(resource, row.id);
    return row;
  }

  override async update(
    resource: string,
    id: number,
    values: Record<string, unknown>,
    expectedVersion?: number,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const result = await this.inner.update(resource, id, values, expectedVersion, options);
    if (result.status === 'ok') this.note(resource, id);
    return result;
  }

  override async remove(resource: string, ids: number[]) {
    const result = await this.inner.remove(resource, ids);
    if (result.missing.length === 0) for (const id of ids) this.note(resource, id);
    return result;
  }

  override transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    return this.inner.transaction((tx) => work(new ChangeTracker(tx, this.seen, this.after)));
  }
}

/**
 * How work inside a write's transaction (a follower's) asks for something to run once it has
 * committed (people notified); undefined outside the write service (the start's recomputation).
 */
export function afterCommitOf(store: Store): ((work: () => unknown) => void) | undefined {
  return store instanceof ChangeTracker ? (work) => void store.after.push(work) : undefined;
}
