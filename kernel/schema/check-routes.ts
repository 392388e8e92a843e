// The route tree of routes.json: each route's component names a page or a view of a resource
// whose endpoints that view needs, and each icon is one the console can load.
import { type Found, routesFormProblems } from './check-form';
import { iconComponentName } from './material-icon';
import { isSingleton } from './singleton';
import { parseScreen, type ScreenView, SCREEN_VIEWS } from './route-component';
import type { ResourceSchema, RouteNode } from './types';

/** What each view of a route needs from its resource's endpoints. */
const VIEW_NEEDS: Record<ScreenView, ('list' | 'info' | 'add' | 'update')[]> = {
  list: ['list'],
  create: ['add'],
  edit: ['info', 'update'],
  show: ['info'],
  record: ['info'],
  statistics: [],
};

export interface RouteNames {
  /** The console's pages, where they are known (its tests); unchecked otherwise. */
  pages?: readonly string[];
  /** The Material icon components the console can load (`OilBarrel`). */
  icons: ReadonlySet<string>;
}

function componentProblems(
  component: string,
  path: string,
  resources: Record<string, ResourceSchema>,
  names: Set<string>,
  pages: readonly string[] | undefined,
): string[] {
  const target = parseScreen(component);
  if (!target)
    return !pages || pages.includes(component)
      ? []
      : [`no page or resource view named "${component}" (pages: ${pages.join(', ')}; views: resource:<name>:<${SCREEN_VIEWS.join('|')}>)`];
  if (!names.has(target.resource)) return [`no resource "${target.resource}" (no schemas/${target.resource}.json)`];
  const schema = resources[target.resource];
  if (!schema) return [];
  const meta = schema['x-resource'];
  const out = VIEW_NEEDS[target.view]
    .filter((need) => !meta.endpoints[need])
    .map(
      (need) =>
        `the ${target.view} view needs ${need === 'info' || need === 'add' || need === 'update' ? 'an' : 'a'} "${need}" endpoint in ${target.resource}.json`,
    );
  if (isSingleton(schema)) {
    if (target.view !== 'edit') out.push(`${target.resource} is a singleton (one record): only its edit view has a route`);
    else if (path.includes(':')) out.push(`${target.resource} is a singleton (one record): its edit route takes no parameter`);
  }
  if (target.view === 'record' && !meta.record) out.push(`the record view needs x-resource.record in ${target.resource}.json`);
  if (target.view === 'statistics' && !meta.statistics)
    out.push(`the statistics view needs x-resource.statistics in ${target.resource}.json`);
  return out;
}

function iconProblem(icon: string, icons: ReadonlySet<string>): string | undefined {
  const component = iconComponentName(icon);
  if (component && icons.has(component)) return undefined;
  return `no Material icon "${icon}": name a filled icon as Google writes it, such as oil_barrel or admin_panel_settings`;
}

/** Every problem of the route list, as pointers into routes.json. */
export function routeProblems(routes: unknown, resources: Record<string, ResourceSchema>, names: Set<string>, known: RouteNames): Found[] {
  const form = routesFormProblems(routes);
  if (form.length) return form;
  const walk = (list: RouteNode[], pointer: string): Found[] =>
    list.flatMap((route, i) => {
      const here = `${pointer}/${i}`;
      const out: Found[] = [];
      if (route.component) {
        for (const message of componentProblems(route.component, route.path, resources, names, known.pages))
          out.push({ pointer: `${here}/component`, message });
      }
      const icon = route.meta?.icon;
      const bad = icon === undefined ? undefined : iconProblem(icon, known.icons);
      if (bad) out.push({ pointer: `${here}/meta/icon`, message: bad });
      return [...out, ...walk(route.children ?? [], `${here}/children`)];
    });
  return walk(routes as RouteNode[], '/routes');
}
