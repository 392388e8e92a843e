// Which instruments are due for service or calibration (kernel/fleet/due.ts says how it is worked
// out): read from the instruments, their runs of the last 90 days, their calibration records and
// the system parameters; answered by GET /device/due for Home, and used by the daily job.
import {
  DUE_HORIZON_DAYS,
  DUE_PATH,
  type DueAnswer,
  type DueItem,
  USAGE_WINDOW_DAYS,
  dueOrder,
  dueStatus,
  calibrationListed,
  earliest,
  isListed,
  isOverdue,
  serviceListed,
} from '../../kernel/fleet/due';
import { STATUS } from '../../kernel/fleet/lifecycle';
import { liveHours } from '../../kernel/fleet/open-runs';
import { countingSince, latestTime } from '../../kernel/fleet/hours';
import { openSinceRepair } from './hours';
import { SERVICE_DOC, intervalsByType, otherCounters } from './service-due';
import { type AppContext, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Parameters } from '../settings/parameters';
import type { Row, Store } from '../store/types';
import { type CalibrationNames, statesOf } from './calibrations';

const DAY_MS = 86_400_000;
/** Records read at once: the whole fleet in one list. */
const ALL = 1_000_000;

export interface FleetNames {
  device: string;
  /** The runs; `end` when their hours are worked out between two times, so that a run without an end is still going on. */
  runs: { resource: string; parent: string; start: string; hours: string; end?: string };
  /** `when`: the repairs that reset the hours. */
  repairs: { resource: string; parent: string; returned: string; when?: Record<string, string> };
  sinceRepair: string;
  /** The repair records' list of the service counters they reset; the instrument's registration time. */
  resets?: string;
  registered?: string;
}

export interface DueDeps {
  store: Store;
  parameters: Parameters;
  /** The calibration records, where the instruments have them. */
  calibrations?: CalibrationNames;
  names: FleetNames;
}

/**
 * The runs of these instruments since their last repair came back (all of them when none has
 * come back), by instrument: read for those overdue alone.
 */
async function runsSinceRepair(store: Store, names: FleetNames, ids: number[]): Promise<Map<number, Row[]>> {
  const out = new Map<number, Row[]>();
  if (ids.length === 0) return out;
  const page = { sort: { field: 'id', order: 'ASC' as const }, page: 1, limit: ALL };
  const [runs, repairs] = await Promise.all([
    store.list(names.runs.resource, { ...page, conditions: [{ field: names.runs.parent, op: 'in', value: ids }] }),
    store.list(names.repairs.resource, { ...page, conditions: [{ field: names.repairs.parent, op: 'in', value: ids }] }),
  ]);
  for (const id of ids) {
    const since = latestTime(
      countingSince(
        repairs.rows.filter((r) => r[names.repairs.parent] === id),
        names.repairs.when,
      ),
      names.repairs.returned,
    );
    out.set(
      id,
      runs.rows.filter((run) => {
        if (run[names.runs.parent] !== id) return false;
        const at = typeof run[names.runs.start] === 'string' ? Date.parse(run[names.runs.start] as string) : NaN;
        return since === undefined || at > since;
      }),
    );
  }
  return out;
}

