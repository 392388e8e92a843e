import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { registry } from '../schema/load-vite';
import { matchRoute, pageTitle } from '../routes/tree';

/** Keeps the browser tab's title on the current route's translated title (SPEC §2). */
export function DocumentTitle({ title }: { title?: string }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const routeTitle = title ?? matchRoute(registry.routes, pathname)?.node.meta?.title;
  useEffect(() => {
    document.title = pageTitle(routeTitle, translate, translate('app.title'));
  }, [routeTitle, translate]);
  return null;
}
