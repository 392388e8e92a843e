// The operation log is written here and nowhere else: a store that, when a person writes through
// it, adds an entry for each record created, changed or deleted (who, when, which record, and
// each changed field before and after) in the same transaction as the write, so a write that
// fails or is refused leaves no entry. Values the server keeps by itself (`keepVersion` updates:
// a well's total footage after a trip changes) are not a person's change and are not logged.
// The write service (server/write/service.ts) writes through `asPerson(store, name)`; writes
// without a person (seeding) log nothing.
import { changes } from '../../kernel/history/diff';
import { OPERATION_LOG } from '../../kernel/history/names';
import type { Registry } from '../../kernel/schema/registry';
import type { Row, Store, UpdateOptions, UpdateResult } from '../store/types';
import { StoreProxy } from '../store/proxy';

type Action = 'create' | 'update' | 'delete';

/** The longest name an entry keeps (the schema's `user` field). */
const MAX_USER_LENGTH = 64;

/** A record's own fields: its id and version are the store's bookkeeping, not values a person set. */
const fieldsOf = (row: Row | undefined): Record<string, unknown> | undefined => {
  if (!row) return undefined;
  const { id: _id, version: _version, ...fields } = row;
  return fields;
};

/** The JSON text of a value, as the log's `before` and `after` keep it. */
const asText = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/** Who writes: their name, shown, and their account, which the entry is kept under. */
export interface Person {
  name: string;
  id?: number;
}

export interface Entry {
  user: string;
  /** The person's account (absent for the server's own work). */
  userId?: number;
  at: Date;
  resource: string;
  action: Action;
  record: number;
  before: Row | undefined;
  after: Row | undefined;
  /** What made the server change the record (`UpdateOptions.cause`), when it was not the person's own edit. */
  cause?: string;
}

/** Adds one entry to the log (none for an update that changed nothing). */
async function logEntry(store: Store, { user, userId, at, resource, action, record, before, after, cause }: Entry) {
  const changed = changes(fieldsOf(before), fieldsOf(after));
  if (action === 'update' && changed.length === 0) return;
  const time = at.toISOString();
  await store.insert(OPERATION_LOG, {
    at: time,
    day: time.slice(0, 10),
    user: user.slice(0, MAX_USER_LENGTH),
    ...(userId === undefined ? {} : { user_id: userId }),
    resource,
    record,
    action,
    changes: changed.map(({ path, before: was, after: is }) => ({ path, before: asText(was), after: asText(is) })),
    ...(cause ? { cause } : {}),
  });
}

/** The writes of one person, each logged in the transaction it runs in. */
class RecordingStore extends StoreProxy {
  constructor(
    inner: Store,
    private person: Person,
    private now: () => Date,
  ) {
    super(inner);
  }

  private get who() {
    return { user: this.person.name, userId: this.person.id };
  }

  private log(
    tx: Store,
    resource: string,
    action: Action,
    record: number,
    before: Row | undefined,
    after: Row | undefined,
    cause?: string,
  ) {
    return logEntry(tx, { ...this.who, at: this.now(), resource, action, record, before, after, cause });
  }

  override insert(resource: string, values: Record<string, unknown>): Promise<Row> {
    return this.inner.transaction(async (tx) => {
      const row = await tx.insert(resource, values);
      await this.log(tx, resource, 'create', row.id, undefined, row);
      return row;
    });
  }

  override update(
    resource: string,
    id: number,
    values: Record<string, unknown>,
    expectedVersion?: number,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    if (options?.keepVersion) return this.inner.update(resource, id, values, expectedVersion, options);
    return this.inner.transaction(async (tx) => {
      const before = await tx.get(resource, id);
      const result = await tx.update(resource, id, values, expectedVersion, options);
      if (result.status === 'ok') await this.log(tx, resource, 'update', id, before, result.row, options?.cause);
      return result;
    });
  }

  override remove(resource: string, ids: number[]) {
    return this.inner.transaction(async (tx) => {
      const rows = await Promise.all(ids.map((id) => tx.get(resource, id)));
      const result = await tx.remove(resource, ids);
      if (result.missing.length === 0) {
        for (const row of rows) if (row) await this.log(tx, resource, 'delete', row.id, row, undefined);
      }
      return result;
    });
  }

  override transaction<T>(work: (store: Store) => Promise<T>): Promise<T> {
    return this.inner.transaction((tx) => work(new RecordingStore(tx, this.person, this.now)));
  }

  /** The store beneath, which logs nothing, and one entry logged through it under this person's name. */
  quietly(): { store: Store; log: (change: Omit<Entry, 'user' | 'userId' | 'at'>) => Promise<void> } {
    return { store: this.inner, log: (change) => logEntry(this.inner, { ...change, ...this.who, at: this.now() }) };
  }
}

/**
 * For a write whose entry says less than its fields (a survey listing: what it is, not its
 * thousands of stations): the store to write through without an entry, and how to log one's own;
 * undefined when the store keeps no log for a person.
 */
export function loggedBy(store: Store) {
  return store instanceof RecordingStore ? store.quietly() : undefined;
}

/** The app's store, able to keep the operation log for the person an endpoint serves. */
export class HistoryStore extends StoreProxy {
  constructor(
    inner: Store,
    private now: () => Date,
  ) {
    super(inner);
  }

  /** This store, with every write logged under that person's name. */
  by(person: Person): Store {
    return new RecordingStore(this.inner, person, this.now);
  }
}

/** The store keeping the operation log, when the schemas have its resource; else the store as it is. */
export function keepHistory(store: Store, registry: Registry, now: () => Date = () => new Date()): Store {
  return registry.resources[OPERATION_LOG] ? new HistoryStore(store, now) : store;
}

/** The store a person writes through: its writes are logged under their account and name (none without a name). */
export function asPerson(store: Store, person: Person | undefined): Store {
  return store instanceof HistoryStore && person?.name ? store.by(person) : store;
}
