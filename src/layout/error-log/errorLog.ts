// The error log: runtime errors and rejected promises, collected while the console runs.
export interface LoggedError {
  message: string;
  stack?: string;
  url: string;
  time: string;
}

type Listener = () => void;
let entries: LoggedError[] = [];
const listeners = new Set<Listener>();
const MAX_ENTRIES = 200;

function emit() {
  for (const listener of listeners) listener();
}

export const errorLog = {
  add(error: unknown, url = window.location.href) {
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error);
    entries = [
      ...entries,
      { message: message || String(error), stack: error instanceof Error ? error.stack : undefined, url, time: new Date().toISOString() },
    ].slice(-MAX_ENTRIES);
    emit();
  },
  clear() {
    entries = [];
    emit();
  },
  entries: () => entries,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Starts collecting: window errors and unhandled promise rejections. Call once. */
export function collectErrors() {
  window.addEventListener('error', (event) => errorLog.add(event.error ?? event.message));
  window.addEventListener('unhandledrejection', (event) => errorLog.add(event.reason));
}
