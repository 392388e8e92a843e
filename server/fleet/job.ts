// The daily fleet check, a scheduled job's work (mark `fleetDue`): instruments in stock whose
// calibration is overdue or failed go to "awaiting calibration", and the people who look after the fleet
// (those whose roles may use the instruments) are told what fell due since the last check: one
// digest a check and person, a line per instrument and reason, each line linking to the
// instrument's page. What was told is read back from the digests themselves: each line carries,
// in its parameters, the key of what it was about (service since the last repair came back, or
// calibration until a day), so a second run the same day, or the next day, tells nothing again.
// A notification a person deleted is not told again either: the keys are looked for among everyone's.
import type { DueItem } from '../../kernel/fleet/due';
import { type LifecycleEvent, STATUS } from '../../kernel/fleet/lifecycle';
import { NOTIFICATION } from '../../kernel/notify/names';
import type { Counter } from '../../kernel/fleet/service';
import type { NoticeLine, NotifyInput } from '../notify/notifications';
import type { Store } from '../store/types';
import type { LifecycleNames } from './lifecycle';
import { type ServiceNames, lastReset } from './service-due';

export const DUE_KIND = 'device_due';
/** The name the operation log gives the scheduler's changes. */
export const SCHEDULER_USER = 'scheduler';

export interface FleetJobDeps {
  store: Store;
  /** Moves an instrument's status for an event, through the write service under the scheduler's name. */
  move: (deviceId: number, event: LifecycleEvent) => Promise<boolean>;
  names: LifecycleNames & ServiceNames;
  items: (now: Date) => Promise<DueItem[]>;
  /** The usernames to tell. */
  recipients: () => Promise<string[]>;
  notify?: (input: NotifyInput) => Promise<number>;
  /** The console page of an instrument. */
  linkOf: (id: number) => string | undefined;
  /** The console page listing what is due, where a digest leads. */
  dueLink?: string;
}

interface Reason {
  key: string;
  reason: 'service' | 'calibration';
  /** The service interval it is about. */
  counter?: Counter;
  interval?: number;
  state: string;
  date: string;
}

/** What one notification is about: stable while the same service or calibration is awaited. */
async function reasonsOf(store: Store, names: LifecycleNames & ServiceNames, item: DueItem): Promise<Reason[]> {
  const out: Reason[] = [];
  if (item.service) {
    // The service awaited is the one after the latest return resetting each counter (or since it was new).
    const repairs = (
      await store.list(names.repairs.resource, {
        conditions: [{ field: names.repairs.parent, op: 'eq', value: item.id }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 100_000,
      })
    ).rows;
    const listed = (item.service.intervals ?? []).filter((d) => d.state === 'due' || d.state === 'overdue');
    for (const due of listed) {
      const since = lastReset(repairs, names, due.counter);
      const cycle = since === undefined ? 'new' : new Date(since).toISOString();
      // The hours interval keeps the key it always had, so that nothing is told twice across the upgrade.
      out.push({
        key: due.counter === 'hours' ? `service:${due.interval}:${cycle}` : `service:${due.counter}:${due.interval}:${cycle}`,
        reason: 'service',
        counter: due.counter,
        interval: due.interval,
        state: due.state,
        date: due.dueDate ?? '',
      });
    }
  }
  const calibration = item.calibration;
  // Told once per validity awaited, per failed calibration, and once while never calibrated.
  if (calibration?.dueDate && (calibration.state === 'due' || calibration.state === 'overdue'))
    out.push({ key: `calibration:${calibration.dueDate}`, reason: 'calibration', state: calibration.state, date: calibration.dueDate });
  else if (calibration?.state === 'failed')
    out.push({ key: `calibration:failed:${calibration.last ?? ''}`, reason: 'calibration', state: 'failed', date: calibration.last ?? '' });
  else if (calibration?.state === 'never') out.push({ key: 'calibration:never', reason: 'calibration', state: 'never', date: '' });
  return out;
}

/** The text of a notification: the hours interval's as it always was; days and runs name their interval and day. */
function textKey(reason: Reason): string {
  if (reason.reason === 'calibration')
    return reason.state === 'failed' || reason.state === 'never'
      ? `notify.device_due.calibration_${reason.state}_text`
      : 'notify.device_due.calibration_text';
  if (reason.counter === 'days' || reason.counter === 'runs') return `notify.device_due.service_${reason.counter}_${reason.state}_text`;
  return reason.state === 'overdue' || !reason.date ? 'notify.device_due.service_text_undated' : 'notify.device_due.service_text';
}

/** Runs the check; answers how many instruments changed status plus how many notifications went out. */
export async function runFleetCheck(deps: FleetJobDeps, now: Date): Promise<number> {
  const { store, move, names } = deps;
  const items = await deps.items(now);
  let count = 0;
  for (const item of items) {
    // An instrument in stock whose calibration ran out or failed waits for a calibration.
    const state = item.calibration?.state;
    if ((state === 'overdue' || state === 'failed') && item.status === STATUS.stock) {
      if (await move(item.id, 'calibrationOverdue')) count++;
    }
  }
  if (!deps.notify) return count;
  const people = await deps.recipients();
  if (people.length === 0) return count;
  const told = await toldKeys(store);
  const lines: NoticeLine[] = [];
  for (const item of items) {
    const link = deps.linkOf(item.id);
    for (const reason of await reasonsOf(store, names, item)) {
      if (told.has(`${item.id}:${reason.key}`)) continue;
      const params = {
        key: reason.key,
        device: item.name,
        deviceId: item.id,
        date: reason.date,
        ...(reason.interval ? { interval: reason.interval } : {}),
      };
      lines.push({ text_key: textKey(reason), params, ...(link ? { link } : {}) });
    }
  }
  if (lines.length === 0) return count;
  const devices = new Set(lines.map((line) => line.params.deviceId)).size;
  for (const username of people) {
    count += await deps.notify({
      to_user: username,
      kind: DUE_KIND,
      title_key: 'notify.device_due.digest_title',
      text_key: 'notify.device_due.digest_text',
      params: { smart_count: devices, reasons: lines.length },
      ...(deps.dueLink ? { link: deps.dueLink } : {}),
      lines,
    });
  }
  return count;
}

/**
 * What was told already, as `<instrument id>:<key>`: the lines of every digest, and the
 * notifications of one instrument each that came before digests (their link names the instrument).
 */
async function toldKeys(store: Store): Promise<Set<string>> {
  const { rows } = await store.list(NOTIFICATION, {
    conditions: [{ field: 'kind', op: 'eq', value: DUE_KIND }],
    sort: { field: 'id', order: 'ASC' },
    page: 1,
    limit: 1_000_000,
  });
  const told = new Set<string>();
  for (const row of rows) {
    const params = (row.params ?? {}) as { key?: unknown; lines?: NoticeLine[] };
    for (const line of params.lines ?? []) told.add(`${line.params.deviceId}:${line.params.key}`);
    const single = typeof row.link === 'string' ? /\/(\d+)$/.exec(row.link) : null;
    if (typeof params.key === 'string' && single) told.add(`${single[1]}:${params.key}`);
  }
  return told;
}
