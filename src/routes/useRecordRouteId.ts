import { useParams } from 'react-router-dom';
import { usePathname } from './pathname';
import { registry } from '../../kernel/schema/load-vite';
import { matchRoute } from '../../kernel/routes/tree';
import { patternParams, recordIdParam } from '../../kernel/routes/params';

/**
 * The id of the record the current route shows: its pattern's last parameter (the trip of
 * /project/daily/:id/:tid), whatever the parameters before it name.
 */
export function useRecordRouteId(): string | undefined {
  return useRecordRoute().id;
}

/** The record the current route shows, and the ids its pattern gives before it (its ancestors, outermost first). */
export function useRecordRoute(): { id: string | undefined; ancestors: string[] } {
  const params = useParams();
  const pathname = usePathname();
  const route = matchRoute(registry.routes, pathname);
  if (!route) return { id: params.id, ancestors: [] };
  const names = patternParams(route.fullPath);
  return { id: recordIdParam(route.fullPath, params), ancestors: names.slice(0, -1).map((name) => params[name] ?? '') };
}
