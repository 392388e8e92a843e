// GET /notification/stream: a Server-Sent Events stream telling the signed-in person, with their
// new unread count, each time something new for them arrives, here or on another instance. The
// browser's EventSource cannot send headers, so this call also takes the token as `?token=`.
// A caller that does not ask for `text/event-stream` gets the count once, as JSON, at once.
import { streamSSE } from 'hono/streaming';
import { NOTICE_PATHS } from '../../kernel/notify/names';
import type { Accounts } from '../auth/accounts';
import type { AppContext } from '../context';
import { fail, ok } from '../context';
import { Code } from '../../kernel/contract/codes';
import { MAX_STREAMS_PER_SESSION } from '../../kernel/contract/limits';
import type { Api } from '../http/endpoints';
import type { Notices } from './notifications';
import type { Person } from './people';
import { unreadSchema } from './calls';

/** How often a quiet stream sends a comment, so proxies keep it open, and checks the session still stands. */
export const KEEP_ALIVE_MS = 25_000;

/** What the stream says: the new count, or that the session ended (the console stops listening). */
export const STREAM_EVENTS = { unread: 'unread', ended: 'ended' } as const;

export interface StreamDeps {
  notices: Notices;
  accounts: Accounts;
  me: (c: AppContext) => Promise<Person | undefined>;
  keepAliveMs?: number;
}

/**
 * Registers the stream; answers `closeAll`, which ends every open stream (a server stopping), and
 * `endSession`, which ends a session's streams when it signs out here (on another instance the next
 * keep-alive's check finds it ended).
 */
export function registerNoticeStream(api: Api, { notices, accounts, me, keepAliveMs = KEEP_ALIVE_MS }: StreamDeps) {
  /** The open streams, by session token: how each ends, saying why (or not, when the server stops). */
  const open = new Map<string, Set<(problem?: string) => void>>();
  api.on(
    {
      method: 'GET',
      path: NOTICE_PATHS.stream,
      access: 'signed-in',
      tokenInQuery: true,
      doc: {
        tags: ['messages'],
        summary: 'Something new for me: a stream of my unread count (Server-Sent Events)',
        description: `With Accept: text/event-stream, a Server-Sent Events stream: an \`${STREAM_EVENTS.unread}\` event with the unread count (as GET ${NOTICE_PATHS.unread} answers it) at once and whenever it may have changed, a comment every ${KEEP_ALIVE_MS / 1000} s, and an \`${STREAM_EVENTS.ended}\` event when the session ends (sign-out, at once on this instance; expiry), after which the stream closes. A session holds at most ${MAX_STREAMS_PER_SESSION} streams at a time: one more is refused (code 42900). Otherwise the count once, as JSON. The token may also be given as the query parameter \`token\` (EventSource cannot send headers), on this call, GET /user/info and POST /user/logout only.`,
        parameters: [{ name: 'token', in: 'query', schema: { type: 'string' }, description: 'instead of the X-Token header' }],
        data: unreadSchema,
        codes: [Code.tooManyAttempts],
      },
    },
    async (c) => {
      const person = await me(c);
      if (!person || !(c.req.header('Accept') ?? '').includes('text/event-stream')) {
        return person ? ok(c, await notices.unread(person.username)) : ok(c, { count: 0, messages: 0, notifications: 0 });
      }
      const token = c.get('token');
      const mine = open.get(token) ?? new Set();
      // A tab holds one stream: a session holding many more is refused, before it costs anything.
      if (mine.size >= MAX_STREAMS_PER_SESSION)
        return fail(c, Code.tooManyAttempts, c.get('t')('server.too_many_streams', { max: MAX_STREAMS_PER_SESSION }));
      open.set(token, mine);
      // The place is taken at once, so that streams asked for together are counted together.
      let ending: (problem?: string) => void = () => {};
      const end = (problem?: string) => ending(problem);
      mine.add(end);
      return streamSSE(c, async (stream) => {
        let finish = () => {};
        const finished = new Promise<void>((resolve) => (finish = resolve));
        // One write at a time, in order: a count, a comment or the end.
        let queue = Promise.resolve();
        const enqueue = (write: () => Promise<void>) => {
          queue = queue.then(write).catch(() => finish());
          return queue;
        };
        const sendCount = () =>
          enqueue(async () =>
            stream.writeSSE({ event: STREAM_EVENTS.unread, data: JSON.stringify(await notices.unread(person.username)) }),
          );
        const unwatch = notices.watch(person.username, () => void sendCount());
        const tick = setInterval(() => {
          void enqueue(async () => {
            const session = await accounts.check(token);
            if ('problem' in session) {
              await stream.writeSSE({ event: STREAM_EVENTS.ended, data: session.problem });
              finish();
            } else await stream.write(': keep-alive\n\n');
          });
        }, keepAliveMs);
        ending = (problem) => {
          if (problem) void enqueue(() => stream.writeSSE({ event: STREAM_EVENTS.ended, data: problem })).then(finish);
          else finish();
        };
        stream.onAbort(() => finish());
        await sendCount();
        await finished;
        clearInterval(tick);
        unwatch();
        mine.delete(end);
        if (mine.size === 0 && open.get(token) === mine) open.delete(token);
      });
    },
  );
  return {
    closeAll: () => {
      for (const ends of open.values()) for (const end of ends) end();
    },
    endSession: (token: string) => {
      for (const end of open.get(token) ?? []) end('unknown');
    },
  };
}
