// The gates on sending an instrument out. An assignment collection whose reason asks `fitness`
// (a well's instruments) refuses, without a reason, an instrument that is not fit (its
// calibration overdue, failed or never done, its service overdue: kernel/fleet/fitness.ts);
// server/assign/assignments.ts asks `unfit` for each member. A list of references that must name
// members of such a collection (`x-assigned`: a trip's instruments) is held to the same gate by
// the guard made here: each instrument the write adds must be fit, or the record must carry a
// reason in its field of the reason's name. Either way the reason is taken only from a role
// holding the collection's permission; the refusal names each instrument and why, and nothing
// is written.
import { FITNESS_MAX_IDS, FITNESS_PATH, type FitnessItem, type Unfit, unfitReasons } from '../../kernel/fleet/fitness';
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { echo } from '../../kernel/contract/limits';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import { type AssignmentCollection, assignmentCollections, representation } from '../../kernel/schema/assign';
import type { Registry } from '../../kernel/schema/registry';
import type { ReasonSpec } from '../../kernel/schema/types';
import type { FieldError } from '../../kernel/schema/validation';
import type { WriteGuard } from '../access/guards';
import type { MayDo } from '../access/role-permissions';
import type { Translate } from '../http/messages';
import type { Store } from '../store/types';
import type { Fleet } from './register';

/** Why an instrument is unfit now, read in the write's store. */
export type UnfitOf = (tx: Store, deviceId: number, at: Date) => Promise<Unfit[]>;

export function unfitOf(fleet: Pick<Fleet, 'calibrationState' | 'serviceState'>): UnfitOf {
  return async (tx, deviceId, at) =>
    unfitReasons(await fleet.calibrationState(deviceId, at, tx), await fleet.serviceState(deviceId, at, tx));
}

/** The text of one unfit reason, naming the instrument. */
export const unfitText = (t: Translate, member: string, unfit: { reason: string; since?: string }) =>
  t(`server.assign_reason.unfit.${unfit.reason}`, { member, since: unfit.since ?? '' });

/** A list field held to a collection's fitness gate: the field, the record's reason field and the collection. */
interface GatedList {
  field: string;
  reasonField: string;
  collection: AssignmentCollection & { spec: { reason: ReasonSpec } };
}

/** The list fields of each resource that name members of a collection asking fitness. */
function gatedLists(registry: Registry): Map<string, GatedList[]> {
  const out = new Map<string, GatedList[]>();
  const collections = assignmentCollections(registry).filter((c) => c.spec.reason?.fitness);
  for (const [resource, schema] of Object.entries(registry.resources)) {
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      const other = prop['x-assigned'];
      const target = prop.items?.['x-ref'] ?? prop['x-ref'];
      const parent = other ? schema.properties?.[other]?.['x-ref'] : undefined;
      const collection = collections.find((c) => c.spec.member === target && c.parent.resource === parent);
      const reasonField = collection?.spec.reason?.field;
      if (!collection || !reasonField || schema.properties?.[reasonField]?.type !== 'string') continue;
      const list = out.get(resource) ?? [];
      list.push({ field, reasonField, collection: collection as GatedList['collection'] });
      out.set(resource, list);
    }
  }
  return out;
}

const idsIn = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).filter(
    (id): id is number => typeof id === 'number',
  );

export function fitnessGuards(registry: Registry, unfit: UnfitOf, mayDo: MayDo, now: () => Date): Record<string, WriteGuard> {
  const guards: Record<string, WriteGuard> = {};
  for (const [resource, lists] of gatedLists(registry)) {
    guards[resource] = {
      async checkWrite(tx, record, existing, t, _facts, cause, actor) {
        // The server's own writes (a run made from a trip, a rename followed) are not sent out by a person.
        if (cause) return [];
        const errors: FieldError[] = [];
        for (const { field, reasonField, collection } of lists) {
          const before = new Set(idsIn(existing?.[field]));
          const added = idsIn(record[field]).filter((id) => !before.has(id));
          const { member, refuse } = collection.spec;
          const watched = { ...refuse, ...collection.spec.reason.when };
          const texts: string[] = [];
          for (const id of added) {
            const row = await tx.get(member, id);
            if (!row) continue;
            const name = representation(registry, member, row);
            for (const [path, values] of Object.entries(watched))
              if (values.includes(row[path] as string | number))
                texts.push(
                  t('server.assign_reason.value', {
                    member: name,
                    value: t(`resources.${member}.enums.${path}.${String(row[path])}`, { _: String(row[path]) }),
                  }),
                );
            texts.push(...(await unfit(tx, id, now())).map((u) => unfitText(t, name, u)));
          }
          if (texts.length === 0) continue;
          const reason = typeof record[reasonField] === 'string' ? (record[reasonField] as string).trim() : '';
          const permission = collection.spec.reason.permission;
          if (permission && !(await mayDo(tx, actor?.user?.roles ?? [], permission)))
            errors.push({ field: reason ? reasonField : field, message: [...texts, t('server.assign_reason.not_allowed')].join(' ') });
          else if (!reason)
            errors.push({ field, message: [...texts, t('server.assign_reason.trip_needed', { field: reasonField })].join(' ') });
        }
        return errors;
      },
    };
  }
  return guards;
}

/** GET FITNESS_PATH: the calibration and service state of each instrument asked for, and why it is unfit. */
export function registerFitness(api: Api, device: string, fleet: Pick<Fleet, 'calibrationState' | 'serviceState'>, now: () => Date) {
  api.on(
    {
      method: 'GET',
      path: FITNESS_PATH,
      access: { resource: device },
      doc: {
        tags: [device],
        summary:
          'Whether instruments are fit to be sent out: the calibration state, the service state and why each may go only with a reason',
        parameters: [
          {
            name: 'ids',
            in: 'query',
            required: true,
            description: `the instruments, comma-separated (1 to ${FITNESS_MAX_IDS})`,
            schema: { type: 'string' },
          },
        ],
        data: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { type: 'object' } } } },
        codes: [Code.invalidInput],
      },
    },
    async (c: AppContext) => {
      const t = c.get('t');
      const raw = c.req.query('ids') ?? '';
      const ids = raw.split(',').map((part) => parseInteger(part.trim()));
      if (ids.length === 0 || ids.length > FITNESS_MAX_IDS || ids.some((id) => id === undefined)) {
        const message = t('server.bad_record_id', { param: 'ids', value: echo(raw) });
        return fail(c, Code.invalidInput, message, { errors: [{ field: 'ids', message }] });
      }
      const at = now();
      const items: FitnessItem[] = [];
      for (const id of new Set(ids as number[])) {
        const calibration = await fleet.calibrationState(id, at);
        const service = await fleet.serviceState(id, at);
        items.push({
          id,
          ...(calibration && {
            calibration: {
              state: calibration.state,
              ...(calibration.validUntil && { validUntil: calibration.validUntil }),
              ...(calibration.last && { last: calibration.last }),
            },
          }),
          ...(service && { service: { state: service.state, ...(service.dueDate && { dueDate: service.dueDate }) } }),
          unfit: unfitReasons(calibration, service),
        });
      }
      return ok(c, { items });
    },
  );
}
