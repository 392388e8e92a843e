// "Something new for these people": how a write tells the streams open on this server, and on
// every other instance sharing the PostgreSQL database (LISTEN/NOTIFY), that their unread
// counts changed. On SQLite and in the mock there is one process: the bus stays in memory.
import pg from 'pg';

export type NoticeListener = (usernames: string[]) => void;

export interface NoticeBus {
  publish(usernames: string[]): Promise<void>;
  /** Calls the listener for every publication, here or on another instance; answers the unsubscribe. */
  subscribe(listener: NoticeListener): () => void;
  close(): Promise<void>;
}

/** Listeners of one process. */
export function memoryBus(): NoticeBus {
  const listeners = new Set<NoticeListener>();
  const deliver = (usernames: string[]) => {
    for (const listener of listeners) listener(usernames);
  };
  return {
    publish: async (usernames) => deliver(usernames),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => listeners.clear(),
  };
}

/** PostgreSQL's channel names are identifiers: letters, digits and underscores here. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
/** NOTIFY carries at most 8000 bytes; a longer list of people is sent in parts. */
const PAYLOAD_USERS = 100;

/**
 * A bus over PostgreSQL's LISTEN/NOTIFY on `channel` (one per database the instances share),
 * through a connection of its own that stays open to listen. A publication reaches this
 * instance's listeners through the database too, so every instance hears it alike.
 */
export async function postgresBus(url: string, channel = 'console_notices', onError: (error: unknown) => void = console.error): Promise<NoticeBus> {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const listeners = new Set<NoticeListener>();
  const client = new pg.Client({ connectionString: url });
  client.on('error', onError);
  client.on('notification', (message) => {
    if (message.channel !== channel || !message.payload) return;
    try {
      const usernames = JSON.parse(message.payload) as unknown;
      if (!Array.isArray(usernames)) return;
      const named = usernames.filter((u): u is string => typeof u === 'string');
      for (const listener of listeners) listener(named);
    } catch (error) {
      onError(error);
    }
  });
  await client.connect();
  await client.query(`LISTEN ${channel}`);
  return {
    async publish(usernames) {
      for (let i = 0; i < usernames.length; i += PAYLOAD_USERS) {
        await client.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(usernames.slice(i, i + PAYLOAD_USERS))]);
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await client.end().catch(onError);
    },
  };
}
