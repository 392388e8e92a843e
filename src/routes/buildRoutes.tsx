// Turns the (role-filtered) route tree into react-admin Resources and custom routes.
// No resource is named here: the tree and the schemas say everything.
import type { ComponentType, ReactElement } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { CustomRoutes, Resource, ResourceContextProvider } from 'react-admin';
import { genericViews } from '../resources/generic';
import { type View, parseComponent } from '../../kernel/schema/route-component';
import type { RouteNode } from '../../kernel/schema/types';
import { flattenRoutes } from '../../kernel/routes/tree';

/** react-admin's own path of each view, relative to /<resource>. */
const DEFAULT_PATHS: Record<View, string> = { list: '', create: 'create', edit: ':id', show: ':id/show' };

type ResourceViews = Partial<Record<View, ComponentType>> & { listPath?: string };

export function buildRoutes(routes: RouteNode[], pages: Record<string, ComponentType>): ReactElement[] {
  const resources = new Map<string, ResourceViews>();
  const custom: ReactElement[] = [];

  for (const { fullPath, node } of flattenRoutes(routes)) {
    if (node.redirect && fullPath !== '/') {
      custom.push(<Route key={`${fullPath}>`} path={fullPath} element={<Navigate to={node.redirect} replace />} />);
    }
    if (!node.component) continue;
    const target = parseComponent(node.component);
    if (!target) {
      const Page = pages[node.component];
      if (!Page) throw new Error(`routes.json: no page named "${node.component}" (${fullPath})`);
      custom.push(<Route key={fullPath} path={fullPath} element={<Page />} />);
      continue;
    }
    const { resource, view } = target;
    const entry = resources.get(resource) ?? {};
    const View = genericViews[view];
    entry[view] = View;
    if (fullPath !== `/${resource}${DEFAULT_PATHS[view] ? `/${DEFAULT_PATHS[view]}` : ''}`) {
      if (view === 'list') entry.listPath = fullPath;
      custom.push(
        <Route
          key={fullPath}
          path={fullPath}
          element={
            <ResourceContextProvider value={resource}>
              <View />
            </ResourceContextProvider>
          }
        />,
      );
    }
    resources.set(resource, entry);
  }

  return [
    <CustomRoutes key="custom">{custom}</CustomRoutes>,
    ...[...resources].map(([name, views]) => {
      const listPath = views.listPath;
      const List = listPath ? () => <Navigate to={listPath} replace /> : views.list;
      return <Resource key={name} name={name} list={List} create={views.create} edit={views.edit} show={views.show} />;
    }),
  ];
}
