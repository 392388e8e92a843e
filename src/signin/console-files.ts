// The console's code, downloaded while the sign-in page is idle and not run: the files go into
// the browser's cache at the lowest priority (prefetch), a few at a time in idle moments, so that
// running the console when the person starts typing, or signs in, no longer waits for the
// network, and nothing competes with the page's first paint or holds its main thread before the
// person does anything (a module preload would also compile each file as it arrives).

/** The console's files, space-separated; the build writes them in (build/console-files.ts). */
const CONSOLE_FILES: string = '__CONSOLE_FILES__';

/** The files to download, none where the build did not name them (development). */
export const consoleFiles = (): string[] => (CONSOLE_FILES.startsWith('__') ? [] : CONSOLE_FILES.split(' ').filter(Boolean));

/** The mark the page's performance timeline gets once the console's code has run. */
export const CONSOLE_RUN_MARK = 'console run';

/** The marks of what became of the console drawn ahead of sign-in (src/app/drawAhead.tsx). */
export const DRAWN_AHEAD_MARKS = { shown: 'console drawn ahead: shown', thrownAway: 'console drawn ahead: thrown away' };

/** Idle time an idle callback leaves for the browser's own work, in milliseconds. */
const IDLE_MARGIN_MS = 5;
/** Files asked for in one step at most: each costs the main thread a little (an element, a request). */
const FILES_PER_STEP = 6;

/** Once the page has loaded, in the browser's idle moments (a short timeout where it has none). */
function idle(run: (deadline?: IdleDeadline) => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

export function whenIdle(run: () => void): void {
  if (document.readyState === 'complete') idle(() => run());
  else window.addEventListener('load', () => idle(() => run()), { once: true });
}

let downloaded = false;

/** Asks for the console's files at the lowest priority, once, a few in each idle moment. */
export function downloadConsole(files = consoleFiles()): void {
  if (downloaded) return;
  downloaded = true;
  let next = 0;
  const step = (deadline?: IdleDeadline) => {
    const stop = next + FILES_PER_STEP;
    do {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      // In CORS mode, as the import (and the stylesheet it adds) will ask, so that it finds them in the cache.
      link.crossOrigin = '';
      link.href = files[next++];
      document.head.appendChild(link);
    } while (next < files.length && next < stop && (!deadline || deadline.timeRemaining() > IDLE_MARGIN_MS));
    if (next < files.length) idle(step);
  };
  if (files.length) idle(step);
}
