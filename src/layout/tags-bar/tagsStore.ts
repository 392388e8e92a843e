// The open tags, shared by the tags bar and whoever must close them (sign-out, role switching).
import { onSessionReset } from '../../auth/session';
import { type View, addView, closeAll, closeOthers, closeView } from './tags';

let views: View[] = [];
const listeners = new Set<() => void>();

function set(next: View[]) {
  if (next === views) return;
  views = next;
  for (const listener of listeners) listener();
}

export const tagsStore = {
  views: () => views,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add: (view: View) => set(addView(views, view)),
  close: (path: string) => set(closeView(views, path)),
  closeOthers: (path: string) => set(closeOthers(views, path)),
  closeAll: () => set(closeAll(views)),
};

// Logout and role switching close all open tags.
onSessionReset(() => tagsStore.closeAll());
