// Fills a store with the demo data set: every resource's fake records, server-derived fields included.
import { derive } from '../server/derive';
import type { Store } from '../server/store/types';
import type { Registry } from '../src/schema/registry';
import { SEED_DATE, fakeRecords } from './fake';

export async function seedStore(store: Store, registry: Registry, seed = 1): Promise<void> {
  for (const [name, schema] of Object.entries(registry.resources)) {
    for (const record of fakeRecords(schema, registry.config, seed)) {
      await store.insert(name, derive(schema, record, undefined, SEED_DATE));
    }
  }
}