/** The instruments due within the horizon or overdue, by urgency (kernel/fleet/due.ts dueOrder). */
export async function dueItems({ store, parameters, calibrations, names }: DueDeps, now: Date): Promise<DueItem[]> {
  const values = await parameters.current();
  const intervals = intervalsByType(values.serviceIntervalHours);
  const devices = (
    await store.list(names.device, {
      conditions: [{ field: 'status', op: 'in', value: [STATUS.stock, STATUS.onSite, STATUS.repair, STATUS.calibration] }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: ALL,
    })
  ).rows;
  const from = new Date(now.getTime() - USAGE_WINDOW_DAYS * DAY_MS).toISOString();
  const recent = (
    await store.list(names.runs.resource, {
      conditions: [{ field: names.runs.start, op: 'gte', value: from }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: ALL,
    })
  ).rows;
  const runsOf = new Map<number, Row[]>();
  for (const run of recent) {
    const id = run[names.runs.parent] as number;
    runsOf.set(id, [...(runsOf.get(id) ?? []), run]);
  }
  const calibrated =
    calibrations &&
    (await statesOf(
      store,
      calibrations,
      devices.map((device) => device.id),
      now,
    ));
  // Runs still going on count their hours up to now: in the hours since the repair and in the recent use.
  const open = await openSinceRepair(store, names, now);
  const fields = names.runs.end && { start: names.runs.start, end: names.runs.end, hours: names.runs.hours };
  const hoursOf = (run: Row) => (fields ? liveHours(run, fields, now) : run[names.runs.hours]);
  const hoursAt = (run: Row) => ({ start: run[names.runs.start], hours: hoursOf(run) });
  // The days and runs since the services that reset them, for the types with such intervals.
  const counters = await otherCounters(store, names, devices, (device) => intervals.get(device.type as number));
  const inputOf = (device: Row) => ({
    hoursSinceRepair:
      (typeof device[names.sinceRepair] === 'number' ? (device[names.sinceRepair] as number) : 0) + (open.get(device.id) ?? 0),
    intervals: intervals.get(device.type as number) ?? {},
    counters: counters.get(device.id),
    runs: (runsOf.get(device.id) ?? []).map(hoursAt),
    calibration: calibrated?.get(device.id),
    now,
  });
  const statuses = devices.map((device) => {
    const status = dueStatus(inputOf(device));
    // An instrument at the repair shop is being serviced already.
    if (device.status === STATUS.repair) status.service = { ...status.service, state: 'ok' };
    return status;
  });
  // An overdue service is dated by the day its hours ran out: from all its runs since the repair came back.
  const spent = await runsSinceRepair(
    store,
    names,
    devices.filter((_, i) => statuses[i].service.state === 'overdue').map((device) => device.id),
  );
  const items: DueItem[] = [];
  devices.forEach((device, i) => {
    const since = spent.get(device.id);
    const status = since
      ? { ...statuses[i], service: dueStatus({ ...inputOf(device), sinceRepair: since.map(hoursAt) }).service }
      : statuses[i];
    if (!isListed(status)) return;
    items.push({
      id: device.id,
      name: String(device.name ?? device.id),
      type: device.type as number,
      status: device.status as number,
      overdue: isOverdue(status),
      dueDate: earliest(
        serviceListed(status.service.state) ? status.service.dueDate : undefined,
        calibrationListed(status.calibration.state) ? status.calibration.dueDate : undefined,
      ),
      ...(serviceListed(status.service.state) ? { service: status.service } : {}),
      ...(calibrationListed(status.calibration.state) ? { calibration: status.calibration } : {}),
    });
  });
  return items.sort(dueOrder);
}

const DUE_STATE = { type: 'string', enum: ['due', 'overdue'] };
const DATE = { type: 'string', format: 'date' };
const DUE_DATA = {
  type: 'object',
  required: ['items', 'horizonDays', 'windowDays'],
  properties: {
    horizonDays: { type: 'integer', description: 'how far ahead "due" looks, in days' },
    windowDays: { type: 'integer', description: 'the days over which the recent daily use is averaged' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'overdue'],
        properties: {
          id: { type: 'integer' },
          name: { type: 'string' },
          type: { type: 'integer' },
          status: { type: 'integer' },
          overdue: { type: 'boolean', description: 'service or calibration is overdue' },
          dueDate: { ...DATE, description: 'the earliest due date of its reasons' },
          service: { ...SERVICE_DOC, properties: { ...SERVICE_DOC.properties, state: DUE_STATE } },
          calibration: {
            type: 'object',
            required: ['state'],
            properties: {
              state: {
                type: 'string',
                enum: ['due', 'overdue', 'failed', 'never'],
                description: 'failed: its latest calibration failed; never: it has no calibration with a result (counts as due)',
              },
              last: { ...DATE, description: 'the day its latest passed calibration (or the failed one) was performed' },
              dueDate: { ...DATE, description: 'the last day that calibration is valid (its next due date)' },
              remainingDays: { type: 'integer', description: 'days left; negative once overdue' },
            },
          },
        },
      },
    },
  },
};

export function registerDue(api: Api, deps: DueDeps, now: () => Date) {
  api.on(
    {
      method: 'GET',
      path: DUE_PATH,
      access: { resource: deps.names.device },
      doc: {
        tags: [deps.names.device],
        summary: `The instruments due for service or calibration within ${DUE_HORIZON_DAYS} days, and those overdue; by urgency: overdue longest first, then due soonest first`,
        description:
          `Service: the hours since the last repair came back against the service interval of the instrument's type; due when the hours left would be used within ${DUE_HORIZON_DAYS} days ` +
          `at its average daily use over the last ${USAGE_WINDOW_DAYS} days. Calibration: the next due date of its latest passed calibration record; an instrument whose latest calibration failed, or that was never calibrated, is listed too. Scrapped instruments are left out.`,
        data: DUE_DATA,
      },
    },
    async (c: AppContext) => {
      const items = await dueItems(deps, now());
      const answer: DueAnswer = { items, horizonDays: DUE_HORIZON_DAYS, windowDays: USAGE_WINDOW_DAYS };
      return ok(c, answer);
    },
  );
}
