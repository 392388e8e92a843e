// Listening to the notice stream: an EventSource that says the unread count at once and on each
// change. When it drops it is opened again after a growing wait (the browser's own retry gives
// up on some failures, such as an answer that is not a stream); it stops for good when the server
// says the session ended, when there is no token, or when the caller stops it.
import { API_BASE } from '../../kernel/contract/codes';
import { NOTICE_PATHS, type UnreadCount } from '../../kernel/notify/names';
import { parseUnread, reconnectDelay } from './unread';

/** What the stream says (server/notify/stream.ts). */
export const STREAM_EVENTS = { unread: 'unread', ended: 'ended' } as const;

export interface ListenOptions {
  /** The session token, read at each (re)connection. */
  token: () => string | undefined;
  onCount: (count: UnreadCount) => void;
  /** The browser's EventSource, unless another is given. */
  open?: (url: string) => EventSource;
}

/** Starts listening; answers the function that stops. */
export function listenToUnread({ token, onCount, open = (url) => new EventSource(url) }: ListenOptions): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
  const connect = () => {
    const current = token();
    if (stopped || !current) return;
    source = open(`${API_BASE}${NOTICE_PATHS.stream}?token=${encodeURIComponent(current)}`);
    source.addEventListener(STREAM_EVENTS.unread, (event) => {
      attempt = 0;
      const count = parseUnread((event as MessageEvent<string>).data);
      if (count) onCount(count);
    });
    source.addEventListener(STREAM_EVENTS.ended, stop);
    source.onerror = () => {
      source?.close();
      if (!stopped) timer = setTimeout(connect, reconnectDelay(attempt++));
    };
  };
  connect();
  return stop;
}
