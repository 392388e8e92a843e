// The service counters of instruments, read for the due list, the daily job and the instrument's
// page (kernel/fleet/service.ts says how they fall due): the hours are the stored hours since the
// last service resetting them plus what runs still going on add now (hours.ts); the days count from
// the latest return resetting days (or from when the instrument was registered); the runs are those
// started after the latest return resetting runs. Only the repairs and runs the intervals need are read.
import { type Counter, type ServiceCounters, type ServiceIntervals, resetsOf } from '../../kernel/fleet/service';
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { echo } from '../../kernel/contract/limits';
import { SERVICE_PATH } from '../../kernel/fleet/service';
import { countingSince, latestTime } from '../../kernel/fleet/hours';
import { type ServiceDue, serviceDue } from '../../kernel/fleet/due';
import { STATUS } from '../../kernel/fleet/lifecycle';
import { liveHours } from '../../kernel/fleet/open-runs';
import type { Parameters, ServiceInterval } from '../settings/parameters';
import type { Row, Store } from '../store/types';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { FleetNames } from './due';
import { openSinceRepair } from './hours';
import { idParameter } from '../resources/docs';

/** Records read at once. */
const ALL = 1_000_000;

export interface ServiceNames {
  runs: { resource: string; parent: string; start: string };
  repairs: { resource: string; parent: string; returned: string };
  /** The repair records' list of the counters they reset (x-resource.lifecycle.resets). */
  resets?: string;
  /** The instrument's time of registration (x-resource.lifecycle.registered). */
  registered?: string;
}

/** The intervals of each instrument type, from the parameters' rows. */
export function intervalsByType(rows: readonly ServiceInterval[]): Map<number, ServiceIntervals> {
  return new Map(rows.map((row) => [row.type, { hours: row.hours, days: row.days, runs: row.runs }]));
}

/** The latest return among these repairs that resets `counter` (ms), if any. */
export function lastReset(repairs: readonly Row[], names: ServiceNames, counter: Counter): number | undefined {
  const resetting = repairs.filter((r) => (names.resets ? resetsOf(r[names.resets]) : resetsOf(undefined)).includes(counter));
  return latestTime(resetting, names.repairs.returned);
}

/**
 * The days and runs counters of these instruments (the hours are the caller's: stored and live),
 * by id; only for those whose type has a days or runs interval.
 */
export async function otherCounters(
  store: Store,
  names: ServiceNames,
  devices: readonly Row[],
  intervalsOf: (device: Row) => ServiceIntervals | undefined,
): Promise<Map<number, Omit<ServiceCounters, 'hours'>>> {
  const out = new Map<number, Omit<ServiceCounters, 'hours'>>();
  const needing = devices.filter((d) => intervalsOf(d)?.days || intervalsOf(d)?.runs);
  if (needing.length === 0) return out;
  const page = { sort: { field: 'id', order: 'ASC' as const }, page: 1, limit: ALL };
  const ids = needing.map((d) => d.id);
  const counting = needing.filter((d) => intervalsOf(d)?.runs).map((d) => d.id);
  const [repairs, runs] = await Promise.all([
    store.list(names.repairs.resource, { ...page, conditions: [{ field: names.repairs.parent, op: 'in', value: ids }] }),
    counting.length > 0
      ? store.list(names.runs.resource, { ...page, conditions: [{ field: names.runs.parent, op: 'in', value: counting }] })
      : Promise.resolve({ rows: [] as Row[] }),
  ]);
  for (const device of needing) {
    const mine = repairs.rows.filter((r) => r[names.repairs.parent] === device.id);
    const daysSince = lastReset(mine, names, 'days');
    const runsSince = lastReset(mine, names, 'runs');
    const registered = names.registered ? device[names.registered] : undefined;
    const daysFrom = daysSince !== undefined ? new Date(daysSince).toISOString() : typeof registered === 'string' ? registered : undefined;
    const started = runs.rows.filter((run) => {
      if (run[names.runs.parent] !== device.id) return false;
      const at = typeof run[names.runs.start] === 'string' ? Date.parse(run[names.runs.start] as string) : NaN;
      // A run without a start counts only while there is no service to count from.
      return runsSince === undefined || (Number.isFinite(at) && at > runsSince);
    });
    out.set(device.id, {
      ...(daysFrom ? { daysFrom } : {}),
      runs: started.map((run) => ({ start: run[names.runs.start] })),
    });
  }
  return out;
}

/** What the service state of one instrument is read with: the fleet's names and the parameters. */
export interface ServiceStateDeps {
  store: Store;
  parameters: Parameters;
  names: FleetNames;
}

