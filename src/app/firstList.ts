// The first list's page, asked for as soon as the sign-in has its token, while the console's code
// loads: when the location is a list of the route tree with nothing in its query, its first page
// as the list screen will ask for it (its schema's sort, page size and default filters), and the
// option lists its cells label their values from. The screen's own calls take these answers
// (api/http.ts `requestEarly`); a wrong guess costs one call nobody takes.
import { requestEarly } from '../api/http';
import { matchRoute } from '../../kernel/routes/tree';
import { toLegacyQuery } from '../../kernel/schema/query';
import { registry } from '../../kernel/schema/load-vite';
import { parseComponent } from '../../kernel/schema/route-component';

export function requestFirstList(location: { pathname: string; search: string }) {
  requestEarly('/config');
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
  const params = { pagination: { page: 1, perPage: meta.list.perPage }, sort: meta.list.sort, filter };
  requestEarly(endpoint.path, toLegacyQuery(schema, params));
}
