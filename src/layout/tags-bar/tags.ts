// The visited views of the tags bar, as pure operations on a list.

export interface View {
  path: string; // the page's path (no query): the tag's identity
  title: string; // a route title key, or 'no-name'
  affix?: boolean;
}

/** Adds a view unless one with that path is already open. */
export function addView(views: View[], view: View): View[] {
  return views.some((v) => v.path === view.path) ? views : [...views, view];
}

/** Closes one view (never an affixed one). */
export function closeView(views: View[], path: string): View[] {
  return views.filter((v) => v.path !== path || v.affix);
}

/** Closes all but the affixed views and the one given. */
export function closeOthers(views: View[], path: string): View[] {
  return views.filter((v) => v.affix || v.path === path);
}

/** Closes all but the affixed views. */
export function closeAll(views: View[]): View[] {
  return views.filter((v) => v.affix);
}

/** Where to go after closing `path`: the view after it, else the one before, else Home. */
export function nextAfterClosing(views: View[], path: string): string {
  const index = views.findIndex((v) => v.path === path);
  const rest = closeView(views, path);
  if (rest.length === 0) return '/';
  return (rest[index] ?? rest[index - 1] ?? rest[rest.length - 1]).path;
}
