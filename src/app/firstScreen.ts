// The first screen's data, asked for as soon as the console starts rather than after its layout
// has rendered: when the location is a list of the route tree with nothing in its query, the
// list's first page as the list screen will ask for it (its schema's sort, page size and default
// filters). A wrong guess costs one extra call; the screen's own call goes out as usual.
import type { QueryClient } from '@tanstack/react-query';
import type { DataProvider } from 'react-admin';
import { requestEarly } from '../api/http';
import { keepFresh } from '../api/keepFresh';
import { matchRoute } from '../../kernel/routes/tree';
import { toLegacyQuery } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { parseComponent } from '../../kernel/schema/route-component';

/** The list the location opens on its first page, as react-admin's list will ask for it. */
function firstList(registry: Registry, location: { pathname: string; search: string }) {
  if (location.search) return undefined;
  const component = matchRoute(registry.routes, location.pathname)?.node.component;
  const target = component ? parseComponent(component) : undefined;
  const schema = target?.view === 'list' ? registry.resources[target.resource] : undefined;
  const endpoint = schema?.['x-resource'].endpoints.list;
  if (!target || !schema || !endpoint || (endpoint.method ?? 'GET') !== 'GET') return undefined;
  // A list whose parameters react-admin remembered (sort, page size, filters) asks for something else.
  if (Object.keys(localStorage).some((key) => key.includes(`${target.resource}.listParams`))) return undefined;
  const meta = schema['x-resource'];
  const filter = Object.fromEntries(meta.filters.filter((f) => f.all !== undefined).map((f) => [f.param, f.all]));
  const params = { pagination: { page: 1, perPage: meta.list.perPage }, sort: meta.list.sort, filter };
  return { resource: target.resource, schema, path: endpoint.path, params };
}

export function requestFirstScreen(registry: Registry, location: { pathname: string; search: string }) {
  const list = firstList(registry, location);
  if (list) requestEarly(list.path, toLegacyQuery(list.schema, list.params));
}

/** How long the first list's page, read at sign-in, counts as fresh: its screen shows it without asking again. */
const FIRST_PAGE_FRESH_MS = 10_000;

/**
 * Puts the first list's page in react-admin's query cache before the list mounts (under the key
 * its list asks with, through the same data provider, which takes the early answer), so that the
 * list's first render already has its rows instead of rendering empty and again when they come.
 */
export function prefetchFirstScreen(
  registry: Registry,
  location: { pathname: string; search: string },
  queryClient: QueryClient,
  dataProvider: DataProvider,
): Promise<void> | undefined {
  const list = firstList(registry, location);
  if (!list) return undefined;
  const queryKey = [list.resource, 'getList', { ...list.params, meta: undefined }];
  keepFresh(queryClient, queryKey, FIRST_PAGE_FRESH_MS);
  return queryClient.prefetchQuery({
    queryKey,
    queryFn: () =>
      dataProvider.getList(list.resource, list.params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
  });
}
