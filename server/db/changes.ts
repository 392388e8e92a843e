// Which resource tables other server instances wrote, on PostgreSQL: every resource table has a
// statement trigger (migrate.ts) that sends `schema.table` on COUNTS_CHANNEL; PostgreSQL delivers
// it when the writing transaction commits, and never for one rolled back. This instance listens
// on a connection of its own, kept open and opened again when it drops.
import pg from 'pg';
import { COUNTS_CHANNEL } from './migrate';
/** How long to wait before listening again after the connection dropped. */
const RETRY_MS = 1000;

export interface TableWatch {
  close(): Promise<void>;
}

/**
 * Calls `changed(table)` for each committed write to a table of the connection's schema, and
 * `listening(on)` when it starts hearing them (true) or may have missed some (false: the
 * connection dropped; it tries again every RETRY_MS).
 */
export function watchTables(config: pg.ClientConfig, changed: (table: string) => void, listening: (on: boolean) => void): TableWatch {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client) => {
    if (client !== current) return;
    client = undefined;
    listening(false);
    current.end().catch(() => undefined);
    if (!closed) retry = setTimeout(open, RETRY_MS).unref();
  };

  async function open() {
    if (closed) return;
    const current = new pg.Client({ ...config, keepAlive: true });
    client = current;
    current.on('error', () => lost(current));
    current.on('end', () => lost(current));
    try {
      await current.connect();
      const { rows } = await current.query<{ schema: string }>('select current_schema() as schema');
      const prefix = `${rows[0].schema}.`;
      current.on('notification', (message) => {
        if (message.channel === COUNTS_CHANNEL && message.payload?.startsWith(prefix)) changed(message.payload.slice(prefix.length));
      });
      await current.query(`LISTEN ${COUNTS_CHANNEL}`);
      if (client === current && !closed) listening(true);
    } catch {
      lost(current);
    }
  }
  void open();

  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (current) {
        listening(false);
        await current.end().catch(() => undefined);
      }
    },
  };
}
