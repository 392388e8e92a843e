import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { registry } from '../../kernel/schema/load-vite';
import { matchRoute } from '../../kernel/routes/tree';

/** The current route's title key from the route tree (meta.title), if it has one. */
export function useRouteTitleKey(): string | undefined {
  const { pathname } = useLocation();
  return matchRoute(registry.routes, pathname)?.node.meta?.title;
}

/** The current route's title, translated; undefined when it has none. */
export function useRouteTitle(): string | undefined {
  const translate = useTranslate();
  const title = useRouteTitleKey();
  return title ? translate(`route.${title}`) : undefined;
}
