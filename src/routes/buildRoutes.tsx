// Turns the (role-filtered) route tree into react-admin Resources and custom routes.
// No resource is named here: the tree and the schemas say everything.
import { type ComponentType, lazy, type ReactElement } from 'react';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import { CustomRoutes, Resource, ResourceContextProvider } from 'react-admin';
import { genericViews } from '../resources/generic';
import { defaultPath } from '../../kernel/routes/links';
import { recordNamer } from '../resources/record/representationText';
import { type KeywordView, type View, parseScreen } from '../../kernel/schema/route-component';
import type { ResourceSchema, RouteNode } from '../../kernel/schema/types';
import { flattenRoutes, recordPath } from '../../kernel/routes/tree';

/** The screens of the views a resource gets from a keyword of its schema, each loaded when first opened. */
const keywordViews: Record<KeywordView, ComponentType> = {
  statistics: lazy(() => import('../resources/statistics/StatisticsScreen').then((m) => ({ default: m.StatisticsScreen }))),
};

/** The views react-admin's <Resource> mounts at its own paths. */
const RESOURCE_VIEWS = ['list', 'create', 'edit', 'show'] as const;

/**
 * Sends react-admin's own path of a view (/dictionary/5) to the route the tree gives it
 * (/setting/system/dictionary/edit/5), for any link react-admin builds by itself.
 */
function redirectTo(pattern: string): ComponentType {
  return function GoToRoute() {
    const { id } = useParams();
    const { search } = useLocation();
    return <Navigate to={`${id === undefined ? pattern : recordPath(pattern, id)}${search}`} replace />;
  };
}

/** A screen of a keyword view, in the context of its resource. */
function KeywordScreen({ resource, Screen }: { resource: string; Screen: ComponentType }) {
  return (
    <ResourceContextProvider value={resource}>
      <Screen />
    </ResourceContextProvider>
  );
}

export function buildRoutes(
  routes: RouteNode[],
  pages: Record<string, ComponentType>,
  schemas: Record<string, ResourceSchema>,
  translate: (key: string, options?: Record<string, unknown>) => string,
): ReactElement[] {
  /** How each resource's records are named, in the language shown when they are. */
  const namer = (name: string) => (schemas[name] ? recordNamer(schemas[name], translate) : undefined);
  /** For each resource, the first path the tree gives each of its views. */
  const resources = new Map<string, Partial<Record<View, string>>>();
  const custom: ReactElement[] = [];

  for (const { fullPath, node } of flattenRoutes(routes)) {
    if (node.redirect && fullPath !== '/') {
      custom.push(<Route key={`${fullPath}>`} path={fullPath} element={<Navigate to={node.redirect} replace />} />);
    }
    if (!node.component) continue;
    const target = parseScreen(node.component);
    if (!target) {
      const Page = pages[node.component];
      if (!Page) throw new Error(`routes.json: no page named "${node.component}" (${fullPath})`);
      custom.push(<Route key={fullPath} path={fullPath} element={<Page />} />);
      continue;
    }
    const { resource, view } = target;
    if (view === 'statistics') {
      custom.push(<Route key={fullPath} path={fullPath} element={<KeywordScreen resource={resource} Screen={keywordViews[view]} />} />);
      continue;
    }
    const views = resources.get(resource) ?? {};
    views[view] ??= fullPath;
    resources.set(resource, views);
    if (fullPath === defaultPath(resource, view)) continue; // <Resource> mounts it below
    const Screen = genericViews[view];
    custom.push(
      <Route
        key={fullPath}
        path={fullPath}
        element={
          <ResourceContextProvider value={resource}>
            <Screen />
          </ResourceContextProvider>
        }
      />,
    );
  }

  const declared = [...resources].map(([name, views]) => {
    // A view at react-admin's own path is mounted there; one elsewhere leaves a redirect behind.
    const mount = Object.fromEntries(
      RESOURCE_VIEWS.filter((view) => views[view]).map((view) => [
        view,
        views[view] === defaultPath(name, view) ? genericViews[view] : redirectTo(views[view]!),
      ]),
    );
    return <Resource key={name} name={name} {...mount} recordRepresentation={namer(name)} />;
  });
  // Resources without a screen of their own (child collections, reference targets) are still
  // declared, so their records are named by their representation wherever they appear.
  const bare = Object.entries(schemas)
    .filter(([name]) => !resources.has(name))
    .map(([name]) => <Resource key={name} name={name} recordRepresentation={namer(name)} />);

  return [<CustomRoutes key="custom">{custom}</CustomRoutes>, ...declared, ...bare];
}
