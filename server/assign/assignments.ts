// The two calls of every assignment collection (`x-resource.assign`, see AssignSpec): `add`
// assigns members to a parent (a well's instruments and people), `remove` takes them off. An
// assignment row is current until its `until` is stamped; it is never deleted here, so the rows
// are the history. Each call runs in one store transaction and writes nothing when it refuses.
import { Code, type CodeValue } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { MAX_IDS, echo } from '../../kernel/contract/limits';
import { type AssignmentCollection, assignmentCollections, isCurrent, memberFieldText, representation } from '../../kernel/schema/assign';
import { type Warning, certificateWarnings, neededUntil, requiredKinds, valueWarnings } from '../../kernel/schema/assign-reason';
import { isClosed, releaseStamp } from '../../kernel/schema/close';
import { DICTIONARY } from '../../kernel/schema/dictionary';
import type { Condition } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { resolve } from '../../kernel/schema/registry';
import { closedText } from './close';
import { type AssignKind, assignDoc } from './docs';
import { type AppContext, fail, ok } from '../context';
import type { Follower } from '../resources/relations';
import { refusalAnswer } from '../write/answer';
import { type Outcome as WriteOutcome, type WriteService, type Writer, actorOf } from '../write/service';
import type { Api } from '../http/endpoints';
import type { Language, Translate } from '../http/messages';
import { readJson, refuseBody } from '../http/request';
import type { Row, Store } from '../store/types';
import type { MayDo } from '../access/role-permissions';
import { type UnfitOf, unfitText } from '../fleet/gates';

interface Context {
  language: Language;
  t: Translate;
}

/** A call's body, read: the parent's id, the members' ids, whether to move members, and why (when the collection asks). */
interface AssignCall {
  parentId: number;
  memberIds: number[];
  move: boolean;
  reason?: string;
}

/** A member that needs a reason to be assigned, and why, for the console to ask. */
export interface ReasonNeeded {
  member: number;
  memberName: string;
  warnings: (Warning & { text: string })[];
}

/** Records that do not exist: the parent, or the listed members. */
type NotFound = { notFound: { resource: string; ids: number[] } };

type Outcome = { done: number } | NotFound | { refused: { code: CodeValue; messages: string[]; field?: string; data?: unknown } };

/** Every record of a resource meeting the conditions (an assignment history is small). */
const rowsOf = (store: Store, resource: string, conditions: Condition[]) =>
  store.list(resource, { conditions, sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100_000 }).then((r) => r.rows);

/** What the fitness gate reads (server/fleet/gates.ts): why an instrument is unfit, and what a role may do. */
export interface AssignGates {
  unfit: UnfitOf;
  mayDo: MayDo;
}

