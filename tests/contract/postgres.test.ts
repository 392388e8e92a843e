import { afterAll, describe, it } from 'vitest';
import { openSqlStore } from '../../server/db/open';
import { describeContract } from './contract';
import { dropPostgresSchemas, freshPostgres, postgresUnavailable } from './databases';
import { registry } from './helpers';
import { describeRelations } from './relations';

const unavailable = await postgresUnavailable();

if (unavailable) {
  describe('/dev-api contract on the PostgreSQL store', () => {
    it.skip(`skipped: PostgreSQL is not reachable (${unavailable})`, () => undefined);
  });
  console.warn(`Skipping the PostgreSQL contract suite: ${unavailable}`);
} else {
  afterAll(dropPostgresSchemas);
  describeContract('PostgreSQL', async () => openSqlStore(await freshPostgres(), registry));
  describeRelations('PostgreSQL', async (schemas) => openSqlStore(await freshPostgres(), schemas));
}
