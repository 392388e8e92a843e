// The instrument status lifecycle enforced (the table is kernel/fleet/lifecycle.ts): what the
// device form, the repair records and the calibration reports may do to an instrument's status,
// and what they do to it. Guards refuse, inside the write's transaction, with the reason; the
// follower moves the status when a repair is opened or returned. Each move is a real change of
// the instrument (its version moves) kept in the operation log with its cause. Assignments move
// it themselves (server/assign/assignments.ts, with the refuse list of their schema).
import { type LifecycleEvent, type Refusal, editOutcome, onEvent } from '../../kernel/fleet/lifecycle';
import type { FieldError } from '../../kernel/schema/validation';
import type { WriteGuard } from '../access/guards';
import type { Translate } from '../http/messages';
import type { Follower } from '../resources/relations';
import type { Row, Store } from '../store/types';
import type { Writer } from '../write/service';

export interface LifecycleNames {
  device: string;
  status: string;
  /**
   * Values an assignment sets on the instrument besides its status (`onAssign`: on a well), the
   * assignment's alone: a person neither types them nor changes them away.
   */
  assignedValues?: Record<string, unknown>;
  /** The repair records: their reference to the instrument and their return time. */
  repairs: { resource: string; parent: string; returned: string; when?: Record<string, string> };
}

const isOpen = (repair: Row | Record<string, unknown> | undefined, returned: string) =>
  !!repair && (repair[returned] === undefined || repair[returned] === null || repair[returned] === '');

export const refusalText = (t: Translate, refusal: Refusal, name: string) => t(`server.lifecycle.${refusal}`, { name });

/**
 * Moves an instrument's status for an event inside a write (a repair opened or returned: a
 * follower's step), logged with the event as its cause; nothing when the event leaves it.
 */
export async function applyEvent(tx: Store, names: LifecycleNames, deviceId: number, event: LifecycleEvent): Promise<boolean> {
  const device = await tx.get(names.device, deviceId);
  if (!device) return false;
  const outcome = onEvent(device[names.status], event);
  if (!('to' in outcome) || outcome.to === device[names.status]) return false;
  const { id, version, ...fields } = device;
  const result = await tx.update(names.device, id, { ...fields, [names.status]: outcome.to }, version, { cause: event });
  return result.status === 'ok';
}

/**
 * Moves an instrument's status for an event through the write service (a calibration report
 * filed, the daily check), logged with the event as its cause; false when the event leaves it.
 */
export async function moveFor(w: Writer, names: LifecycleNames, deviceId: number, event: LifecycleEvent): Promise<boolean> {
  const device = await w.tx.get(names.device, deviceId);
  if (!device) return false;
  const outcome = onEvent(device[names.status], event);
  if (!('to' in outcome) || outcome.to === device[names.status]) return false;
  await w.update(names.device, deviceId, { [names.status]: outcome.to }, { asGiven: true, cause: event, version: device.version });
  return true;
}

export function lifecycleGuards(names: LifecycleNames): Record<string, WriteGuard> {
  const deviceName = (row: Row | undefined) => String(row?.name ?? row?.id ?? '');
  const device: WriteGuard = {
    async checkWrite(_tx, record, existing, t, _facts, cause): Promise<FieldError[]> {
      // A move the server makes for an event (an assignment) follows the event table instead.
      if (cause) return [];
      const errors: FieldError[] = [];
      for (const [field, value] of Object.entries(names.assignedValues ?? {})) {
        if ((record[field] === value) === (existing?.[field] === value)) continue;
        const label = t(`resources.${names.device}.fields.${field}`, { _: field });
        errors.push({
          field,
          message: `${label}: ${t('server.lifecycle.location_well', { name: deviceName(existing ?? (record as Row)) })}`,
        });
      }
      if (!existing) return errors;
      const outcome = editOutcome(existing[names.status], record[names.status] ?? existing[names.status]);
      return 'refused' in outcome
        ? [...errors, { field: names.status, message: refusalText(t, outcome.refused, deviceName(existing)) }]
        : errors;
    },
  };
  const repairs: WriteGuard = {
    // Opening a repair (a new open record, or one whose return time is taken away) asks the table.
    async checkWrite(tx, record, existing, t): Promise<FieldError[]> {
      const opening =
        isOpen(record, names.repairs.returned) &&
        (!existing || !isOpen(existing, names.repairs.returned) || existing[names.repairs.parent] !== record[names.repairs.parent]);
      const deviceId = record[names.repairs.parent];
      if (!opening || typeof deviceId !== 'number') return [];
      const instrument = await tx.get(names.device, deviceId);
      if (!instrument) return []; // the reference check says so
      const outcome = onEvent(instrument[names.status], 'repairOpened');
      return 'refused' in outcome
        ? [{ field: names.repairs.parent, message: refusalText(t, outcome.refused, deviceName(instrument)) }]
        : [];
    },
  };
  return { [names.device]: device, [names.repairs.resource]: repairs };
}

/** Repair records opened put the instrument under repair; the last open one returned (or deleted) puts it back in stock. */
export function repairFollower(names: LifecycleNames): Follower {
  const { resource, parent, returned } = names.repairs;
  return {
    sources: [resource],
    async follow(tx, _resource, changes) {
      const opened = new Set<number>();
      const closed = new Set<number>();
      for (const { row, previous } of changes) {
        const [now, before] = [row?.[parent], previous?.[parent]];
        if (typeof now === 'number' && isOpen(row, returned) && !(isOpen(previous, returned) && before === now)) opened.add(now);
        if (typeof before === 'number' && isOpen(previous, returned) && !(isOpen(row, returned) && now === before)) closed.add(before);
      }
      for (const id of opened) await applyEvent(tx, names, id, 'repairOpened');
      for (const id of closed) {
        if (opened.has(id)) continue;
        const stillOpen = (
          await tx.list(resource, {
            conditions: [{ field: parent, op: 'eq', value: id }],
            sort: { field: 'id', order: 'ASC' },
            page: 1,
            limit: 100_000,
          })
        ).rows.some((r) => isOpen(r, returned));
        if (!stillOpen) await applyEvent(tx, names, id, 'repairReturned');
      }
    },
  };
}
