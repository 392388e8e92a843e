// What a role may do beyond its screens (the roles' `x-resource.access.permissions` field: send an
// instrument that is not fit with a reason). The super role may do all of it, whatever it lists;
// another role, what its record lists. Read in the write's own store, so that the answer is the
// one in force when the write is made.
import { accessResource } from '../../kernel/schema/access';
import type { Registry } from '../../kernel/schema/registry';
import type { Store } from '../store/types';

export type MayDo = (tx: Store, roles: readonly string[], permission: string) => Promise<boolean>;

export function rolePermissions(registry: Pick<Registry, 'resources'>): MayDo {
  const roles = accessResource(registry, 'roles');
  const superRole = roles?.spec.superRole ?? 'admin';
  const field = roles?.spec.permissions;
  return async (tx, held, permission) => {
    if (held.includes(superRole)) return true;
    if (!roles || !field || held.length === 0) return false;
    const { rows } = await tx.list(roles.name, {
      conditions: [{ field: 'name', op: 'in', value: [...held] }],
      sort: { field: 'id', order: 'ASC' },
      page: 1,
      limit: held.length,
    });
    return rows.some((row) => Array.isArray(row[field]) && (row[field] as unknown[]).includes(permission));
  };
}
