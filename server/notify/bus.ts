// "Something new for these people": how a write tells the streams open on this server, and on
// every other instance sharing the PostgreSQL database (LISTEN/NOTIFY), that their unread
// counts changed. On SQLite and in the mock there is one process: the bus stays in memory; the
// PostgreSQL one is in pg-bus.ts, apart, so the in-browser mock never loads a database driver.
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
