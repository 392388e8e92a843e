// The instrument fleet's server side, put together for createApp: hours kept from the runs and
// repairs (hours.ts), the status lifecycle (lifecycle.ts), the due list (due.ts) and the daily
// check (job.ts), the calibration records (calibrations.ts). The names of the resources and fields
// come from the schemas: the instruments are the resource declaring `x-resource.lifecycle` (its
// status field, its `sumSince` total of hours since the last repair, its calibration records), the
// runs and repairs are the child collections that total names.
import { rollupsOf } from '../../kernel/fleet/hours';
import { assignmentCollections } from '../../kernel/schema/assign';
import { runFieldsOf } from '../../kernel/fleet/open-runs';
import type { Registry } from '../../kernel/schema/registry';
import { recordPath, viewPaths } from '../../kernel/routes/tree';
import type { WriteGuard } from '../access/guards';
import type { Api } from '../http/endpoints';
import type { Files } from '../files/service';
import { type Calibrations, calibrationNames, createCalibrations, stateOf } from './calibrations';
import type { CalibrationState } from '../../kernel/fleet/calibration';
import type { NotifyInput } from '../notify/notifications';
import type { People } from '../notify/people';
import { type Parameters, readParameters } from '../settings/parameters';
import type { Permissions } from '../access/permissions';
import type { Follower } from '../resources/relations';
import type { JobWork } from '../schedule/jobs';
import type { Store } from '../store/types';
import { type DueDeps, type FleetNames, dueItems, registerDue } from './due';
import { sumSinceFollower } from './hours';
import { type ServiceStateDeps, registerServiceState, serviceStateOf } from './service-due';
import { SCHEDULER_USER, runFleetCheck } from './job';
import { type LifecycleNames, lifecycleGuards, moveFor, repairFollower } from './lifecycle';
import type { LifecycleEvent } from '../../kernel/fleet/lifecycle';
import { translator } from '../http/messages';
import type { Actor, WriteService } from '../write/service';
import type { AppContext } from '../context';

/** The mark of the daily fleet check (schemas/crontab.json). */
export const FLEET_JOB_MARK = 'fleetDue';

export function fleetNames(registry: Registry): (FleetNames & LifecycleNames) | undefined {
  const device = Object.keys(registry.resources).find((name) => registry.resources[name]['x-resource'].lifecycle);
  const lifecycle = device && registry.resources[device]['x-resource'].lifecycle;
  if (!device || !lifecycle) return undefined;
  const rollup = rollupsOf(registry).find((r) => r.resource === device && r.field === lifecycle.hours);
  // The schema check holds `hours` to a sumSince field of the resource.
  if (!rollup || !('sumSince' in rollup.spec)) return undefined;
  const spec = rollup.spec.sumSince;
  const parentOf = (resource: string) => registry.resources[resource]['x-resource'].parent!.field;
  const assignedValues = Object.fromEntries(
    assignmentCollections(registry)
      .filter(({ spec }) => spec.member === device)
      .flatMap(({ spec }) => Object.entries(spec.onAssign ?? {}).filter(([field]) => field !== lifecycle.status)),
  );
  return {
    device,
    status: lifecycle.status,
    assignedValues,
    sinceRepair: rollup.field,
    runs: {
      resource: spec.resource,
      parent: parentOf(spec.resource),
      start: spec.time,
      hours: spec.field,
      end: runFieldsOf(registry.resources[spec.resource], spec.field)?.end,
    },
    repairs: { resource: spec.since.resource, parent: parentOf(spec.since.resource), returned: spec.since.field, when: spec.since.when },
    ...(lifecycle.registered ? { registered: lifecycle.registered } : {}),
    ...(lifecycle.resets ? { resets: lifecycle.resets } : {}),
  };
}

export interface FleetDeps {
  registry: Registry;
  store: Store;
  parameters: Parameters;
  files?: Files;
  now: () => Date;
}

