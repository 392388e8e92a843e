// What a route entry's `component` names: a page, or a view of a resource (`resource:device:list`).
export type View = 'list' | 'create' | 'edit' | 'show';
export const VIEWS: View[] = ['list', 'create', 'edit', 'show'];

export function parseComponent(component: string): { resource: string; view: View } | undefined {
  const [kind, resource, view] = component.split(':');
  return kind === 'resource' && resource && (VIEWS as string[]).includes(view) ? { resource, view: view as View } : undefined;
}

/** The pages a route may name besides resource views. */
export const PAGES = ['home', 'profile', 'pending'];
