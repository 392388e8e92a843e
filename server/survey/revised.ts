// Telling people that a record they closed was revised (a submitted daily report whose TVD,
// displacement or dogleg severity the well's new stations change): the person stamped in its
// lock's `by` gets a notification naming the record and its well, with a link to the page that
// lists it (its parent's record page: a report's trip).
import { viewPaths } from '../../kernel/routes/tree';
import type { Registry } from '../../kernel/schema/registry';
import type { NotifyInput } from '../notify/notifications';
import type { Revised } from './wells';

/** A route pattern with its parameters filled in order (`/project/daily/:id/:tid` with a well and a trip). */
function filled(pattern: string, ids: unknown[]): string | undefined {
  const params = pattern.split('/').filter((segment) => segment.startsWith(':'));
  const used = ids.slice(ids.length - params.length);
  if (params.length === 0 || used.length !== params.length || used.some((id) => id === undefined || id === null)) return undefined;
  let i = 0;
  return pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(String(used[i++])) : segment))
    .join('/');
}

export function revisionNotices(
  registry: Registry,
  wellResource: string,
  notify: () => ((input: NotifyInput) => Promise<number>) | undefined,
) {
  const paths = viewPaths(registry.routes);
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? value : '');
  return async (revised: Revised[]) => {
    const send = notify();
    if (!send) return;
    for (const { resource, row, well, by } of revised) {
      if (!by) continue;
      const schema = registry.resources[resource]['x-resource'];
      const parent = schema.parent;
      const pattern = parent ? paths[parent.resource]?.record : paths[resource]?.record;
      const ids = parent ? [well.id, row[parent.field]] : [well.id, row.id];
      await send({
        to_user: by,
        kind: 'revised',
        title_key: 'notify.revised.title',
        text_key: 'notify.revised.text',
        params: {
          label: text(row[schema.recordRepresentation]),
          well: text(well[registry.resources[wellResource]['x-resource'].recordRepresentation]),
        },
        link: pattern && filled(pattern, ids),
      });
    }
  };
}
