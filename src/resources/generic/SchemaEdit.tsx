import { Create, Edit, useResourceContext } from 'react-admin';
import { SchemaForm } from './SchemaForm';
import { toPayload } from './useRecordValidator';

// Writes wait for the server's answer (pessimistic): a refused write stays on screen with its errors.
export function SchemaEdit() {
  const resource = useResourceContext() ?? '';
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={(data: Record<string, unknown>) => ({ ...toPayload(resource, data), id: data.id })}>
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

