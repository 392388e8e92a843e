// Fills a store with the demo data set: every resource's fake records, server-derived fields included.
import { derive } from '../schema/derive';
import type { Registry } from '../schema/registry';
import { SEED_DATE, fakeRecords } from './fake';

/** Where the demo data goes: any store of the server, or the mock's. */
export interface Inserter {
  insert(resource: string, values: Record<string, unknown>): Promise<unknown>;
}

export async function seedStore(store: Inserter, registry: Registry, seed = 1): Promise<void> {
  for (const [name, schema] of Object.entries(registry.resources)) {
    for (const record of fakeRecords(schema, registry.config, seed)) {
      await store.insert(name, derive(schema, record, undefined, SEED_DATE));
    }
  }
}
