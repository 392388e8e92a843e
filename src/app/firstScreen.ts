// The first screen's data, asked for as soon as the console starts rather than after its layout
// has rendered: when the location is a list of the route tree with nothing in its query, the
// list's first page as the list screen will ask for it (its schema's sort, page size and default
// filters). A wrong guess costs one extra call; the screen's own call goes out as usual.
import { requestEarly } from '../api/http';
import { matchRoute } from '../../kernel/routes/tree';
import { toLegacyQuery } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { parseComponent } from '../../kernel/schema/route-component';

export function requestFirstScreen(registry: Registry, location: { pathname: string; search: string }) {
  if (location.search) return;
  const component = matchRoute(registry.routes, location.pathname)?.node.component;
  const target = component ? parseComponent(component) : undefined;
  const schema = target?.view === 'list' ? registry.resources[target.resource] : undefined;
  const endpoint = schema?.['x-resource'].endpoints.list;
  if (!target || !schema || !endpoint || (endpoint.method ?? 'GET') !== 'GET') return;
  // A list whose parameters react-admin remembered (sort, page size, filters) asks for something else.
  if (Object.keys(localStorage).some((key) => key.includes(`${target.resource}.listParams`))) return;
  const meta = schema['x-resource'];
  const filter = Object.fromEntries(meta.filters.filter((f) => f.all !== undefined).map((f) => [f.param, f.all]));
  requestEarly(endpoint.path, toLegacyQuery(schema, { pagination: { page: 1, perPage: meta.list.perPage }, sort: meta.list.sort, filter }));
}
