// The open tags, shared by the tags bar and whoever must close them (sign-out, role switching).
// A tag is a page (its path); it leads back to that page as last seen, with its query (a list's
// page, sort and filters). Where a tag leads is kept apart from the tags shown: it changes with
// every list parameter, and the bar need not draw again for it.
import { onSessionReset } from '../../auth/session';
import { type View, addView, closeAll, closeOthers, closeView } from './tags';

let views: View[] = [];
/** Path → the page's address as last seen (path and query). */
const targets = new Map<string, string>();
const listeners = new Set<() => void>();
/** Paths whose page found nothing to show (a record that does not exist): they get no tag. */
const hidden = new Set<string>();

function set(next: View[]) {
  if (next === views) return;
  views = next;
  for (const path of targets.keys()) if (!views.some((view) => view.path === path)) targets.delete(path);
  for (const listener of listeners) listener();
}

export const tagsStore = {
  views: () => views,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add: (view: View) => {
    if (!hidden.has(view.path)) set(addView(views, view));
  },
  /**
   * Keeps `path` out of the bar while its page says there is nothing there: its tag closes and is
   * not added again until the answered function is called (the page left).
   */
  hide(path: string): () => void {
    hidden.add(path);
    set(closeView(views, path));
    return () => void hidden.delete(path);
  },
  close: (path: string) => set(closeView(views, path)),
  closeOthers: (path: string) => set(closeOthers(views, path)),
  closeAll: () => set(closeAll(views)),
  /** Where the tag of `path` leads: the page as last seen there. */
  target: (path: string) => targets.get(path) ?? path,
  /** Remembers the address (path and query) the page of `path` is now on. */
  seen: (path: string, address: string) => void targets.set(path, address),
};

// Logout and role switching close all open tags.
onSessionReset(() => tagsStore.closeAll());
