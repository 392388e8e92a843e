// Every write of a record, whatever call makes it, goes through this service, in this order and
// inside one store transaction:
//   1. validate  the record as it would be: against its schema, or the form it was filled in with
//                (the `validate` hook); a closed record (`x-resource.lock`) is refused first
//   2. compute   its derived values (kernel/schema/derive.ts), those its guard works out from other
//                records (`derive`: a calibration's next due date) and the fields it copies from its
//                parent; closing or reopening a locked record (lock.ts closingValues)
//   3. check     references, dictionary values, unique fields and assignments (relations.ts), and
//                the resource's guards (the menu and roles: access/guards.ts; the instrument
//                lifecycle: fleet/lifecycle.ts)
//   4. write     insert, update (at the version the person read, when given) or delete (with the
//                child records that go with it)
//   5. follow    the parents' totals, the children's copies and the followers (hours, status,
//                trajectories, the names members show of their parent)
//   6. log       the operation log, under the person's name, in the same transaction
//                (history/recorder.ts); a write may log a summary of itself instead (`logAs`)
//   7. after     once committed: the files the record names attached, and what hooks and
//                followers asked for (a cache forgotten, people notified: changes.ts afterCommitOf)
// and answers the record with the other records the write changed (`changed`), so a client can
// read them again. A call that writes several records (an assignment: its rows and its members)
// runs its writes through one `Writer` in one transaction; a refusal anywhere undoes them all.
// Rules that apply to every write of a resource belong in its guard (checkWrite, checkRemove,
// afterRemove); rules of one kind of call, in the hooks that call passes.
import { Code, type CodeValue } from '../../kernel/contract/codes';
import type { UserInfo } from '../../kernel/contract/user-info';
import { derive } from '../../kernel/schema/derive';
import type { Registry } from '../../kernel/schema/registry';
import type { ResourceSchema } from '../../kernel/schema/types';
import type { FieldError, RecordValidator } from '../../kernel/schema/validation';
import { compact, stripReadOnly } from '../../kernel/schema/write-schema';
import type { Facts, WriteGuard } from '../access/guards';
import type { AppContext } from '../context';
import type { RecordFiles } from '../files/record-files';
import { type Entry, asPerson, loggedBy } from '../history/recorder';
import type { Language, Translate } from '../http/messages';
import type { Relations } from '../resources/relations';
import type { Row, Store } from '../store/types';
import { type Changed, ChangeTracker } from './changes';
import { closingValues, lockErrors } from './lock';
import { MADE_FROM, madeFromRecords } from './made-from';

export type { Changed };

/** Who writes, and in which language refusals are told. */
export interface Actor {
  user?: Pick<UserInfo, 'name' | 'roles' | 'username'> & { id?: number };
  t: Translate;
  language: Language;
}

export const actorOf = (c: AppContext): Actor => ({ user: c.get('user'), t: c.get('t'), language: c.get('language') });

/** Why a write was refused; nothing was written. */
export type Refusal =
  | { status: 'invalid'; errors: FieldError[] }
  | { status: 'missing'; resource: string; ids: number[] }
  | { status: 'conflict'; resource: string; current: Row }
  | { status: 'refused'; code: CodeValue; message: string; errors?: FieldError[]; data?: unknown };

export type Outcome<T> = { status: 'ok'; value: T; changed: Changed[] } | Refusal;

/** Thrown inside a write's transaction to undo it and answer the refusal. */
export class WriteRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`write refused: ${refusal.status}`);
  }
}

/** The record as it would be after an update, from its stored fields (read-only ones left out). */
export type Change = Record<string, unknown> | ((stored: Record<string, unknown>) => Record<string, unknown>);

