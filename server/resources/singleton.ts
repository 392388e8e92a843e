// The two calls of a resource of one record (`x-resource.singleton`: the system parameters).
// `info` answers the record with every field it never saved at the schema's default, so a fresh
// database has working values; `update` checks the record as it would be and stores it, creating
// it on the first save. Versions work as everywhere: before the first save the record answers
// version 0, and an update sent with a version that is no longer the stored one is refused.
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { flattenRecord } from '../../kernel/forms/record-form';
import { withDefaults } from '../../kernel/schema/derive';
import { SINGLETON_ID, UNSAVED_VERSION } from '../../kernel/schema/singleton';
import type { ResourceSchema } from '../../kernel/schema/types';
import type { RecordValidator } from '../../kernel/schema/validation';
import { stripReadOnly } from '../../kernel/schema/write-schema';
import { type AppContext, fail, ok } from '../context';
import { answerWrite } from '../write/answer';
import { type WriteService, actorOf } from '../write/service';
import type { Api, OperationDoc } from '../http/endpoints';
import { readJson, refuseBody } from '../http/request';
import { ref } from './docs';
import type { Row, Store } from '../store/types';

/** The stored record, if it was ever saved (the first, should a race have left two). */
async function storedRow(store: Store, name: string): Promise<Row | undefined> {
  const [id] = await store.findIds(name, []);
  return id === undefined ? undefined : store.get(name, id);
}

/** The record as answered: stored values over the defaults, under the one id, at its version (0 before any save). */
function answered(schema: ResourceSchema, row: Row | undefined): Row {
  const fields = row ? stripReadOnly(schema, row) : {};
  return { ...withDefaults(schema, fields), id: SINGLETON_ID, version: row?.version ?? UNSAVED_VERSION };
}

/** The one record of a singleton resource, defaults filled in. */
export async function readSingleton(store: Store, name: string, schema: ResourceSchema): Promise<Row> {
  return answered(schema, await storedRow(store, name));
}

export interface SingletonDeps {
  store: Store;
  /** Where the update goes (server/write/service.ts). */
  writes: WriteService;
  validator: RecordValidator;
  /** Told after every stored update (the parameters' cache on this instance). */
  onWrite?: (name: string) => void;
}

function singletonDoc(kind: 'info' | 'update', name: string): OperationDoc {
  if (kind === 'info') {
    return {
      tags: [name],
      summary: `The ${name} record (one for the whole system)`,
      description: 'A field never saved answers its default; version 0 until the first save.',
      data: ref(name),
    };
  }
  return {
    tags: [name],
    summary: `Edit the ${name} record`,
    description: `Fields not sent keep their value (or default). Send the version you read (0 before the first save): a stale one is refused with ${Code.conflict}.`,
    body: ref(`${name}Patch`),
    bodyIsJson: true,
    data: ref(name),
    codes: [Code.invalidInput, Code.conflict],
  };
}

export function registerSingleton(api: Api, name: string, schema: ResourceSchema, deps: SingletonDeps) {
  const { store, writes, validator, onWrite } = deps;
  const { info, update } = schema['x-resource'].endpoints;

  if (info) {
    api.on({ method: info.method, path: info.path, access: { resource: name }, doc: singletonDoc('info', name) }, async (c) =>
      ok(c, flattenRecord(schema, await readSingleton(store, name, schema))),
    );
  }
  if (!update) return;
  api.on(
    { method: update.method, path: update.path, access: { resource: name }, doc: singletonDoc('update', name) },
    async (c: AppContext) => {
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const { version: givenVersion, ...fields } = read.body;
      // Absent or null: overwrite whatever is stored.
      const version = typeof givenVersion === 'number' ? parseInteger(givenVersion, { min: 0 }) : undefined;
      if (givenVersion !== undefined && givenVersion !== null && version === undefined)
        return fail(c, Code.invalidInput, c.get('t')('server.bad_version'));
      const outcome = await writes.transaction(
        actorOf(c),
        async (w) => {
          const existing = await storedRow(w.tx, name);
          const current = answered(schema, existing);
          // The body is checked as sent: an id (the record has none to choose) is refused like any field it may not set.
          const merged = { ...stripReadOnly(schema, current), ...fields };
          w.afterCommit(() => onWrite?.(name));
          if (existing) return w.update(name, existing.id, () => merged, { version });
          // Saved by nobody yet: a version other than 0 was read elsewhere. Said once the record itself is valid.
          const stale = version !== undefined && version !== UNSAVED_VERSION;
          return w.create(name, merged, {
            validate: (_tx, record) => {
              const errors = validator.check(name, record, w.actor.language, w.actor.t);
              return errors.length === 0 && stale ? w.refuse({ status: 'conflict', resource: name, current }) : errors;
            },
          });
        },
        [name],
      );
      const others = outcome.status === 'ok' ? { ...outcome, changed: outcome.changed.filter((c) => c.resource !== name) } : outcome;
      return answerWrite(c, others, (row) => flattenRecord(schema, answered(schema, row)), 'server.edited', {
        conflictData: (current) => answered(schema, current as Row),
      });
    },
  );
}
