import { useParams } from 'react-router-dom';
import { usePathname } from './pathname';
import { registry } from '../../kernel/schema/load-vite';
import { matchRoute } from '../../kernel/routes/tree';
import { recordIdParam } from './routeParams';

/**
 * The id of the record the current route shows: its pattern's last parameter (the trip of
 * /project/daily/:id/:tid), whatever the parameters before it name.
 */
export function useRecordRouteId(): string | undefined {
  const params = useParams();
  const pathname = usePathname();
  const route = matchRoute(registry.routes, pathname);
  return route ? recordIdParam(route.fullPath, params) : params.id;
}
