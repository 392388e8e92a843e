import { usePathname } from './pathname';
import { useTranslate } from 'react-admin';
import { matchRoute } from '../../kernel/routes/tree';
import { useVisibleRoutes } from './useVisibleRoutes';

/** The current route's title key from the person's route tree (meta.title), if it has one. */
export function useRouteTitleKey(): string | undefined {
  const pathname = usePathname();
  return matchRoute(useVisibleRoutes(), pathname)?.node.meta?.title;
}

/** The current route's title, translated; undefined when it has none. */
export function useRouteTitle(): string | undefined {
  const translate = useTranslate();
  const title = useRouteTitleKey();
  // A title an admin typed for a menu entry may have no translation: it shows as typed.
  return title ? translate(`route.${title}`, { _: title }) : undefined;
}
