// The create and edit pages of any resource. Writes wait for the server's answer (pessimistic):
// a refused write stays on screen with its errors.
import { Create, Edit, type RaRecord, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useLinks } from '../useLinks';
import { tagsStore } from '../../layout/tags-bar/tagsStore';
import { SchemaForm } from './SchemaForm';
import { type BackState, EditActions } from './ViewButtons';
import { toPayload } from './useRecordValidator';
import { useWriteErrors } from './useWriteErrors';
import { useSchema } from './useSchema';
import { useRecordNotice } from './useRecordNotice';
import { SINGLETON_ID, isSingleton } from '../../../kernel/schema/singleton';
import { EditUnavailable, QUIET_RECORD_QUERY } from '../RecordUnavailable';

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
      error={<EditUnavailable />}
      queryOptions={QUIET_RECORD_QUERY}
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
  const here = useLocation().pathname;
  const notice = useRecordNotice(resource);
  const redirect = useRedirect();
  // The new record opens (its record page, else its edit or detail page; the list when it has
  // none of them), and the create page's tag closes: the page is done with.
  const created = (record: RaRecord) => {
    notice('created', record);
    redirect(links.open(resource, record.id) ?? links.to(resource, 'list') ?? false);
    tagsStore.close(here);
  };
  return (
    <Create mutationOptions={{ onError, onSuccess: created }} transform={(data: Record<string, unknown>) => toPayload(resource, data)}>
      <SchemaForm editing={false} />
    </Create>
  );
}
