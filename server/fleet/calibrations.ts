// The instruments' calibration records (the child collection `x-resource.lifecycle.calibrations`
// names, schemas/calibration.json) and what follows from them, inside each write's transaction:
//   - a record left without `nextDue` gets the performed date plus the validity of the
//     instrument's type (system parameters), and keeps following its date while it holds that default;
//   - the instrument keeps the last day of its latest passed calibration (`until`), and its status
//     moves: a passed calibration filed takes it from awaiting calibration back to stock, a failed
//     one sets an instrument in stock awaiting calibration (kernel/fleet/lifecycle.ts);
//   - calibration reports of before (files attached to the instrument) become files of calibration
//     records with the result "unknown", dated by their upload, for an admin to complete.
// The state itself is kernel/fleet/calibration.ts: `stateOf` and `statesOf` answer it here.
import { type CalibrationState, VALID_RESULTS, calibrationState, defaultNextDue, validityOf } from '../../kernel/fleet/calibration';
import { DUE_HORIZON_DAYS } from '../../kernel/fleet/due';
import { REPORT_ATTACHMENT, fileUrl } from '../../kernel/contract/uploads';
import type { Registry } from '../../kernel/schema/registry';
import type { WriteGuard } from '../access/guards';
import type { AppContext } from '../context';
import type { CertificateFiles } from '../files/reports';
import type { Files } from '../files/service';
import { type Follower, writeDerived } from '../resources/relations';
import { readParameters } from '../settings/parameters';
import type { Row, Store } from '../store/types';
import type { Actor, WriteService } from '../write/service';
import { type LifecycleNames, applyEvent } from './lifecycle';

export interface CalibrationNames {
  /** The calibration records and their reference to the instrument. */
  resource: string;
  parent: string;
  /** The instrument's read-only date kept as the last day of its latest passed calibration. */
  until: string;
  /** The records' read-only flag kept true on all but the one deciding the state. */
  superseded: string;
}

/** The names from the instruments' lifecycle declaration; undefined when it declares no calibrations. */
export function calibrationNames(registry: Registry, device: string): CalibrationNames | undefined {
  const spec = registry.resources[device]?.['x-resource'].lifecycle?.calibrations;
  const parent = spec && registry.resources[spec.resource]?.['x-resource'].parent;
  return spec && parent ? { resource: spec.resource, parent: parent.field, until: spec.until, superseded: 'superseded' } : undefined;
}

const ALL = { sort: { field: 'id', order: 'ASC' as const }, page: 1, limit: 1_000_000 };

