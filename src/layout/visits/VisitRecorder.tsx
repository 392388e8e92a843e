// Records each screen the signed-in person opens into the visit log queue (visitQueue.ts) and
// sends it on its timer; a page hidden or closed keeps what waits in the browser's storage, sent
// when it shows again or by the next page of the console. Mounted once in the layout,
// which only signed-in people see; renders nothing.
import { useEffect } from 'react';
import { usePathname } from '../../routes/pathname';
import { API_BASE } from '../../../kernel/contract/codes';
import { VISIT_ADD_PATH, type Visit } from '../../../kernel/history/visits';
import { getToken } from '../../api/token';
import { useRouteTitleKey } from '../../routes/useRouteTitle';
import { type SavedVisits, VISIT_FLUSH_MS, createVisitQueue } from './visitQueue';

/**
 * Posts a batch under the token of the session it was recorded in. The answer is read to its
 * end even though nothing in it is needed: an answer left unread keeps its request open.
 */
async function sendVisits(visits: Visit[], token: string) {
  const answer = await fetch(`${API_BASE}${VISIT_ADD_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ visits }),
  });
  await answer.arrayBuffer();
}

/** One queue for the console: a screen opened just before a sign-out is sent with nobody's token, so dropped. */
const queue = createVisitQueue({ send: sendVisits, session: getToken });

/** Where a closing page keeps the visits it did not send. */
const SAVED_KEY = 'console.visits';

/** Keeps what waits for the next page (added to what an earlier page kept, if any). */
function keepForNextPage() {
  const taken = queue.takeAll();
  if (!taken) return;
  try {
    const earlier = readSaved().filter((saved) => saved.session !== taken.session);
    const same = readSaved().find((saved) => saved.session === taken.session);
    const merged: SavedVisits = { session: taken.session, visits: [...(same?.visits ?? []), ...taken.visits] };
    localStorage.setItem(SAVED_KEY, JSON.stringify([...earlier, merged]));
  } catch {
    // Storage full or refused: these visits are lost, the screen is not.
  }
}

function readSaved(): SavedVisits[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SAVED_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? (parsed as SavedVisits[]).filter((saved) => typeof saved?.session === 'string' && Array.isArray(saved.visits))
      : [];
  } catch {
    return [];
  }
}

/** Sends what earlier pages kept, each under its own session, and forgets it. */
function sendKept() {
  const kept = readSaved();
  localStorage.removeItem(SAVED_KEY);
  for (const saved of kept) queue.sendSaved(saved);
}

export function VisitRecorder() {
  const pathname = usePathname();
  const title = useRouteTitleKey();

  // Every screen of the route tree has a title; paths without one only pass through (`/`, which
  // redirects, and the redirect a tag's Refresh goes through), or are not known yet while the
  // person's routes load: the visit is recorded once its title is.
  useEffect(() => {
    if (title) queue.record(pathname, title);
  }, [pathname, title]);

  useEffect(() => {
    sendKept();
    const timer = setInterval(() => queue.flush(), VISIT_FLUSH_MS);
    const leaving = () => keepForNextPage();
    // Hidden may mean closing: kept like on closing, and sent when the page shows again.
    const hidden = () => (document.visibilityState === 'hidden' ? keepForNextPage() : sendKept());
    window.addEventListener('pagehide', leaving);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leaving);
      document.removeEventListener('visibilitychange', hidden);
      // Leaving the layout (signing out): what is still queued goes while the token is there.
      queue.flush();
    };
  }, []);
  return null;
}
