// The system parameters as the server's code uses them: typed values of the one `parameter`
// record (schemas/parameter.json, a singleton), every value never saved at its default. Read
// often (each sign-in, each session, each pruning run), so they are kept for a few seconds: an
// update on this instance is seen at once, one made on another instance within PARAMETERS_MAX_AGE_MS.
// No Node module here: the in-browser mock runs it too.
import parameterFile from '../../schemas/parameter.json';
import { withDefaults } from '../../kernel/schema/derive';
import type { Registry } from '../../kernel/schema/registry';
import type { ResourceSchema } from '../../kernel/schema/types';
import { readSingleton } from '../resources/singleton';
import type { Store } from '../store/types';

/** The resource holding the parameters. */
export const PARAMETER_RESOURCE = 'parameter';
/** How long values read from the database are used before they are read again. */
export const PARAMETERS_MAX_AGE_MS = 3_000;

/** How much an instrument type runs between services: hours of use, days, runs (each optional). */
export interface ServiceInterval {
  type: number;
  hours?: number;
  days?: number;
  runs?: number;
}

export interface ParameterValues {
  /** The company named at the top of every PDF report, and its logo (an uploaded image's address), if any. */
  companyName: string;
  companyLogo?: string;
  sessionHours: number;
  failuresPerAccount: number;
  failuresPerAddress: number;
  lockWindowMinutes: number;
  runRetentionDays: number;
  signInRetentionDays: number;
  operationLogRetentionDays: number;
  visitLogRetentionDays: number;
  calibrationValidityDays: number;
  /** The calibration validity of instrument types that have their own. */
  calibrationValidity: { type: number; days: number }[];
  serviceIntervalHours: ServiceInterval[];
  /** Anti-collision: the separation factor below which drilling stops, and below which it needs care. */
  clearanceStopSf: number;
  clearanceCautionSf: number;
  /** The separation rule: scaling factor, project-ahead uncertainty (m, 1σ) and surface margin (m). */
  clearanceK: number;
  clearanceSigmaPa: number;
  clearanceSurfaceMargin: number;
  /** The wells around a well scanned when no radius is asked (m). */
  clearanceRadius: number;
  /** The Earth's field where a well gives none: declination and dip (°), total field (nT). */
  clearanceDeclination: number;
  clearanceDip: number;
  clearanceTotalField: number;
}

const FILE_SCHEMA = parameterFile as unknown as ResourceSchema;

/** The values from the schema's defaults alone. */
function typed(values: Record<string, unknown>): ParameterValues {
  return withDefaults(FILE_SCHEMA, values) as unknown as ParameterValues;
}

/** The defaults of schemas/parameter.json: what every parameter is until someone saves another. */
export const PARAMETER_DEFAULTS: Readonly<ParameterValues> = Object.freeze(typed({}));

/** The sign-in limits of the accounts (server/auth/sql-accounts.ts), from the parameters. */
export const accountLimitsOf = (values: ParameterValues) => ({
  sessionHours: values.sessionHours,
  failuresPerAccount: values.failuresPerAccount,
  failuresPerAddress: values.failuresPerAddress,
  windowMinutes: values.lockWindowMinutes,
});

export interface Parameters {
  /** The values now (at most PARAMETERS_MAX_AGE_MS old). */
  current(): Promise<ParameterValues>;
  /** Forgets the values kept: the next `current()` reads them again (after an update here). */
  forget(): void;
}

export interface ParametersDeps {
  registry: Registry;
  store: Store;
  maxAgeMs?: number;
  /** The clock of the cache, in milliseconds. */
  clock?: () => number;
}

/**
 * The values as they are stored now, read through this store: inside a write's transaction,
 * through its own store (the cached `current()` reads outside it).
 */
export async function readParameters(registry: Registry, store: Store): Promise<ParameterValues> {
  const schema = registry.resources[PARAMETER_RESOURCE];
  // A product without the parameters (the mechanism's test fixtures) works by the defaults.
  if (!schema) return PARAMETER_DEFAULTS;
  const { id: _id, version: _version, ...values } = await readSingleton(store, PARAMETER_RESOURCE, schema);
  return typed(values);
}

export function createParameters({ registry, store, maxAgeMs = PARAMETERS_MAX_AGE_MS, clock = Date.now }: ParametersDeps): Parameters {
  let kept: { values: ParameterValues; at: number } | undefined;
  let reading: Promise<ParameterValues> | undefined;
  // Moves on with every forget: a read begun before an update does not keep what it found.
  let generation = 0;

  const read = () => readParameters(registry, store);

  return {
    current() {
      if (kept && clock() - kept.at < maxAgeMs) return Promise.resolve(kept.values);
      if (!reading) {
        const started = generation;
        const at = clock();
        reading = read()
          .then((values) => {
            if (started === generation) kept = { values, at };
            return values;
          })
          .finally(() => {
            if (started === generation) reading = undefined;
          });
      }
      return reading;
    },
    forget() {
      generation++;
      kept = undefined;
      reading = undefined;
    },
  };
}
