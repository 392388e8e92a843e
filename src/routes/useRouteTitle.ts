import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { registry } from '../schema/load-vite';
import { matchRoute } from './tree';

/** The current route's title from the route tree, translated; undefined when it has none. */
export function useRouteTitle(): string | undefined {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const title = matchRoute(registry.routes, pathname)?.node.meta?.title;
  return title ? translate(`route.${title}`) : undefined;
}
