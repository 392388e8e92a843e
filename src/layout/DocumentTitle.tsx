import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { pageTitle } from '../../kernel/routes/tree';
import { useRouteTitleKey } from '../routes/useRouteTitle';

/** Keeps the browser tab's title on the current route's translated title. */
export function DocumentTitle({ title }: { title?: string }) {
  const translate = useTranslate();
  const routeTitle = useRouteTitleKey();
  const shown = title ?? routeTitle;
  // A title an admin typed for a menu entry may have no translation: it shows as typed.
  useEffect(() => {
    document.title = pageTitle(shown, (key) => translate(key, { _: shown }), translate('app.title'));
  }, [shown, translate]);
  return null;
}
