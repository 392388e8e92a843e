// What a named demo-data generator is (`x-resource.seed.generator`): code that makes the records
// of several resources together, where they must agree with one another (a well's trips follow
// one another in depth, a daily report covers each day of a trip, an instrument's status matches
// its assignment). The seed engine (seed.ts, finish.ts) runs it, completes what the server would
// compute, and writes its records in one transaction.
import type { Faker } from '@faker-js/faker';
import type { Registry } from '../schema/registry';
import type { SeedPlan } from '../schema/types';

/**
 * A reference to a record the same generator makes: the `index`-th record of `resource` in its
 * output. The engine writes that record first and puts its id in place of the reference.
 */
export class Made {
  constructor(
    readonly resource: string,
    readonly index: number,
  ) {}
}

/** A record already in the store, with its id. */
export type StoredRecord = Record<string, unknown> & { id: number };

/** What a generator is handed. */
export interface GeneratorInput {
  registry: Registry;
  /** The plan of each resource it makes (the count of the top one: 30 wells). */
  plans: Record<string, SeedPlan>;
  /** The records already in the store of each resource it reads, in id order. */
  existing: Record<string, StoredRecord[]>;
  /** The enabled keys of a data dictionary list. */
  dictionaryKeys: (code: string) => readonly string[];
  /** The random source, seeded for this generator: the same seed gives the same records. */
  random: Faker;
  /** The day the demo data is made around (nothing is later). */
  seedDate: Date;
}

/** What a generator gives back. */
export interface GeneratedSet {
  /** The new records of each resource it makes; references to one another are `Made`. */
  records: Record<string, Record<string, unknown>[]>;
  /** Changes to records already in the store (the fields given replace the stored ones). */
  updates?: { resource: string; id: number; values: Record<string, unknown> }[];
}

export interface SeedGenerator {
  /** The resources it makes, all at once: each names the generator in its seed plan. */
  makes: readonly string[];
  /** The resources whose stored records it reads (they are filled before it runs). */
  reads: readonly string[];
  generate(input: GeneratorInput): GeneratedSet;
}
