// The schema files bundled into the console (and the mock) by Vite.
import config from '../../schemas/config.json';
import routes from '../../schemas/routes.json';
import { createRegistry } from './registry';

const files = import.meta.glob(['../../schemas/*.json', '!../../schemas/{config,routes,meta-schema}.json'], {
  eager: true,
  import: 'default',
});

export const registry = createRegistry(files, config, routes);
