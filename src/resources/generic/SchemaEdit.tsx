import Button from '@mui/material/Button';
import { Create, Edit, useNotify, useRefresh, useResourceContext, useTranslate } from 'react-admin';
import { ApiError } from '../../api/http';
import { SchemaForm } from './SchemaForm';
import { toPayload } from './useRecordValidator';

/** The code the server answers when the record changed since it was opened. */
const CONFLICT = 40009;

// Writes wait for the server's answer (pessimistic): a refused write stays on screen with its errors.
export function SchemaEdit() {
  const resource = useResourceContext() ?? '';
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();

  const onError = (error: unknown) => {
    const message = (error as Error).message || translate('app.http.error');
    if (error instanceof ApiError && error.code === CONFLICT) {
      // Someone saved first: offer to load their version instead of overwriting it.
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

  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{ onError }}
      transform={(data: Record<string, unknown>) => ({ ...toPayload(resource, data), id: data.id, version: data.version })}
    >
      <SchemaForm editing />
    </Edit>
  );
}

export function SchemaCreate() {
  const resource = useResourceContext() ?? '';
  return (
    <Create redirect="list" transform={(data: Record<string, unknown>) => toPayload(resource, data)}>
      <SchemaForm editing={false} />
    </Create>
  );
}