export function createAssignments(registry: Registry, now: () => Date = () => new Date(), gates?: AssignGates) {
  const collections = assignmentCollections(registry);

  const resourceName = (resource: string, { t, language }: Context) =>
    t(`resources.${resource}.name`, { smart_count: 1, _: resource }).toLocaleLowerCase(language);
  const nameOf = (resource: string, row: Record<string, unknown>) => representation(registry, resource, row);

  /** How a member's value is shown: its enum or option label in the reader's language. */
  function valueLabel(resource: string, field: string, value: unknown, t: Translate): string {
    const schema = registry.resources[resource];
    const prop = schema.properties?.[field] && resolve(schema, schema.properties[field]);
    const list = prop?.['x-options'];
    return list
      ? t(`options.${list}.${value}`, { _: String(value) })
      : t(`resources.${resource}.enums.${field}.${value}`, { _: String(value) });
  }

  /** The current assignments of these members, in any parent of this collection. */
  async function currentOf(tx: Store, { resource, spec }: AssignmentCollection, memberIds: number[]): Promise<Row[]> {
    if (memberIds.length === 0) return [];
    const rows = await rowsOf(tx, resource, [{ field: spec.member, op: 'in', value: memberIds }]);
    return rows.filter((row) => isCurrent(row, spec));
  }

  /** How a member's new values are written: through the writer in a call, straight to the store when following a rename. */
  type PutMember = (member: Row, values: Record<string, unknown>, cause: string | undefined) => Promise<void>;

  /**
   * Writes `changes` and the recomputed `memberField` to a member read fresh, bumping its version;
   * nothing is written when nothing would change.
   */
  async function writeMember(
    tx: Store,
    collection: AssignmentCollection,
    memberId: number,
    changes: Record<string, unknown>,
    put: PutMember,
    cause?: 'assigned' | 'removed' | 'released',
  ) {
    const { spec, parent } = collection;
    const member = await tx.get(spec.member, memberId);
    if (!member) return;
    const next: Record<string, unknown> = { ...changes };
    if (spec.memberField) {
      const parentIds = [...new Set((await currentOf(tx, collection, [memberId])).map((row) => row[parent.field] as number))];
      const names: string[] = [];
      for (const id of parentIds) {
        const row = await tx.get(parent.resource, id);
        if (row) names.push(nameOf(parent.resource, row));
      }
      const schema = registry.resources[spec.member];
      const maxLength = schema.properties?.[spec.memberField]?.maxLength;
      next[spec.memberField] = memberFieldText(names, maxLength) ?? null;
    }
    const absent = (value: unknown) => value === undefined || value === null;
    const changed = Object.entries(next).some(([field, value]) => (absent(value) ? !absent(member[field]) : member[field] !== value));
    if (!changed) return;
    // The operation log says why the member changed (assigned, removed) when its status did.
    await put(member, next, cause && Object.keys(changes).length > 0 ? cause : undefined);
  }

  /** A member written in a call: the server's own values, through the write service's steps. */
  const putThrough =
    (w: Writer, resource: string): PutMember =>
    async (member, values, cause) => {
      await w.update(resource, member.id, values, { asGiven: true, cause, version: member.version });
    };

  /** A member written after its parent was renamed, by the follower: only its parent's name changes. */
  const putStraight =
    (tx: Store, resource: string): PutMember =>
    async (member, values, cause) => {
      const { id, version, ...fields } = member;
      const result = await tx.update(resource, id, { ...fields, ...values }, version, cause ? { cause } : {});
      // Read in this same transaction: a conflict cannot happen unless the store is broken.
      if (result.status !== 'ok') throw new Error(`${resource} ${id}: ${result.status} while writing its assignment`);
    };

  /** Stamps `until` on assignment rows: they stay as history. */
  async function end(w: Writer, { resource, spec }: AssignmentCollection, rows: Row[], stamp: string) {
    for (const row of rows) await w.update(resource, row.id, {}, { set: { [spec.until]: stamp } });
  }

  /** The parent and the members, or which of them do not exist. */
  async function readParties(
    tx: Store,
    { spec, parent }: AssignmentCollection,
    call: AssignCall,
  ): Promise<NotFound | { parentRow: Row; members: Row[] }> {
    const parentRow = await tx.get(parent.resource, call.parentId);
    if (!parentRow) return { notFound: { resource: parent.resource, ids: [call.parentId] } };
    const members: Row[] = [];
    const missing: number[] = [];
    for (const id of call.memberIds) {
      const row = await tx.get(spec.member, id);
      if (row) members.push(row);
      else missing.push(id);
    }
    if (missing.length > 0) return { notFound: { resource: spec.member, ids: missing } };
    return { parentRow, members };
  }

  /** The members that need a reason to be assigned to this parent, each with why, in the reader's language. */
  async function reasonsNeeded(tx: Store, { spec }: AssignmentCollection, parentRow: Row, members: Row[], t: Translate) {
    const reason = spec.reason!;
    const certs = reason.certificates;
    const today = now().toISOString().slice(0, 10);
    const needed: ReasonNeeded[] = [];
    for (const member of members) {
      const warnings = valueWarnings(reason, member);
      if (reason.fitness && gates)
        warnings.push(...(await gates.unfit(tx, member.id, now())).map((u) => ({ kind: 'unfit' as const, ...u })));
      if (certs) {
        const required = requiredKinds(await dictionaryValue(tx, certs.list, member[certs.by]));
        const ownerField = registry.resources[certs.resource]['x-resource'].parent!.field;
        const held = required.length > 0 ? await rowsOf(tx, certs.resource, [{ field: ownerField, op: 'eq', value: member.id }]) : [];
        warnings.push(...certificateWarnings(certs, required, held, neededUntil(parentRow[certs.until], today)));
      }
      if (warnings.length === 0) continue;
      const memberName = nameOf(spec.member, member);
      const text = (w: Warning) =>
        w.kind === 'value'
          ? t('server.assign_reason.value', { member: memberName, value: valueLabel(spec.member, w.field, w.value, t) })
          : w.kind === 'unfit'
            ? unfitText(t, memberName, w)
            : t(`server.assign_reason.${w.kind === 'expires' && w.expires < today ? 'expired' : w.kind}`, {
                member: memberName,
                certificate: valueLabel(certs!.resource, certs!.kind, w.certificate, t),
                ...(w.kind === 'expires' && { expires: w.expires, until: w.until }),
              });
      needed.push({ member: member.id, memberName, warnings: warnings.map((w) => ({ ...w, text: text(w) })) });
    }
    return needed;
  }

  /** The `value` of the enabled item `key` of the data dictionary list `code`, if there is one. */
  async function dictionaryValue(tx: Store, code: string, key: unknown): Promise<unknown> {
    if (typeof key !== 'string' || !registry.resources[DICTIONARY.items]) return undefined;
    const [list] = await tx.findIds(DICTIONARY.lists, [{ field: 'code', op: 'eq', value: code }]);
    if (list === undefined) return undefined;
    const items = await rowsOf(tx, DICTIONARY.items, [
      { field: 'dictionary', op: 'eq', value: list },
      { field: 'key', op: 'eq', value: key },
    ]);
    return items.find((item) => item.enabled !== false)?.value;
  }

  async function add(w: Writer, collection: AssignmentCollection, call: AssignCall, context: Context): Promise<Outcome> {
    const { resource, spec, parent } = collection;
    const { t } = context;
    const { tx } = w;
    const parties = await readParties(tx, collection, call);
    if ('notFound' in parties) return parties;
    const { parentRow, members } = parties;
    const parentKind = resourceName(parent.resource, context);

    const refusals = members.flatMap((member) =>
      Object.entries(spec.refuse ?? {})
        .filter(([field, values]) => values.includes(member[field] as string | number))
        .map(([field]) =>
          t('server.assign_refused', {
            member: nameOf(spec.member, member),
            value: valueLabel(spec.member, field, member[field], t),
            parent: parentKind,
            here: nameOf(parent.resource, parentRow),
          }),
        ),
    );
    if (refusals.length > 0) return { refused: { code: Code.invalidInput, messages: refusals } };

    const closing = registry.resources[parent.resource]['x-resource'].close;
    if (closing && isClosed(parentRow, closing))
      return {
        refused: { code: Code.invalidInput, field: 'id', messages: [closedText(registry, parent.resource, parentRow, resource, t)] },
      };

    if (spec.reason) {
      const needed = await reasonsNeeded(tx, collection, parentRow, members, t);
      const { field, permission } = spec.reason;
      const texts = needed.flatMap((n) => n.warnings.map((w) => w.text));
      // A role that may not override is told so at once: no reason it gives would be taken.
      if (needed.length > 0 && permission && !(await gates?.mayDo(tx, w.actor.user?.roles ?? [], permission)))
        return { refused: { code: Code.invalidInput, field, messages: [...texts, t('server.assign_reason.not_allowed')] } };
      if (needed.length > 0 && call.reason === undefined)
        return {
          refused: { code: Code.invalidInput, field, messages: [...texts, t('server.assign_reason.needed')], data: { reasons: needed } },
        };
    }

    const current = await currentOf(tx, collection, call.memberIds);
    const here = new Set(current.filter((row) => row[parent.field] === call.parentId).map((row) => row[spec.member] as number));
    const elsewhere = spec.exclusive ? current.filter((row) => row[parent.field] !== call.parentId) : [];
    if (elsewhere.length > 0 && !call.move) {
      const data: unknown[] = [];
      const messages: string[] = [];
      for (const row of elsewhere) {
        const member = members.find((m) => m.id === row[spec.member])!;
        const other = await tx.get(parent.resource, row[parent.field] as number);
        const otherName = other ? nameOf(parent.resource, other) : `#${String(row[parent.field])}`;
        data.push({ member: member.id, memberName: nameOf(spec.member, member), parent: { id: row[parent.field], name: otherName } });
        messages.push(
          t('server.assigned_elsewhere', {
            member: nameOf(spec.member, member),
            parent: parentKind,
            name: otherName,
            here: nameOf(parent.resource, parentRow),
          }),
        );
      }
      return { refused: { code: Code.assignedElsewhere, messages, data } };
    }

    const stamp = now().toISOString();
    await end(w, collection, elsewhere, stamp);
    const fresh = call.memberIds.filter((id) => !here.has(id));
    for (const memberId of fresh)
      await w.create(
        resource,
        { [parent.field]: call.parentId, [spec.member]: memberId },
        { set: { [spec.since]: stamp, ...(spec.reason && call.reason !== undefined && { [spec.reason.field]: call.reason }) } },
      );
    const moved = new Set(elsewhere.map((row) => row[spec.member] as number));
    const put = putThrough(w, spec.member);
    for (const memberId of new Set([...fresh, ...moved])) await writeMember(tx, collection, memberId, spec.onAssign ?? {}, put, 'assigned');
    return { done: fresh.length };
  }

  async function remove(w: Writer, collection: AssignmentCollection, call: AssignCall, context: Context): Promise<Outcome> {
    const { spec, parent } = collection;
    const { tx } = w;
    const parties = await readParties(tx, collection, call);
    if ('notFound' in parties) return parties;
    const current = (await currentOf(tx, collection, call.memberIds)).filter((row) => row[parent.field] === call.parentId);
    const assigned = new Set(current.map((row) => row[spec.member] as number));
    const strays = parties.members.filter((member) => !assigned.has(member.id));
    if (strays.length > 0) {
      const parentKind = resourceName(parent.resource, context);
      const messages = strays.map((member) =>
        context.t('server.not_on_parent', {
          member: nameOf(spec.member, member),
          parent: parentKind,
          name: nameOf(parent.resource, parties.parentRow),
        }),
      );
      return { refused: { code: Code.invalidInput, messages } };
    }
    await end(w, collection, current, now().toISOString());
    // A member still on another parent (a person on two wells) keeps what its assignment set.
    const stillAssigned = new Set((await currentOf(tx, collection, call.memberIds)).map((row) => row[spec.member] as number));
    const put = putThrough(w, spec.member);
    for (const memberId of call.memberIds)
      await writeMember(tx, collection, memberId, stillAssigned.has(memberId) ? {} : (spec.onRemove ?? {}), put, 'removed');
    return { done: assigned.size };
  }

  /** The body read strictly: only `id`, the ids list and (to add, when exclusive) `move`. */
  function readCall(
    c: AppContext,
    kind: AssignKind,
    collection: AssignmentCollection,
    body: Record<string, unknown>,
  ): AssignCall | Response {
    const { spec, parent } = collection;
    const t = c.get('t');
    const allowed = [
      'id',
      spec.idsParam,
      ...(kind === 'add' && spec.exclusive ? ['move'] : []),
      ...(kind === 'add' && spec.reason ? [spec.reason.field] : []),
    ];
    const extra = Object.keys(body).filter((key) => !allowed.includes(key));
    const refuse = (field: string, message: string) => fail(c, Code.invalidInput, message, { errors: [{ field, message }] });
    if (extra.length > 0) {
      const fields = extra.slice(0, 5).map(echo).join(', ');
      return refuse(echo(extra[0]), t('server.unknown_fields', { fields, allowed: allowed.join(', ') }));
    }
    const parentId = typeof body.id === 'number' ? parseInteger(body.id) : undefined;
    if (parentId === undefined)
      return refuse('id', t('server.bad_assign_id', { parent: resourceName(parent.resource, { t, language: c.get('language') }) }));
    const raw = body[spec.idsParam];
    const ids = Array.isArray(raw) && raw.every((id) => typeof id === 'number') ? raw.map((id) => parseInteger(id)) : [];
    const valid = ids.length >= 1 && ids.length <= MAX_IDS && ids.every((id) => id !== undefined) && new Set(ids).size === ids.length;
    if (!valid) return refuse(spec.idsParam, t('server.bad_member_ids', { param: spec.idsParam, max: MAX_IDS }));
    if (body.move !== undefined && typeof body.move !== 'boolean') return refuse('move', t('server.bad_move'));
    const reasonField = spec.reason?.field ?? 'reason';
    const reasonMax = spec.reason && registry.resources[collection.resource].properties?.[spec.reason.field]?.maxLength;
    const reason = readReason(body[reasonField], reasonMax);
    if (reason === false) return refuse(reasonField, t('server.assign_reason.bad', { field: reasonField, max: reasonMax ?? REASON_MAX }));
    return { parentId, memberIds: ids as number[], move: body.move === true, reason };
  }

  function answer(c: AppContext, kind: AssignKind, written: WriteOutcome<number>): Response {
    if (written.status !== 'ok') return refusalAnswer(c, written);
    const t = c.get('t');
    const data = kind === 'add' ? { assigned: written.value } : { removed: written.value };
    return ok(c, data, t(kind === 'add' ? 'server.assigned' : 'server.unassigned'), written.changed);
  }

  /**
   * Takes a member back from the parent it is on now, inside a write that goes on (an instrument
   * that failed downhole leaves its well for the repair shop); nothing when it is not on it.
   */
  async function takeBack(w: Writer, member: string, memberId: number, parentResource: string, parentId: number) {
    const collection = collections.find((c) => c.parent.resource === parentResource && c.spec.member === member);
    if (!collection) return;
    const onIt = (await currentOf(w.tx, collection, [memberId])).some((row) => row[collection.parent.field] === parentId);
    if (!onIt) return;
    const context = { language: w.actor.language, t: w.actor.t };
    await remove(w, collection, { parentId, memberIds: [memberId], move: false }, context);
  }

  return {
    takeBack,
    /** Declares the add and remove calls of every assignment collection. */
    register(api: Api, writes: WriteService) {
      for (const collection of collections) {
        const { resource, spec, parent } = collection;
        for (const kind of ['add', 'remove'] as const) {
          const endpoint = spec[kind];
          api.on(
            { method: endpoint.method, path: endpoint.path, access: { resource }, doc: assignDoc(kind, resource, spec, parent.resource) },
            async (c) => {
              const read = await readJson(c);
              if (!('body' in read)) return refuseBody(c, read);
              const call = readCall(c, kind, collection, read.body);
              if (call instanceof Response) return call;
              const context = { language: c.get('language'), t: c.get('t') };
              // A refusal found after a write began undoes it: nothing is written when the call refuses.
              const outcome = await writes.transaction(
                actorOf(c),
                async (w) => {
                  const done = await (kind === 'add' ? add : remove)(w, collection, call, context);
                  if ('notFound' in done) return w.refuse({ status: 'missing', ...done.notFound });
                  if ('refused' in done) {
                    const { code, messages, data, field = spec.idsParam } = done.refused;
                    const errors = messages.map((message) => ({ field, message }));
                    return w.refuse({ status: 'refused', code, message: messages.join('; '), errors, data });
                  }
                  return done.done;
                },
                [resource, spec.member],
              );
              return answer(c, kind, outcome);
            },
          );
        }
      }
    },

    refreshMemberFields,
    release,

    /** Follows the writes of parents whose members show their name (relations.ts Follower). */
    follower: {
      sources: [...new Set(collections.filter((c) => c.spec.memberField).map((c) => c.parent.resource))],
      async follow(tx, parentResource, changes) {
        for (const { row, previous } of changes) if (row && previous) await refreshMemberFields(tx, parentResource, row.id);
      },
    } satisfies Follower,
  };

  /**
   * After a parent record is written (a well renamed), inside the same transaction: the members
   * currently assigned to it get their `memberField` recomputed from its new name.
   */
  async function refreshMemberFields(tx: Store, parentResource: string, parentId: number) {
    for (const collection of collections) {
      if (collection.parent.resource !== parentResource || !collection.spec.memberField) continue;
      const rows = await rowsOf(tx, collection.resource, [{ field: collection.parent.field, op: 'eq', value: parentId }]);
      const members = new Set(rows.filter((row) => isCurrent(row, collection.spec)).map((row) => row[collection.spec.member] as number));
      const put = putStraight(tx, collection.spec.member);
      for (const memberId of members) await writeMember(tx, collection, memberId, {}, put);
    }
  }

  /**
   * After a parent record is closed (a well completed), inside the same transaction: each of its
   * current assignments ends at `date` (its `until` stamped by releaseStamp), and each member no
   * longer on any parent gets its `onRemove` values; every member's `memberField` follows.
   */
  async function release(tx: Store, parentResource: string, parentId: number, date: unknown) {
    const at = now();
    for (const collection of collections) {
      const { resource, spec, parent } = collection;
      if (parent.resource !== parentResource) continue;
      const rows = await rowsOf(tx, resource, [{ field: parent.field, op: 'eq', value: parentId }]);
      const current = rows.filter((row) => isCurrent(row, spec));
      for (const { id, version, ...fields } of current) {
        const result = await tx.update(resource, id, { ...fields, [spec.until]: releaseStamp(date, fields[spec.since], at) }, version, {
          cause: 'released',
        });
        if (result.status !== 'ok') throw new Error(`${resource} ${id}: ${result.status} while releasing it`);
      }
      const memberIds = [...new Set(current.map((row) => row[spec.member] as number))];
      const stillAssigned = new Set((await currentOf(tx, collection, memberIds)).map((row) => row[spec.member] as number));
      const put = putStraight(tx, spec.member);
      for (const memberId of memberIds)
        await writeMember(tx, collection, memberId, stillAssigned.has(memberId) ? {} : (spec.onRemove ?? {}), put, 'released');
    }
  }
}

export type Assignments = ReturnType<typeof createAssignments>;

/** How long a reason may be when its field says nothing. */
const REASON_MAX = 500;

/** The call's `reason`: absent when not given (or blank), false when it is not a text of at most `max` characters. */
function readReason(value: unknown, max = REASON_MAX): string | undefined | false {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return false;
  const text = value.trim();
  if (text.length > max) return false;
  return text === '' ? undefined : text;
}
