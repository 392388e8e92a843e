// The create and edit pages of any resource. Writes wait for the server's answer (pessimistic):
// a refused write stays on screen with its errors.
import { Create, Edit, type Identifier, useResourceContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { openView } from '../links';
import { useLinks } from '../useLinks';
import { SchemaForm } from './SchemaForm';
import { type BackState, EditActions } from './ViewButtons';
import { toPayload } from './useRecordValidator';
import { useWriteErrors } from './useWriteErrors';

export function SchemaEdit() {
  const resource = useResourceContext() ?? '';
  const links = useLinks();
  const back = (useLocation().state as BackState | null)?.back;
  const onError = useWriteErrors();
  const list = links.to(resource, 'list') ?? false;
  return (
    <Edit
      actions={<EditActions />}
      mutationMode="pessimistic"
      redirect={back ?? list}
      mutationOptions={{ onError }}
      transform={(data: Record<string, unknown>) => ({ ...toPayload(resource, data), id: data.id, version: data.version })}
    >
      <SchemaForm editing deleteRedirect={list} />
    </Edit>
  );
}

export function SchemaCreate() {
  const resource = useResourceContext() ?? '';
  const links = useLinks();
  const onError = useWriteErrors();
  // To the list; for a resource without one, to the new record's own page, if any.
  const list = links.to(resource, 'list');
  const toRecord = openView(links.paths, resource) ? (_resource?: string, id?: Identifier) => links.open(resource, id ?? '') ?? '' : false;
  return (
    <Create
      redirect={list ?? toRecord}
      mutationOptions={{ onError }}
      transform={(data: Record<string, unknown>) => toPayload(resource, data)}
    >
      <SchemaForm editing={false} />
    </Create>
  );
}
