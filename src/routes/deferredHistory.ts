// The browser history of a console drawn ahead of sign-in (src/app/drawAhead.tsx): until the
// person is signed in, the console is on the page the sign-in will open while the address bar
// stays on the sign-in page's own, and its moves (the redirect of `/` to `/home`) stay inside it.
// Once signed in, the address becomes the console's page and the browser's history takes over.
import {
  type Location,
  NavigationType,
  type To,
  UNSAFE_createBrowserHistory,
  type unstable_HistoryRouter,
  createPath,
  parsePath,
} from 'react-router-dom';

type History = Parameters<typeof unstable_HistoryRouter>[0]['history'];
type Listener = Parameters<History['listen']>[0];

export interface DeferredHistory {
  history: History;
  /** The address becomes the console's page, and from then on the browser's history is the console's. */
  activate(): void;
  /** Whether the console is on another page than the one it was drawn on. */
  moved(): boolean;
}

let keys = 0;
const locationOf = (to: To, state: unknown): Location => ({
  pathname: '/',
  search: '',
  hash: '',
  ...(typeof to === 'string' ? parsePath(to) : to),
  state: state ?? null,
  key: `ahead-${++keys}`,
});

export function createDeferredHistory(initial: string): DeferredHistory {
  let browser: History | undefined;
  let listener: Listener | undefined;
  let action = NavigationType.Pop;
  let location = locationOf(initial, null);
  const move = (next: NavigationType, to: To, state: unknown) => {
    action = next;
    location = locationOf(to, state);
    listener?.({ action, location, delta: next === NavigationType.Push ? 1 : 0 });
  };
  const createHref = (to: To) => (typeof to === 'string' ? to : createPath(to));
  const history: History = {
    get action() {
      return browser ? browser.action : action;
    },
    get location() {
      return browser ? browser.location : location;
    },
    createHref,
    createURL: (to) => new URL(createHref(to), window.location.origin),
    encodeLocation: (to) => {
      const { pathname, search, hash } = new URL(createHref(to), window.location.origin);
      return { pathname, search, hash };
    },
    push: (to, state) => (browser ? browser.push(to, state) : move(NavigationType.Push, to, state)),
    replace: (to, state) => (browser ? browser.replace(to, state) : move(NavigationType.Replace, to, state)),
    go: (delta) => browser?.go(delta),
    listen(next) {
      listener = next;
      const stop = browser?.listen(next);
      return () => {
        listener = undefined;
        stop?.();
      };
    },
  };
  return {
    history,
    moved: () => createPath(history.location) !== initial,
    activate() {
      if (browser) return;
      // In the shape the browser's history keeps its entries (the page's state, its key, its place).
      window.history.replaceState({ usr: location.state, key: location.key, idx: 0 }, '', createPath(location));
      browser = UNSAFE_createBrowserHistory({ v5Compat: true });
      if (listener) browser.listen(listener);
    },
  };
}
