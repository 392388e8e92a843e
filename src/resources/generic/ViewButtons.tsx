// Buttons from one view of the record in context to another, on the routes of the tree.
import { EditButton, ShowButton, TopToolbar, useGetRecordRepresentation, useRecordContext, useResourceContext } from 'react-admin';
import { usePathname } from '../../routes/pathname';
import { registry } from '../../../kernel/schema/load-vite';
import { ResetPasswordButton } from '../../auth/password/ResetPasswordButton';
import { useLinks } from '../useLinks';

/** An edit form opened from another page (a record page) goes back there once saved; otherwise to the list. */
export interface BackState {
  back?: string;
}

/** Opens the record on the edit route; the form comes back here once saved. */
export function EditLinkButton() {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const pathname = usePathname();
  const to = useLinks().to(resource, 'edit', record?.id);
  if (!to) return null;
  const state: BackState = { back: pathname };
  return <EditButton to={to} state={state} />;
}

/** An edit form's way to the record's own page (or its detail page); an account's form also resets its password. */
export function EditActions() {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const links = useLinks();
  const represent = useGetRecordRepresentation(resource);
  const to = links.to(resource, 'record', record?.id) ?? links.to(resource, 'show', record?.id);
  const access = registry.resources[resource]?.['x-resource'].access;
  return (
    <TopToolbar>
      {access?.kind === 'accounts' && record && (
        <ResetPasswordButton path={access.resetPassword} record={record} name={String(represent(record) ?? record.id)} />
      )}
      {to && <ShowButton to={to} />}
    </TopToolbar>
  );
}
