// Messages and notifications in the app: their calls, the stream, and the service other parts
// of the server tell people through (`notify`). Without the two resources' schemas, nothing.
import { MESSAGE, NOTIFICATION } from '../../kernel/notify/names';
import type { Registry } from '../../kernel/schema/registry';
import type { Accounts } from '../auth/accounts';
import type { Api } from '../http/endpoints';
import { createNotices, type Notices } from './notifications';
import type { Store } from '../store/types';
import { type NoticeBus, memoryBus } from './bus';
import { registerNoticeCalls } from './calls';
import type { People } from './people';
import { registerNoticeStream } from './stream';

export interface NoticeDeps {
  registry: Registry;
  store: Store;
  accounts: Accounts;
  people: People;
  /** How writes reach the streams: in memory (one process) unless given (PostgreSQL: postgresBus). */
  bus?: NoticeBus;
  now?: () => Date;
  keepAliveMs?: number;
  /** The roles that exist now (the stored roles); the ones the schemas name without it. */
  roleNames?: () => Promise<string[]>;
}

/** The service, and `close`, which ends every open stream and the bus (a server stopping). */
export function registerNotices(
  api: Api,
  { registry, store, accounts, people, bus = memoryBus(), now, keepAliveMs, roleNames }: NoticeDeps,
): (Notices & { closeStreams: () => void; endSession: (token: string) => void }) | undefined {
  if (!registry.resources[MESSAGE] || !registry.resources[NOTIFICATION]) return undefined;
  const notices = createNotices({ store, people, bus, now });
  const { me } = registerNoticeCalls(api, { notices, people, registry, roleNames });
  const { closeAll: closeStreams, endSession } = registerNoticeStream(api, { notices, accounts, me, keepAliveMs });
  const closeBus = notices.close;
  return Object.assign(notices, {
    closeStreams,
    endSession,
    close: async () => {
      closeStreams();
      await closeBus();
    },
  });
}
