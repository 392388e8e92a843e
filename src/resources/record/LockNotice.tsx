// The line over a closed record's form (x-resource.lock): who may reopen it, or, for them, how.
import Alert from '@mui/material/Alert';
import { useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import type { LockState } from './lock';
import { resourceNameInSentence } from '../generic/resourceName';

export function LockNotice({ resource, state }: { resource: string; state: LockState }) {
  const translate = useTranslate();
  const lock = registry.resources[resource]?.['x-resource'].lock;
  if (!lock || state === 'open') return null;
  const label = (value: string | number) => translate(`resources.${resource}.enums.${lock.field}.${value}`, { _: String(value) });
  const args = {
    name: resourceNameInSentence(translate, resource),
    state: label(lock.value),
    reopen: label(lock.reopen),
    field: translate(`resources.${resource}.fields.${lock.field}`, { _: lock.field }),
    roles: lock.roles.map((role) => translate(`app.lock.role.${role}`, { _: role })).join(', '),
  };
  return (
    <Alert severity={state === 'closed' ? 'warning' : 'info'} sx={{ mb: 2, width: '100%' }} data-lock={state}>
      {translate(state === 'closed' ? 'app.lock.closed' : 'app.lock.reopenable', args)}
    </Alert>
  );
}