/** Every calibration record of these instruments, by instrument. */
async function recordsOf(store: Store, names: CalibrationNames, ids: number[]): Promise<Map<number, Row[]>> {
  const out = new Map<number, Row[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const { rows } = await store.list(names.resource, { ...ALL, conditions: [{ field: names.parent, op: 'in', value: ids }] });
  for (const row of rows) out.get(row[names.parent] as number)?.push(row);
  return out;
}

/** The calibration state of one instrument now (inside a transaction: pass its store). */
export async function stateOf(store: Store, names: CalibrationNames, deviceId: number, now: Date): Promise<CalibrationState> {
  return calibrationState((await recordsOf(store, names, [deviceId])).get(deviceId) ?? [], now, DUE_HORIZON_DAYS);
}

/** The calibration states of several instruments now, by instrument. */
export async function statesOf(store: Store, names: CalibrationNames, ids: number[], now: Date): Promise<Map<number, CalibrationState>> {
  const records = await recordsOf(store, names, ids);
  return new Map(ids.map((id) => [id, calibrationState(records.get(id) ?? [], now, DUE_HORIZON_DAYS)]));
}

export function createCalibrations(registry: Registry, store: Store, lifecycle: LifecycleNames, names: CalibrationNames, now: () => Date) {
  const { resource, parent, until } = names;

  /** The default next due date of a record: its date plus its instrument type's validity. */
  async function defaultOf(tx: Store, record: Row | Record<string, unknown>): Promise<string | undefined> {
    if (typeof record.date !== 'string' || typeof record[parent] !== 'number') return undefined;
    const device = await tx.get(lifecycle.device, record[parent] as number);
    return device ? defaultNextDue(record.date, validityOf(device.type, await readParameters(registry, tx))) : undefined;
  }

  /**
   * Step 2 of the record's write: one without `nextDue`, or whose date moved while it held the
   * default (and its next due date was left as it was), gets the default.
   */
  const guard: WriteGuard = {
    async derive(tx, record, existing) {
      // A record without a result (a report of before, to complete) is no validity to date.
      if (record.result === 'unknown') return undefined;
      const wanted = await defaultOf(tx, record);
      if (!wanted || record.nextDue === wanted) return undefined;
      const given = typeof record.nextDue === 'string' && record.nextDue !== '';
      const wasDefault =
        existing !== undefined &&
        existing.date !== record.date &&
        existing.nextDue === record.nextDue &&
        existing.nextDue === (await defaultOf(tx, existing));
      return given && !wasDefault ? undefined : { nextDue: wanted };
    },
  };

  /**
   * The instrument's kept date and status after its calibrations changed; `written` is the record
   * just written, whose result may move the status when it is now the one deciding the state.
   */
  async function keepDevice(tx: Store, deviceId: number, written?: Row) {
    const device = await tx.get(lifecycle.device, deviceId);
    if (!device) return;
    const records = (await recordsOf(tx, names, [deviceId])).get(deviceId) ?? [];
    const state = calibrationState(records, now(), DUE_HORIZON_DAYS);
    // Only the record deciding the state stands for the instrument: the others' dates no longer expire.
    for (const record of records) {
      const superseded = state.record !== undefined && record.id !== state.record;
      if (record[names.superseded] !== superseded) await writeDerived(tx, resource, record, { [names.superseded]: superseded });
    }
    const validUntil = state.state === 'failed' ? undefined : state.validUntil;
    if ((device[until] ?? undefined) !== validUntil) await writeDerived(tx, lifecycle.device, device, { [until]: validUntil ?? null });
    if (!written || state.record !== written.id) return;
    if (VALID_RESULTS.includes(String(written.result)) && (state.state === 'valid' || state.state === 'due'))
      await applyEvent(tx, lifecycle, deviceId, 'calibrated');
    else if (state.state === 'failed') await applyEvent(tx, lifecycle, deviceId, 'calibrationFailed');
  }

  const follower: Follower = {
    sources: [resource],
    async follow(tx, _resource, changes) {
      for (const { row, previous } of changes) {
        const [now, before] = [row?.[parent], previous?.[parent]];
        if (typeof now === 'number') await keepDevice(tx, now, row);
        if (typeof before === 'number' && before !== now) await keepDevice(tx, before);
      }
    },
  };

  /**
   * Keeps every instrument's date and its records' flags from its calibrations, one instrument a
   * transaction (demo data put in without the write path, an install of before); `pause`, between
   * two, lets requests in meanwhile.
   */
  async function keepAll(pause?: () => Promise<void>) {
    const { rows } = await store.list(resource, { ...ALL, conditions: [] });
    for (const id of new Set(rows.map((row) => row[parent]))) {
      if (typeof id !== 'number') continue;
      await store.transaction((tx) => keepDevice(tx, id));
      await pause?.();
    }
  }

  /**
   * Makes each calibration report still attached to an instrument (of `deviceId`, or of all) the
   * certificate of a new calibration record with the result "unknown", dated by its upload, through
   * the write service under `actor`; answers how many it made. A report that cannot be moved stays
   * where it was.
   */
  async function adoptReports(files: Files, writes: WriteService, actor: Actor, deviceId?: number): Promise<number> {
    const reports =
      deviceId === undefined
        ? await files.attachedAll(lifecycle.device, REPORT_ATTACHMENT)
        : await files.attachedTo(lifecycle.device, deviceId, REPORT_ATTACHMENT);
    let made = 0;
    // Oldest first: the records keep the order the reports were filed in.
    for (const report of [...reports].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id - b.id))) {
      if (report.recordId === null) continue;
      const attachment = { resource: lifecycle.device, recordId: report.recordId, attachedAs: REPORT_ATTACHMENT };
      // The record's write takes the file as a free upload of the actor's, then attaches it to itself.
      await files.attach(report.id, null);
      const outcome = await writes.create(actor, resource, {
        [parent]: report.recordId,
        date: report.createdAt.slice(0, 10),
        result: 'unknown',
        certificate: fileUrl(report.storedName),
        notes: report.originalName,
      });
      if (outcome.status === 'ok') made++;
      else await files.attach(report.id, attachment);
    }
    return made;
  }

  /** The files of an instrument's calibration records, listed and deleted as its calibration reports. */
  function certificates(files: Files, writes: WriteService, actorOf: (c: AppContext) => Actor): CertificateFiles {
    return {
      async list(deviceId) {
        return files.ofRecords(resource, await store.findIds(resource, [{ field: parent, op: 'eq', value: deviceId }]));
      },
      async remove(upload, c) {
        const field = upload.attachedAs?.startsWith('field:') ? upload.attachedAs.slice('field:'.length) : undefined;
        if (upload.resource !== resource || field === undefined || upload.recordId === null) return { missing: true };
        const outcome = await writes.update(actorOf(c), resource, upload.recordId, { [field]: null });
        if (outcome.status === 'ok') return {};
        if (outcome.status === 'invalid') return { refused: outcome.errors.map((e) => e.message).join(' ') };
        return outcome.status === 'refused' ? { refused: outcome.message } : { missing: true };
      },
    };
  }

  return { guard, follower, keepAll, adoptReports, certificates };
}

export type Calibrations = ReturnType<typeof createCalibrations>;
