// GET /search?q=: the header search across everything (kernel/search/find.ts). Each resource
// the person may use is searched by its list's own `search` condition, the kinds one after the
// other, and a record is answered only where the person's routes open it.
import { FOUND_PER_KIND, findQuery, findTargets, foundItems, mergeFound } from '../../kernel/search/find';
import type { Registry } from '../../kernel/schema/registry';
import { viewPaths } from '../../kernel/routes/tree';
import type { RouteNode } from '../../kernel/schema/types';
import { ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Store } from '../store/types';

interface Deps {
  registry: Registry;
  store: Store;
  /** The route tree a person with these roles sees. */
  routesFor: (roles: string[]) => Promise<RouteNode[]>;
  mayUse: (roles: string[], resource: string) => Promise<boolean>;
}

/** Rows read per kind: a few more than are shown, so that the best matches among them come first. */
const READ_PER_KIND = FOUND_PER_KIND * 4;

export function registerSearch(api: Api, { registry, store, routesFor, mayUse }: Deps) {
  const targets = findTargets(registry);
  if (targets.length === 0) return;
  api.on(
    {
      method: 'GET',
      path: '/search',
      access: 'signed-in',
      doc: {
        tags: ['search'],
        summary: `Records whose names or other searched fields contain q (case-insensitively), among ${targets.map((t) => t.resource).join(', ')}: at most ${FOUND_PER_KIND} of each kind, the person may see and open, best matches first`,
        parameters: [{ name: 'q', in: 'query', required: false, schema: { type: 'string' }, description: 'the text looked for' }],
        data: {
          type: 'object',
          required: ['items'],
          properties: {
            items: {
              type: 'array',
              items: {
                type: 'object',
                required: ['type', 'id', 'title', 'subtitle', 'path'],
                properties: {
                  type: { type: 'string', description: 'the resource' },
                  id: { type: 'integer' },
                  title: { type: 'string' },
                  subtitle: { type: 'string' },
                  path: { type: 'string', description: 'the console path that opens the record' },
                },
              },
            },
          },
        },
      },
    },
    async (c) => {
      const query = findQuery(c.req.query('q'));
      if (!query) return ok(c, { items: [] });
      const { roles } = c.get('user');
      const paths = viewPaths(await routesFor(roles));
      const kinds = [];
      for (const target of targets) {
        if (!(await mayUse(roles, target.resource))) continue;
        const { rows } = await store.list(target.resource, {
          conditions: [{ op: 'search', fields: target.fields, value: query }],
          // Newest first, read in the table's own order and stopping at the page, not counted:
          // read by name through its index, a rare text cost a walk of the whole index.
          sort: { field: 'id', order: 'DESC' },
          page: 1,
          limit: READ_PER_KIND,
          counted: false,
        });
        kinds.push(foundItems(paths, target, rows, query));
      }
      return ok(c, { items: mergeFound(kinds) });
    },
  );
}
