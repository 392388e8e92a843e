// The registry the real server runs on: every resource schema except those served by the
// in-browser mock only (the template endpoints of the wire contract), which get no table and no route.
import { type Registry } from '../../kernel/schema/registry';
import { loadRegistry } from '../../kernel/schema/load-node';

export function withoutMockOnly(registry: Registry): Registry {
  const resources = Object.fromEntries(Object.entries(registry.resources).filter(([, schema]) => !schema['x-resource'].mockOnly));
  return { ...registry, resources };
}

export const loadServerRegistry = (dir?: string) => withoutMockOnly(loadRegistry(dir));
