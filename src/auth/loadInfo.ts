// The signed-in person's info for the route guard, the permissions and the identity, loaded until
// the server gives an answer. Only the server's word ends a session (a session code, or an info
// without roles); when it cannot be reached, the token stays and the person is offered a retry.
import { pageIsLeaving, pageShownAgain } from '../api/events';
import { ApiError, SESSION_CODES } from '../api/http';
import { InfoError, type UserInfo, ensureInfo } from './session';

/**
 * - 'sign-out': the server refused the session, or its info is unusable: clear it, go to sign-in;
 * - 'stay-quiet': the browser cut the call off while unloading the page: nothing to do, the next
 *   page checks again with the same token;
 * - 'offer-retry': no answer (offline, timeout, an answer that is not ours) or a failure of the
 *   server: keep the token, say what happened, try again when asked.
 */
export type InfoFailureAction = 'sign-out' | 'stay-quiet' | 'offer-retry';

export function afterInfoFailure(error: unknown, pageLeaving: boolean): InfoFailureAction {
  if (error instanceof InfoError) return 'sign-out';
  if (error instanceof ApiError && SESSION_CODES.includes(error.code)) return 'sign-out';
  if (error instanceof ApiError && error.kind === 'aborted' && pageLeaving) return 'stay-quiet';
  return 'offer-retry';
}

type Listener = () => void;
const listeners = new Set<Listener>();
let message: string | undefined;
let retried: (() => void) | undefined;
let waiting: Promise<void> | undefined;

function setMessage(next: string | undefined) {
  message = next;
  for (const listener of listeners) listener();
}

/** What went wrong while the checks wait for a retry (shown by SessionLoading). */
export const connectionTrouble = {
  message: (): string | undefined => message,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Runs every waiting check again. */
  retry() {
    const resume = retried;
    waiting = retried = undefined;
    setMessage(undefined);
    resume?.();
  },
};

/** Concurrent callers (the guard and the permissions) share one wait and one message. */
function waitForRetry(text: string): Promise<void> {
  setMessage(text);
  waiting ??= new Promise<void>((resolve) => (retried = resolve));
  return waiting;
}

// The browser saying the network is back is as good as the person pressing Retry.
if (typeof window !== 'undefined') window.addEventListener('online', () => message !== undefined && connectionTrouble.retry());

/** The info, once the server answers; rejects only when the session is refused. */
export async function loadInfo(): Promise<UserInfo> {
  for (;;) {
    try {
      return await ensureInfo();
    } catch (error) {
      const action = afterInfoFailure(error, pageIsLeaving());
      if (action === 'sign-out') throw error;
      if (action === 'stay-quiet') await pageShownAgain();
      else await waitForRetry(error instanceof Error && error.message ? error.message : String(error));
    }
  }
}
