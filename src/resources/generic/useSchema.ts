import { useResourceContext } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import type { ResourceSchema } from '../../../kernel/schema/types';

/** The schema of the resource in context (a generic screen serves every resource). */
export function useSchema(): { resource: string; schema: ResourceSchema } {
  const resource = useResourceContext();
  if (!resource || !registry.resources[resource]) throw new Error(`No schema for resource "${resource}"`);
  return { resource, schema: registry.resources[resource] };
}
