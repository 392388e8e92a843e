// What a route entry's `component` names: a page, or a view of a resource (`resource:device:list`).
// A `record` view is the record page: a summary of the record, then its child collections and panels.
export type View = 'list' | 'create' | 'edit' | 'show' | 'record';
export const VIEWS: View[] = ['list', 'create', 'edit', 'show', 'record'];

export function parseComponent(component: string): { resource: string; view: View } | undefined {
  const [kind, resource, view] = component.split(':');
  return kind === 'resource' && resource && (VIEWS as string[]).includes(view) ? { resource, view: view as View } : undefined;
}

/** The pages a route may name besides resource views. */
export const PAGES = ['home', 'profile', 'pending'];

/** The panels a record page section may name ({ "panel": "<name>" }); the console registers none yet. */
export const PANELS: string[] = [];