/** What one write asks beyond the common steps. */
export interface WriteHooks {
  /** Step 1 instead of the schema check: a form's own rules (the record is the one about to be computed). */
  validate?(tx: Store, record: Record<string, unknown>, existing: Row | undefined): Promise<FieldError[]> | FieldError[];
  /**
   * The server's own values (an instrument's status and well when it is assigned): written as
   * given, not validated or computed as a person's input.
   */
  asGiven?: boolean;
  /** Why the server makes this change (`assigned`): the guards are told, and the log's entry keeps it. */
  cause?: string;
  /** Values the server sets itself (a time of import), over the input once it is validated. */
  set?: Record<string, unknown>;
  /** The version the person read: an update of a record changed since is refused (step 4). */
  version?: number;
  /** What the log keeps of the record instead of its fields (a survey listing without its stations). */
  logAs?(row: Row): Row;
  /** Written without an entry of its own: one entry of the caller's covers it (an import's records). */
  unlogged?: boolean;
}

/** The steps of a transaction's writes, each run whole; a refusal throws WriteRefused. */
export interface Writer {
  /** The transaction's store, for reads (and the writes of followers). */
  readonly tx: Store;
  readonly actor: Actor;
  create(resource: string, input: Record<string, unknown>, hooks?: WriteHooks): Promise<Row>;
  /**
   * As `create`, but a record refused by its checks (steps 1 to 3, before anything of it is
   * written) answers the errors instead of undoing the transaction, which goes on: one bad row of
   * an import does not stop the others.
   */
  tryCreate(resource: string, input: Record<string, unknown>, hooks?: WriteHooks): Promise<{ row: Row } | { errors: FieldError[] }>;
  update(resource: string, id: number, change: Change, hooks?: WriteHooks): Promise<Row>;
  remove(resource: string, ids: number[], hooks?: Pick<WriteHooks, 'cause'>): Promise<void>;
  /** Undoes the transaction and answers this refusal. */
  refuse(refusal: Refusal): never;
  /** Runs once the transaction has committed (files, caches, notifications). */
  afterCommit(work: () => Promise<void> | void): void;
}

/** The steps of a write another store keeps (see `outside`). */
export interface OutsideWrite<T> {
  /** Steps 1 and 3: why it may not be made, if so. */
  check?(): Promise<Refusal | undefined>;
  /** Step 4, in the other store's own transaction. */
  write(): Promise<{ value: T } | { refused: Refusal }>;
  /** Step 6: the operation log's entries it leaves. */
  logged(value: T): Omit<Entry, 'user' | 'at'>[];
  /** Step 7: what follows once it is written. */
  after?(value: T): Promise<unknown>;
}

export interface WriteServiceDeps {
  registry: Registry;
  /** The app's store: a person's writes are logged through it (history/recorder.ts). */
  store: Store;
  validator: RecordValidator;
  relations: Relations;
  /** What some resources refuse beyond their schemas, by resource. */
  guards?: Record<string, WriteGuard>;
  /** The files of upload fields (when the app takes uploads): checked before a write, attached after it. */
  files?: RecordFiles;
  now?: () => Date;
}

const others = (changed: Changed[], resource: string, ids: number[]) =>
  changed.filter((c) => !(c.resource === resource && ids.includes(c.id)));

