// Small signals between the HTTP layer and the screen: "the server says this session is over",
// and "the page is being unloaded", which tells a call cut off by the browser from a failing network.
type Listener = () => void;
const listeners = new Set<Listener>();

export const sessionEnded = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit() {
    for (const listener of listeners) listener();
  },
};

const dueListeners = new Set<Listener>();

/** The server refused a call because the person must choose a new password first (40012). */
export const passwordChangeDue = {
  subscribe(listener: Listener): () => void {
    dueListeners.add(listener);
    return () => dueListeners.delete(listener);
  },
  emit() {
    for (const listener of dueListeners) listener();
  },
};

// Chromium fires pagehide before it fails the page's calls in flight ("Failed to fetch"), so a
// failure seen after it belongs to a page that is going away. pagehide, unlike beforeunload, is
// never cancelled; pageshow undoes it when the page comes back from the back-forward cache.
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leaving = true));
  window.addEventListener('pageshow', () => (leaving = false));
}

/** True between pagehide and the next pageshow. */
export const pageIsLeaving = () => leaving;

/** Resolves when the page is shown again (never, when it is really unloaded). */
export const pageShownAgain = () => new Promise<void>((resolve) => window.addEventListener('pageshow', () => resolve(), { once: true }));
