import Button from '@mui/material/Button';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Code } from '../../../kernel/contract/codes';
import { ApiError } from '../../api/http';

/**
 * What a refused write tells the person: the server's message, and when someone saved the
 * record first, an offer to load their version instead of overwriting it. Fields the server
 * names are already marked on their inputs by the HTTP layer.
 */
export function useWriteErrors() {
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  return (error: unknown) => {
    const message = (error as Error).message || translate('app.http.error');
    if (error instanceof ApiError && error.code === Code.conflict) {
      notify(message, {
        type: 'warning',
        autoHideDuration: null,
        action: (
          <Button color="inherit" size="small" onClick={refresh}>
            {translate('app.form.reload')}
          </Button>
        ),
      });
    } else notify(message, { type: 'error' });
  };
}
