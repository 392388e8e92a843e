// Waiting until a page is still, for a screenshot or a measure of what it shows: no request in
// flight, no transition or animation under way, nothing in the page changed, for a moment on end.
// What a fixed pause guessed at (a drawer's slide, a dialog's fade, a chart's entrance), waited for
// as it happens: seldom longer than the motion itself.
import type { Page, Request } from 'playwright-core';

/** How long a page must stay still to count as settled. */
const QUIET_MS = 150;

interface Traffic {
  inFlight: Set<Request>;
  /** performance-like clock (Date.now) of the last request started or ended. */
  lastChange: number;
}

const traffic = new WeakMap<Page, Traffic>();

/**
 * Counts the page's requests in flight from now on. An EventSource (the notice stream) stays open
 * for as long as the page does: it is not waited for.
 */
export function trackRequests(page: Page) {
  const state: Traffic = { inFlight: new Set(), lastChange: Date.now() };
  traffic.set(page, state);
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    state.inFlight.add(request);
    state.lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (state.inFlight.delete(request)) state.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Resolves once nothing in the page has changed and no finite animation has run for `quietMs` on end (or at `timeoutMs`). */
function domStill(page: Page, quietMs: number, timeoutMs: number): Promise<boolean> {
  return page.evaluate(
    ({ quietMs, timeoutMs }) =>
      new Promise<boolean>((resolve) => {
        const started = performance.now();
        let last = started;
        const observer = new MutationObserver(() => (last = performance.now()));
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        // A spinner turns for ever: only animations and transitions with an end count.
        const moving = () =>
          document
            .getAnimations()
            .some(
              (animation) => animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
            );
        const check = () => {
          const now = performance.now();
          if (moving()) last = now;
          if (now - last >= quietMs) return finish(true);
          if (now - started >= timeoutMs) return finish(false);
          requestAnimationFrame(check);
        };
        const finish = (still: boolean) => {
          observer.disconnect();
          resolve(still);
        };
        requestAnimationFrame(check);
      }),
    { quietMs, timeoutMs },
  );
}

export interface StillOptions {
  /** Wait for the requests too (default); off for a page that keeps one open (a hanging call seen on a phone). */
  network?: boolean;
  /** The most to wait: a page that never stops moving is taken as it is then. */
  timeoutMs?: number;
}

/**
 * Waits until the page is still: no request in flight (of those `trackRequests` counts), no
 * finite animation running and no change to the page for a moment on end.
 */
export async function waitUntilStill(page: Page, { network = true, timeoutMs = 10_000 }: StillOptions = {}) {
  const deadline = Date.now() + timeoutMs;
  const requests = network ? traffic.get(page) : undefined;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    if (requests && requests.inFlight.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    const quietSince = Date.now();
    let still: boolean;
    try {
      still = await domStill(page, QUIET_MS, left);
    } catch {
      continue; // the page went on to another document meanwhile: wait for that one
    }
    if (!still) return;
    // Still, and no request started or ended meanwhile.
    if (!requests || (requests.inFlight.size === 0 && requests.lastChange <= quietSince)) return;
  }
}