export function createWriteService({
  registry,
  store,
  validator,
  relations,
  guards = {},
  files,
  now = () => new Date(),
}: WriteServiceDeps) {
  const schemaOf = (resource: string): ResourceSchema => registry.resources[resource];
  const made = madeFromRecords(registry);

  /** The writer of one transaction: `logged` logs under the person's name, `tx` notes what changed. */
  function writerOf(tx: ChangeTracker, logged: Store, actor: Actor, facts: Map<string, Facts | undefined>, after: (() => unknown)[]) {
    const context = { language: actor.language, t: actor.t };
    const refuse = (refusal: Refusal): never => {
      throw new WriteRefused(refusal);
    };
    const factsOf = (resource: string) => {
      const guard = guards[resource];
      // Read before the transaction (on SQLite it holds the only connection): a guard that needs them must be named up front.
      if (guard?.prepare && !facts.has(resource)) throw new Error(`the ${resource} guard's facts were not prepared for this write`);
      return facts.get(resource);
    };
    /** Step 2's values the resource's guard works out from other records, over the record's own. */
    async function derivedFrom(resource: string, record: Record<string, unknown>, existing: Row | undefined) {
      const values = await guards[resource]?.derive?.(tx, record, existing);
      return values ? { ...record, ...values } : record;
    }
    /** Step 3: the relations' checks and the resource's guard. */
    async function check(resource: string, record: Record<string, unknown>, existing: Row | undefined, hooks: WriteHooks) {
      const errors = [
        ...(await relations.checkWrite(tx, resource, record, existing, context)),
        ...((await guards[resource]?.checkWrite?.(tx, record, existing, actor.t, factsOf(resource), hooks.cause, actor)) ?? []),
      ];
      if (errors.length > 0) refuse({ status: 'invalid', errors });
    }
    /** Steps 4 and 6 for a write logged as a summary: written beneath the log, its own entry logged. */
    const summarized = (hooks: WriteHooks) => {
      const quiet = hooks.logAs && loggedBy(logged);
      if (!quiet || !hooks.logAs) return undefined;
      const logAs = hooks.logAs;
      return {
        store: tx.alongside(quiet.store),
        log: (change: Omit<Entry, 'user' | 'at' | 'before' | 'after'>, before: Row | undefined, after: Row | undefined) =>
          quiet.log({ ...change, before: before && logAs(before), after: after && logAs(after) }),
      };
    };

    /** The resource's own follow-up with the writer, if it has one, and the record as it then is. */
    const followed = async (resource: string, row: Row, existing: Row | undefined): Promise<Row> => {
      const after = guards[resource]?.afterWrite;
      if (!after) return row;
      await after(writer, row, existing);
      return (await tx.get(resource, row.id)) ?? row;
    };

    /** Steps 1 to 3 of a create: the record as it will be written, or a refusal thrown. */
    async function prepareCreate(resource: string, input: Record<string, unknown>, hooks: WriteHooks) {
      const schema = schemaOf(resource);
      // 1. validate
      const problems = hooks.validate
        ? await hooks.validate(tx, input, undefined)
        : hooks.asGiven
          ? []
          : validator.check(resource, input, actor.language, actor.t, now());
      if (problems.length > 0) refuse({ status: 'invalid', errors: problems });
      // 2. compute
      const computed = await derivedFrom(
        resource,
        closingValues(schema, actor, undefined, derive(schema, compact({ ...input, ...hooks.set }, schema), undefined, now())),
        undefined,
      );
      const outOfRange = validator.checkComputed(resource, computed, actor.language, actor.t);
      if (outOfRange.length > 0) refuse({ status: 'invalid', errors: outOfRange });
      const record = await relations.fillFromParent(tx, resource, computed);
      // 3. check
      await check(resource, record, undefined, hooks);
      return record;
    }

    /** Steps 4 to 7 of a create. */
    async function insertCreated(resource: string, record: Record<string, unknown>, hooks: WriteHooks): Promise<Row> {
      // 4. write (6. logged by the person's store, here as a summary, or not at all)
      const quiet = summarized(hooks);
      const beneath = hooks.unlogged ? loggedBy(logged) : undefined;
      const row = await (quiet?.store ?? (beneath ? tx.alongside(beneath.store) : tx)).insert(resource, record);
      await quiet?.log({ resource, action: 'create', record: row.id }, undefined, row);
      // 5. follow
      await relations.afterWrite(tx, resource, row, undefined);
      await made.follow(writer, resource, row);
      if (files) writer.afterCommit(() => files.afterWrite(resource, row));
      return followed(resource, row, undefined);
    }

    const writer: Writer = {
      tx,
      actor,
      refuse,
      afterCommit: (work) => void after.push(work),

      async create(resource, input, hooks = {}) {
        return insertCreated(resource, await prepareCreate(resource, input, hooks), hooks);
      },

      async tryCreate(resource, input, hooks = {}) {
        let record: Record<string, unknown>;
        try {
          record = await prepareCreate(resource, input, hooks);
        } catch (error) {
          if (error instanceof WriteRefused && error.refusal.status === 'invalid') return { errors: error.refusal.errors };
          throw error;
        }
        return { row: await insertCreated(resource, record, hooks) };
      },

      async update(resource, id, change, hooks = {}) {
        const schema = schemaOf(resource);
        const existing = await tx.get(resource, id);
        if (!existing) return refuse({ status: 'missing', resource, ids: [id] });
        const { id: _id, version: _version, ...stored } = existing;
        let record: Record<string, unknown>;
        if (hooks.asGiven) {
          // The server's own change: its values are written as they are.
          record = typeof change === 'function' ? change(stored) : { ...stored, ...change };
        } else {
          // 1. validate
          const kept = stripReadOnly(schema, stored);
          const merged = typeof change === 'function' ? change(kept) : { ...kept, ...change };
          const closed = lockErrors(schema, actor, resource, existing, merged);
          if (closed.length > 0) refuse({ status: 'invalid', errors: closed });
          const decided = hooks.cause === MADE_FROM ? [] : await made.editErrors(tx, resource, merged, existing, actor.t);
          if (decided.length > 0) refuse({ status: 'invalid', errors: decided });
          const problems = hooks.validate
            ? await hooks.validate(tx, merged, existing)
            : validator.check(resource, merged, actor.language, actor.t, now());
          if (problems.length > 0) refuse({ status: 'invalid', errors: problems });
          // 2. compute
          record = await derivedFrom(
            resource,
            closingValues(schema, actor, existing, derive(schema, compact({ ...merged, ...hooks.set }, schema), existing, now())),
            existing,
          );
          const outOfRange = validator.checkComputed(resource, record, actor.language, actor.t);
          if (outOfRange.length > 0) refuse({ status: 'invalid', errors: outOfRange });
        }
        record = await relations.fillFromParent(tx, resource, record);
        // 3. check
        await check(resource, record, existing, hooks);
        // 4. write (6. logged by the person's store, or here as a summary)
        const quiet = summarized(hooks);
        const written = await (quiet?.store ?? tx).update(resource, id, record, hooks.version, hooks.cause ? { cause: hooks.cause } : {});
        if (written.status === 'missing') return refuse({ status: 'missing', resource, ids: [id] });
        if (written.status === 'conflict') return refuse({ status: 'conflict', resource, current: written.current });
        await quiet?.log({ resource, action: 'update', record: id }, existing, written.row);
        // 5. follow
        await relations.afterWrite(tx, resource, written.row, existing);
        await made.follow(writer, resource, written.row);
        if (files) writer.afterCommit(() => files.afterWrite(resource, written.row));
        return followed(resource, written.row, existing);
      },

      async remove(resource, ids, hooks = {}) {
        // 3. check
        const guard = guards[resource];
        const why =
          (hooks.cause === MADE_FROM ? undefined : await made.removeRefusal(tx, resource, ids, actor.t)) ??
          (await guard?.checkRemove?.(tx, ids, actor.t, factsOf(resource)));
        if (why) refuse({ status: 'refused', code: Code.inUse, message: why });
        // What they changed elsewhere is undone first (guards.ts beforeRemove), and the records made from these go (a trip's runs).
        await guard?.beforeRemove?.(writer, ids);
        await made.removeMade(writer, resource, ids);
        // 4. write, 5. follow (inside relations.remove: children first, then the totals and followers)
        const removed = await relations.remove(tx, resource, ids, context);
        if ('refused' in removed) return refuse({ status: 'refused', code: removed.code, message: removed.refused });
        if (removed.missing.length > 0) return refuse({ status: 'missing', resource, ids: removed.missing });
        await guard?.afterRemove?.(tx, ids);
        if (files) writer.afterCommit(() => files.afterRemove(resource, ids));
      },
    };
    return writer;
  }

  /**
   * Runs `work` in one transaction, its writes logged under the actor's name. `resources` names
   * the resources it writes whose guards read facts beforehand (the roles: how many accounts
   * hold each), read here before the transaction begins.
   */
  async function transaction<T>(actor: Actor, work: (writer: Writer) => Promise<T>, resources: string[] = []): Promise<Outcome<T>> {
    const facts = new Map<string, Facts | undefined>();
    for (const resource of resources) if (guards[resource]?.prepare) facts.set(resource, await guards[resource].prepare!());
    const after: (() => unknown)[] = [];
    try {
      const { value, changed } = await asPerson(store, actor.user).transaction(async (logged) => {
        after.length = 0; // a transaction PostgreSQL retries starts over
        const tx = new ChangeTracker(logged, new Map(), after);
        const value = await work(writerOf(tx, logged, actor, facts, after));
        return { value, changed: tx.changed() };
      });
      for (const work of after) await work();
      return { status: 'ok', value, changed };
    } catch (error) {
      if (error instanceof WriteRefused) return error.refusal;
      throw error;
    }
  }

  /** Step 0, outside the transaction: the files a person's input names (the upload index may not be read inside it on SQLite). */
  async function fileErrors(actor: Actor, resource: string, input: Record<string, unknown>, id?: number): Promise<Refusal | undefined> {
    if (!files || !actor.user) return undefined;
    const errors = await files.check(resource, input, id, actor.user, actor.t);
    return errors.length > 0 ? { status: 'invalid', errors } : undefined;
  }

  /**
   * A write kept by another store than the records' (the accounts, with their passwords and
   * sessions): checked, written in that store's own transaction, logged in the operation log
   * under the actor's name, then what follows it (people notified).
   */
  async function outside<T>(actor: Actor, write: OutsideWrite<T>): Promise<Outcome<T>> {
    const refused = await write.check?.();
    if (refused) return refused;
    const written = await write.write();
    if ('refused' in written) return written.refused;
    const entries = write.logged(written.value);
    if (entries.length > 0)
      await asPerson(store, actor.user).transaction(async (logged) => {
        const log = loggedBy(logged)?.log;
        for (const entry of entries) await log?.(entry);
      });
    await write.after?.(written.value);
    return { status: 'ok', value: written.value, changed: [] };
  }

  /** The outcome of one record's write, with the other records it changed. */
  const alone = (outcome: Outcome<Row>, resource: string): Outcome<Row> =>
    outcome.status === 'ok' ? { ...outcome, changed: others(outcome.changed, resource, [outcome.value.id]) } : outcome;

  return {
    transaction,
    outside,
    /** Adds a record. */
    async create(actor: Actor, resource: string, input: Record<string, unknown>, hooks?: WriteHooks): Promise<Outcome<Row>> {
      const files = await fileErrors(actor, resource, input);
      if (files) return files;
      return alone(await transaction(actor, (w) => w.create(resource, input, hooks), [resource]), resource);
    },
    /** Changes a record: `change` holds the fields sent (or makes the record from its stored fields). */
    async update(actor: Actor, resource: string, id: number, change: Change, hooks?: WriteHooks): Promise<Outcome<Row>> {
      const files = typeof change === 'function' ? undefined : await fileErrors(actor, resource, change, id);
      if (files) return files;
      return alone(await transaction(actor, (w) => w.update(resource, id, change, hooks), [resource]), resource);
    },
    /** Deletes records, with the child records that go with them, or none. */
    async remove(actor: Actor, resource: string, ids: number[]): Promise<Outcome<number[]>> {
      const outcome = await transaction(actor, (w) => w.remove(resource, ids).then(() => ids), [resource]);
      return outcome.status === 'ok' ? { ...outcome, changed: others(outcome.changed, resource, ids) } : outcome;
    },
  };
}

export type WriteService = ReturnType<typeof createWriteService>;
