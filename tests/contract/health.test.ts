// The health check answers at once while the database answers, even when every connection is
// busy with writes waiting their turn (a restart under load), on SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Connection } from '../../server/db/connect';
import { databaseMatrix } from './stores';

const databases = databaseMatrix();
/** The PostgreSQL pool's size, as connect-postgres.ts reads it. */
const POOL = Number(process.env.DATABASE_POOL ?? 10);

/** `promise`'s time in ms, or Infinity past `limit` ms. */
async function timed(promise: Promise<unknown>, limit: number): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(Infinity), limit)));
  const took = await Promise.race([promise.then(() => performance.now() - started), late]);
  clearTimeout(timer);
  return took;
}

describe.each(databases)('health check on %s', (_name, connect) => {
  let connection: Connection;
  beforeEach(async () => {
    connection = await connect();
  });
  afterEach(async () => {
    await connection.db.destroy();
  });

  it('answers within 500 ms while every connection is held by a transaction', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = connection.dialect === 'postgres' ? POOL : 1;
    let started = 0;
    const writers = Array.from({ length: held + 20 }, () =>
      connection.db.transaction().execute(async (trx) => {
        started++;
        await trx.selectFrom('app_migrations').select('name').limit(1).execute();
        await gate;
      }),
    );
    while (started < held) await new Promise((resolve) => setTimeout(resolve, 5));
    const took = await timed(connection.ping(), 500);
    release();
    await Promise.all(writers);
    expect(took).toBeLessThan(500);
  });
});
