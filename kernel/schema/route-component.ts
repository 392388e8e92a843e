// What a route entry's `component` names: a page the console registers (src/pages/registry.ts), or a view of a resource (`resource:device:list`).
// A `record` view is the record page: a summary of the record, then its child collections and panels.
// A `statistics` view is the resource's statistics screen, made from its `x-resource.statistics`.

export type View = 'list' | 'create' | 'edit' | 'show' | 'record';
export const VIEWS: View[] = ['list', 'create', 'edit', 'show', 'record'];

/** The views only a resource whose schema has the keyword of the same name gets. */
export type KeywordView = 'statistics';
export const KEYWORD_VIEWS: KeywordView[] = ['statistics'];

/** Any view a route may name. */
export type ScreenView = View | KeywordView;
export const SCREEN_VIEWS: ScreenView[] = [...VIEWS, ...KEYWORD_VIEWS];

/** The resource and view a component names, if it names one of the views every resource gets. */
export function parseComponent(component: string): { resource: string; view: View } | undefined {
  const target = parseScreen(component);
  return target && (VIEWS as string[]).includes(target.view) ? (target as { resource: string; view: View }) : undefined;
}

/** The resource and view a component names, keyword views included. */
export function parseScreen(component: string): { resource: string; view: ScreenView } | undefined {
  const [kind, resource, view] = component.split(':');
  return kind === 'resource' && resource && (SCREEN_VIEWS as string[]).includes(view) ? { resource, view: view as ScreenView } : undefined;
}
