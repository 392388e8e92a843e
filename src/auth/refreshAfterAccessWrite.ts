// After a write to who-sees-what (a menu entry, a role, an account) the signed-in person's info
// is loaded again, so that their own menu, search and routes follow at once; the cached
// permissions and profile are asked again too.
import type { QueryClient } from '@tanstack/react-query';
import { registry } from '../../kernel/schema/load-vite';
import { refreshInfo } from './session';

/** Whether a resource holds part of the access model (x-resource.access). */
export const isAccessResource = (resource: unknown): boolean =>
  typeof resource === 'string' && Boolean(registry.resources[resource]?.['x-resource'].access);

export function refreshInfoAfter(queryClient: QueryClient, resource: unknown) {
  if (!isAccessResource(resource)) return;
  void refreshInfo().then(() => {
    void queryClient.invalidateQueries({ queryKey: ['auth', 'getPermissions'] });
    void queryClient.invalidateQueries({ queryKey: ['user-info'] });
  });
}
