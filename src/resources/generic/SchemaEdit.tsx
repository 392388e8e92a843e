// The create and edit pages of any resource. Writes wait for the server's answer (pessimistic):
// a refused write stays on screen with its errors.
import { Create, Edit, type Identifier, type RaRecord, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { openView } from '../links';
import { useLinks } from '../useLinks';
import { SchemaForm } from './SchemaForm';
import { type BackState, EditActions } from './ViewButtons';
import { toPayload } from './useRecordValidator';
import { useWriteErrors } from './useWriteErrors';
import { useSchema } from './useSchema';
import { useRecordNotice } from './useRecordNotice';
import { SINGLETON_ID, isSingleton } from '../../../kernel/schema/singleton';

export function SchemaEdit() {
  const resource = useResourceContext() ?? '';
  const links = useLinks();
  const back = (useLocation().state as BackState | null)?.back;
  const onError = useWriteErrors();
  const list = links.to(resource, 'list') ?? false;
  // The one record of a singleton (the system parameters): no id in the route, and the page stays once saved.
  const single = isSingleton(useSchema().schema);
  const notify = useNotify();
  const notice = useRecordNotice(resource);
  const redirect = useRedirect();
  const saved = (record: RaRecord) => {
    if (single) return notify('app.form.saved', { type: 'success' });
    notice('updated', record);
    redirect(back ?? list, resource, record.id, record);
  };
  return (
    <Edit
      id={single ? SINGLETON_ID : undefined}
      actions={<EditActions />}
      mutationMode="pessimistic"
      redirect={single ? false : (back ?? list)}
      mutationOptions={{ onError, onSuccess: saved }}
      transform={(data: Record<string, unknown>) => ({ ...toPayload(resource, data), id: data.id, version: data.version })}
    >
      {/* One record has no id worth showing. */}
      <SchemaForm editing deleteRedirect={list} hide={single ? ['id'] : undefined} />
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
  const notice = useRecordNotice(resource);
  const redirect = useRedirect();
  const created = (record: RaRecord) => {
    notice('created', record);
    redirect(list ?? toRecord, resource, record.id, record);
  };
  return (
    <Create
      redirect={list ?? toRecord}
      mutationOptions={{ onError, onSuccess: created }}
      transform={(data: Record<string, unknown>) => toPayload(resource, data)}
    >
      <SchemaForm editing={false} />
    </Create>
  );
}
