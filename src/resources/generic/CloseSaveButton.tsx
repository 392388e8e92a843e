// The save button of a record that closes (`x-resource.close`: a completed well). Saving the
// closing value on a record that was open asks first, listing what is assigned to it now, since
// the server ends those assignments in the same write; any other save is the plain save button.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { useState } from 'react';
import { type Identifier, SaveButton, useGetMany, useGetManyReference, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { type AssignmentCollection, assignmentCollections, isCurrent } from '../../../kernel/schema/assign';
import { closesNow } from '../../../kernel/schema/close';
import { registry } from '../../../kernel/schema/load-vite';
import type { CloseSpec } from '../../../kernel/schema/types';
import { formatDate } from '../../format';

export function CloseSaveButton({ resource, spec }: { resource: string; spec: CloseSpec }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const value = useWatch({ name: spec.field });
  const [asking, setAsking] = useState(false);
  if (!record || !closesNow({ [spec.field]: value }, record, spec)) return <SaveButton />;
  return (
    <>
      <Button variant="contained" startIcon={<SaveIcon />} onClick={() => setAsking(true)} data-close-save>
        {translate('ra.action.save')}
      </Button>
      {asking && <CloseConfirm resource={resource} spec={spec} id={record.id} name={record} onCancel={() => setAsking(false)} />}
    </>
  );
}

interface CloseConfirmProps {
  resource: string;
  spec: CloseSpec;
  id: Identifier;
  name: Record<string, unknown>;
  onCancel: () => void;
}

/** Asks before closing: the date the assignments end on, and each collection's current members. */
function CloseConfirm({ resource, spec, id, name, onCancel }: CloseConfirmProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const date = useWatch({ name: spec.date ?? '', disabled: !spec.date }) as string | undefined;
  const today = new Date().toISOString().slice(0, 10);
  const collections = assignmentCollections(registry).filter((c) => c.parent.resource === resource);
  const title = String(name[registry.resources[resource]['x-resource'].recordRepresentation] ?? `#${id}`);
  return (
    <Dialog open onClose={onCancel} aria-labelledby="close-dialog-title" data-close-confirm>
      <DialogTitle id="close-dialog-title">
        {translate('app.close.title', {
          name: title,
          value: translate(`resources.${resource}.enums.${spec.field}.${spec.value}`, { _: String(spec.value) }),
        })}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>
          {translate('app.close.text', {
            date: date && date < today ? formatDate(date, locale) : translate('app.close.today'),
          })}
        </Typography>
        {collections.map((collection) => (
          <CurrentMembers key={collection.resource} collection={collection} parentId={id} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <SaveButton type="button" label="app.close.confirm" alwaysEnable />
      </DialogActions>
    </Dialog>
  );
}

/** The members one collection has on the record now, by name, under the members' name. */
function CurrentMembers({ collection, parentId }: { collection: AssignmentCollection; parentId: Identifier }) {
  const translate = useTranslate();
  const { resource, spec, parent } = collection;
  const { data: rows = [], isPending } = useGetManyReference(resource, {
    target: parent.field,
    id: parentId,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const ids = rows.filter((row) => isCurrent(row, spec)).map((row) => row[spec.member] as Identifier);
  const { data: members = [] } = useGetMany(spec.member, { ids }, { enabled: ids.length > 0 });
  const field = registry.resources[spec.member]['x-resource'].recordRepresentation;
  const heading = translate(`resources.${spec.member}.name`, { smart_count: 2, _: spec.member });
  if (isPending) return null;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
        {heading} ({ids.length})
      </Typography>
      {ids.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {translate('app.close.nothing')}
        </Typography>
      ) : (
        <List dense disablePadding data-close-members={spec.member}>
          {members.map((member) => (
            <ListItem key={String(member.id)} disableGutters sx={{ py: 0 }}>
              <ListItemText primary={String(member[field] ?? `#${member.id}`)} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
