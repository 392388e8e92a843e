// The named demo-data generators a seed plan can ask for (`x-resource.seed.generator`).
import type { SeedGenerator } from './made';
import { groupItems } from './group-items';
import { wells } from './wells';

export const SEED_GENERATORS: Readonly<Record<string, SeedGenerator>> = { wells, groupItems };