/**
 * The service state of one instrument now, by every interval of its type (`state` 'overdue' or
 * 'due' when one of them is; `intervals` each one's figures), or undefined when there is no such
 * instrument. `store` may be a write's transaction: what a gate on sending a tool out calls.
 * An instrument at the repair shop is being serviced already: 'ok'.
 */
export async function serviceStateOf(
  { store, parameters, names }: ServiceStateDeps,
  deviceId: number,
  now: Date,
): Promise<ServiceDue | undefined> {
  const device = await store.get(names.device, deviceId);
  if (!device) return undefined;
  const intervals = intervalsByType((await parameters.current()).serviceIntervalHours).get(device.type as number) ?? {};
  const page = { sort: { field: 'id', order: 'ASC' as const }, page: 1, limit: ALL };
  const [runs, repairs, open] = await Promise.all([
    store.list(names.runs.resource, { ...page, conditions: [{ field: names.runs.parent, op: 'eq', value: deviceId }] }),
    store.list(names.repairs.resource, { ...page, conditions: [{ field: names.repairs.parent, op: 'eq', value: deviceId }] }),
    openSinceRepair(store, names, now),
  ]);
  const fields = names.runs.end && { start: names.runs.start, end: names.runs.end, hours: names.runs.hours };
  const timed = (run: Row) => ({ start: run[names.runs.start], hours: fields ? liveHours(run, fields, now) : run[names.runs.hours] });
  const hoursFrom = latestTime(countingSince(repairs.rows, names.repairs.when), names.repairs.returned);
  const other = (await otherCounters(store, names, [device], () => intervals)).get(deviceId);
  const stored = typeof device[names.sinceRepair] === 'number' ? (device[names.sinceRepair] as number) : 0;
  const service = serviceDue({
    hoursSinceRepair: stored + (open.get(deviceId) ?? 0),
    intervals,
    counters: { ...other },
    runs: runs.rows.map(timed),
    sinceRepair: runs.rows.filter((run) => hoursFrom === undefined || Date.parse(String(run[names.runs.start])) > hoursFrom).map(timed),
    now,
  });
  return device.status === STATUS.repair ? { ...service, state: 'ok' } : service;
}

const INTERVAL_DOC = {
  type: 'object',
  required: ['counter', 'state', 'interval', 'used', 'remaining'],
  properties: {
    counter: { type: 'string', enum: ['hours', 'days', 'runs'], description: 'what the interval counts since the last service' },
    state: { type: 'string', enum: ['ok', 'due', 'overdue', 'unknown'] },
    interval: { type: 'number', description: 'the interval of the type (h, days or runs; system parameters)' },
    used: { type: 'number', description: 'how much has passed since the last service resetting this counter' },
    remaining: { type: 'number', description: 'what is left; negative once overdue' },
    dueDate: { type: 'string', format: 'date', description: 'the day it falls due (estimated ahead of it from the recent use)' },
  },
};

/** The OpenAPI description of a service state (GET /device/due items' `service`, GET SERVICE_PATH). */
export const SERVICE_DOC = {
  type: 'object',
  required: ['state', 'dailyHours'],
  properties: {
    state: { type: 'string', enum: ['ok', 'due', 'overdue', 'unknown'], description: 'the most urgent of its intervals' },
    dueDate: { type: 'string', format: 'date', description: 'the earliest day among its intervals in that state' },
    intervalHours: { type: 'number', description: 'the hours interval of its type, when it has one' },
    remainingHours: { type: 'number', description: 'hours of use left before the service; negative once overdue' },
    dailyHours: { type: 'number', description: 'average hours of use per day over the last 90 days' },
    intervals: { type: 'array', items: INTERVAL_DOC, description: 'each interval of its type, falling due on its own' },
  },
};

export function registerServiceState(api: Api, deps: ServiceStateDeps, now: () => Date) {
  api.on(
    {
      method: 'GET',
      path: SERVICE_PATH,
      access: { resource: deps.names.device },
      doc: {
        tags: [deps.names.device],
        summary:
          "One instrument's service state: each service interval of its type (hours, days, runs since the last service resetting it) and the most urgent",
        parameters: [idParameter('id', 'the instrument')],
        data: SERVICE_DOC,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c: AppContext) => {
      const t = c.get('t');
      const raw = c.req.query('id') ?? '';
      const id = parseInteger(raw);
      if (id === undefined) {
        const message = t('server.bad_record_id', { param: 'id', value: echo(raw) });
        return fail(c, Code.invalidInput, message, { errors: [{ field: 'id', message }] });
      }
      const state = await serviceStateOf(deps, id, now());
      if (!state) {
        const resource = t(`resources.${deps.names.device}.name`, { smart_count: 1, _: deps.names.device });
        return fail(c, Code.notFound, t('server.not_found', { resource, id }));
      }
      return ok(c, state);
    },
  );
}
