import { describe, it } from 'vitest';
import { describeContract } from './contract';
import { describeRelations } from './relations';
import { postgresSkip } from './stores';

if (postgresSkip) {
  describe('/dev-api contract on the PostgreSQL store', () => {
    it.skip(`skipped: PostgreSQL is not reachable (${postgresSkip})`, () => undefined);
  });
  console.warn(`Skipping the PostgreSQL contract suite: ${postgresSkip}`);
} else {
  describeContract('PostgreSQL');
  describeRelations('PostgreSQL');
}
