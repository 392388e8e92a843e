// The route tree a person sees. The server answers it with their info, built from the stored
// menu and the roles that list its entries; an older server answers none, and then the product's
// own tree filtered by the person's roles stands in.
import { filterRoutes } from '../../kernel/routes/tree';
import type { RouteNode } from '../../kernel/schema/types';
import type { UserInfo } from '../../kernel/contract/user-info';

export function visibleRoutes(
  info: Pick<UserInfo, 'routes' | 'roles'> | undefined,
  roles: string[],
  productRoutes: RouteNode[],
): RouteNode[] {
  if (info && Array.isArray(info.routes)) return info.routes;
  return filterRoutes(productRoutes, info?.roles ?? roles);
}