export function createFleet({ registry, store, parameters, files, now }: FleetDeps) {
  const names = fleetNames(registry);
  const hours = sumSinceFollower(registry);
  const calibrated = names && calibrationNames(registry, names.device);
  const calibrations: Calibrations | undefined = names && calibrated && createCalibrations(registry, store, names, calibrated, now);
  const followers: Follower[] = [
    ...(hours ? [hours] : []),
    ...(names ? [repairFollower(names)] : []),
    ...(calibrations ? [calibrations.follower] : []),
  ];
  const guards: Record<string, WriteGuard> = {
    ...(names ? lifecycleGuards(names) : {}),
    ...(calibrated && calibrations ? { [calibrated.resource]: calibrations.guard } : {}),
  };
  const dueDeps: DueDeps | undefined = names && { store, parameters, calibrations: calibrated, names };
  const paths = viewPaths(registry.routes);

  return {
    followers,
    guards,
    registerCalls(api: Api) {
      if (dueDeps) registerDue(api, dueDeps, now);
      if (dueDeps) registerServiceState(api, dueDeps, now);
    },
    /**
     * The service state of one instrument now (kernel/fleet/service.ts): `state` 'due' or 'overdue'
     * as soon as one interval of its type is; `store` may be a write's transaction.
     */
    serviceState(deviceId: number, at: Date = now(), inStore: Store = store) {
      if (!dueDeps) return Promise.resolve(undefined);
      // Inside a write the parameters are read through its transaction (on SQLite it holds the only connection).
      const own = inStore === store ? parameters : { current: () => readParameters(registry, inStore), forget: () => undefined };
      return serviceStateOf({ ...dueDeps, store: inStore, parameters: own } satisfies ServiceStateDeps, deviceId, at);
    },
    /**
     * An instrument's calibration state now (kernel/fleet/calibration.ts): valid until a day, due
     * within the horizon, overdue, failed, or never calibrated. Inside a write, pass its store
     * (`w.tx`); undefined where the instruments keep no calibration records.
     */
    async calibrationState(deviceId: number, at: Date = now(), through: Store = store): Promise<CalibrationState | undefined> {
      return calibrated && stateOf(through, calibrated, deviceId, at);
    },
    /**
     * The calibration reports still attached to instruments (of one, or all) become the files of
     * calibration records with the result "unknown", written under `actor`; answers how many.
     */
    async adoptReports(writes: WriteService, actor: Actor, deviceId?: number): Promise<number> {
      return files && calibrations ? calibrations.adoptReports(files, writes, actor, deviceId) : 0;
    },
    /** Keeps every instrument's calibration date and its records' flags from its calibration records. */
    async settle(pause?: () => Promise<void>) {
      await calibrations?.keepAll(pause);
    },
    /** The files of an instrument's calibration records, for its calibration reports' calls. */
    certificates(writes: WriteService, actorOf: (c: AppContext) => Actor) {
      return files && calibrations ? calibrations.certificates(files, writes, actorOf) : undefined;
    },
    /** The work of the daily check, for the scheduler. */
    jobWork(
      writes: WriteService,
      notify: ((input: NotifyInput) => Promise<number>) | undefined,
      people: People | undefined,
      permissions: Permissions,
      roleNames: () => Promise<string[]>,
    ): Record<string, JobWork> {
      if (!names || !dueDeps) return {};
      const recipients = async () => {
        const roles = await roleNames();
        const allowed = (
          await Promise.all(roles.map(async (role) => ((await permissions.mayUse([role], names.device)) ? role : undefined)))
        ).filter((r): r is string => !!r);
        const usernames = new Set<string>();
        for (const role of allowed) for (const person of (await people?.withRole(role)) ?? []) usernames.add(person.username);
        return [...usernames].sort();
      };
      const linkOf = (id: number) => {
        const record = paths[names.device]?.record;
        return record ? recordPath(record, id) : undefined;
      };
      // The daily check moves statuses through the write service, logged under the scheduler's name.
      const scheduler = { user: { name: SCHEDULER_USER, roles: [] }, t: translator('en'), language: 'en' as const };
      const move = async (deviceId: number, event: LifecycleEvent) => {
        const outcome = await writes.transaction(scheduler, (w) => moveFor(w, names, deviceId, event), [names.device]);
        return outcome.status === 'ok' && outcome.value;
      };
      return {
        [FLEET_JOB_MARK]: ({ now: at }: { now: Date }) =>
          runFleetCheck(
            {
              store,
              move,
              names,
              items: (when) => dueItems(dueDeps, when),
              recipients,
              notify,
              linkOf,
              dueLink: paths[names.device]?.list,
            },
            at,
          ),
      };
    },
  };
}

export type Fleet = ReturnType<typeof createFleet>;
