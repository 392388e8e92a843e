import { useTranslate } from 'react-admin';
import { NotFound } from '../layout/NotFound';

/** /404 and every unknown path. */
export function Page404() {
  const translate = useTranslate();
  return <NotFound headline={translate('app.page404.headline')} info={translate('app.page404.info')} />;
}
