// Records each screen the signed-in person opens into the visit log queue (visitQueue.ts) and
// sends it on its timer and when the page is hidden. Mounted once in the layout, which only
// signed-in people see; renders nothing.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { API_BASE } from '../../../kernel/contract/codes';
import { VISIT_ADD_PATH, type Visit } from '../../../kernel/history/visits';
import { getToken } from '../../api/token';
import { useRouteTitleKey } from '../../routes/useRouteTitle';
import { VISIT_FLUSH_MS, createVisitQueue } from './visitQueue';

/** Posts a batch with the session's token; a keepalive call is finished by the browser even after the page is gone. */
function sendVisits(visits: Visit[], keepalive: boolean) {
  const token = getToken();
  if (!token) return Promise.resolve();
  return fetch(`${API_BASE}${VISIT_ADD_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ visits }),
    keepalive,
  });
}

/** One queue for the console: a screen opened just before a sign-out is sent with nobody's token, so dropped. */
const queue = createVisitQueue({ send: sendVisits, session: getToken });


export function VisitRecorder() {
  const { pathname } = useLocation();
  const title = useRouteTitleKey();

  // Every screen of the route tree has a title; paths without one only pass through (`/`, which
  // redirects, and the redirect a tag's Refresh goes through), or are not known yet while the
  // person's routes load: the visit is recorded once its title is.
  useEffect(() => {
    if (title) queue.record(pathname, title);
  }, [pathname, title]);

  useEffect(() => {
    const timer = setInterval(() => queue.flush(), VISIT_FLUSH_MS);
    const leaving = () => queue.flush(true);
    const hidden = () => document.visibilityState === 'hidden' && queue.flush(true);
    window.addEventListener('pagehide', leaving);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', leaving);
      document.removeEventListener('visibilitychange', hidden);
      // Leaving the layout (signing out): what is still queued goes while the token is there.
      queue.flush(true);
    };
  }, []);
  return null;
}
