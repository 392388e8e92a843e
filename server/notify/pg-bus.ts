// The notification bus across server instances sharing one PostgreSQL database: LISTEN/NOTIFY.
// Node only (the Node entry and the tests load it; the in-browser mock never does).
import pg from 'pg';
import type { NoticeBus, NoticeListener } from './bus';

/** PostgreSQL's channel names are identifiers: letters, digits and underscores here. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
/** NOTIFY carries at most 8000 bytes; a longer list of people is sent in parts. */
const PAYLOAD_USERS = 100;

/**
 * A bus over PostgreSQL's LISTEN/NOTIFY on `channel` (one per database the instances share),
 * through a connection of its own that stays open to listen. A publication reaches this
 * instance's listeners through the database too, so every instance hears it alike.
 */
export async function postgresBus(
  url: string,
  channel = 'console_notices',
  onError: (error: unknown) => void = console.error,
): Promise<NoticeBus> {
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
