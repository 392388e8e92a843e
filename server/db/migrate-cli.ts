// `npm run migrate`: brings the database (DATABASE_URL, else DATA_DIR/console.db) up to the schemas.
import { loadServerRegistry } from '../resources/registry';
import { connectFromEnv } from './connect';
import { migrate } from './migrate';

const connection = await connectFromEnv();
const steps = await migrate(connection, loadServerRegistry(), (line) => console.log(line));
console.log(
  steps.length
    ? `${connection.describe}: applied ${steps.length} step(s):\n  ${steps.join('\n  ')}`
    : `${connection.describe}: already up to date.`,
);
await connection.db.destroy();
