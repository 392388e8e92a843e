// `npm run seed`: loads the demo data set into the database (DATABASE_URL, else DATA_DIR/console.db),
// after bringing it up to the schemas. Resumes an interrupted run; on a database that has the whole
// set already it says so and writes nothing. Resources that held records before any seeding are left as they are.
import { loadServerRegistry } from '../resources/registry';
import { connectFromEnv } from './connect';
import { migrate } from './migrate';
import { seedDatabase } from './seed';

const connection = await connectFromEnv();
try {
  const registry = loadServerRegistry();
  await migrate(connection, registry);
  const { inserted, skipped } = await seedDatabase(connection, registry);
  if (inserted.length === 0) console.log(`${connection.describe}: the demo data set is there already; nothing inserted.`);
  else {
    console.log(`${connection.describe}: demo data inserted: ${inserted.map((r) => `${r.resource} ${r.count}`).join(', ')}.`);
    if (skipped.length) console.log(`Already there, left as they are: ${skipped.join(', ')}.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await connection.db.destroy();
}
