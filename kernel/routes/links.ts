// Where each view of a resource lives, as routes.json writes it, and the links to them.
// Pure functions over the view paths of the route tree (kernel/routes/tree.ts viewPaths), so
// that every button, row and reference goes to the route the tree names, wherever it sits.
import type { View } from '../schema/route-component';
import { type ViewPaths, recordPath } from './tree';
import { patternParams } from './params';
import { notGiven } from '../schema/given';

type Id = string | number;

/** react-admin's own path of each view it knows; the record page is ours alone. */
export function defaultPath(resource: string, view: View): string | undefined {
  const relative: Partial<Record<View, string>> = { list: '', create: 'create', edit: ':id', show: ':id/show' };
  const tail = relative[view];
  if (tail === undefined) return undefined;
  return tail ? `/${resource}/${tail}` : `/${resource}`;
}

/**
 * The path of a view, with the record's id filled in when the view shows one record; undefined
 * when no route shows that view, or when it needs an id and none is given.
 */
export function viewLink(paths: ViewPaths, resource: string, view: View, id?: Id | null): string | undefined {
  const pattern = paths[resource]?.[view];
  if (!pattern) return undefined;
  // A page under its parent's (a trip's, /project/daily/:id/:tid) needs the parent's id too: a
  // record's id alone cannot address it, and a wrong link is worse than none.
  if (patternParams(pattern).length > 1) return undefined;
  if (!/:id\b/.test(pattern)) return pattern;
  return notGiven(id) ? undefined : recordPath(pattern, id);
}

/** The views a record opens in, best first: its record page, else its edit form, else its detail. */
const OPEN_ORDER: View[] = ['record', 'edit', 'show'];

/** The view a click on a record opens, if any route shows one. */
export function openView(paths: ViewPaths, resource: string): View | undefined {
  return OPEN_ORDER.find((view) => paths[resource]?.[view]);
}

/** Where a click on a record goes (a list row, a reference), or undefined when nowhere. */
export function openLink(paths: ViewPaths, resource: string, id: Id): string | undefined {
  const view = openView(paths, resource);
  return view ? viewLink(paths, resource, view, id) : undefined;
}
