// A child record's form in a dialog over its parent's record page: a new one with its parent
// preset (and hidden), or an existing one to edit or delete. The tab's list is read again after.
import CloseIcon from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  CreateBase,
  type DeleteWithConfirmButtonProps,
  EditBase,
  type Identifier,
  type RaRecord,
  ResourceContextProvider,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { SchemaForm } from '../generic/SchemaForm';
import { resourceNameInSentence } from '../generic/resourceName';
import { type RecordChange, useRecordNotice } from '../generic/useRecordNotice';
import { LockNotice } from './LockNotice';
import { RevisionNotice } from './Revision';
import { fields } from '../../../kernel/schema/registry';
import { registry } from '../../../kernel/schema/load-vite';
import { useLockState } from './useLockState';
import { toPayload } from '../generic/useRecordValidator';
import { useWriteErrors } from '../generic/useWriteErrors';

export interface ChildDialogProps {
  resource: string;
  /** The child's field holding its parent's id, and that id. */
  parentField: string;
  parentId: Identifier;
  /** The record to edit; absent for a new one. */
  id?: Identifier;
  onClose: () => void;
}

export function ChildDialog({ resource, parentField, parentId, id, onClose }: ChildDialogProps) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const onError = useWriteErrors();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const preset = useMemo(() => ({ [parentField]: parentId }), [parentField, parentId]);
  const creating = id === undefined;

  const notice = useRecordNotice(resource);
  /** Says what was done, closes, and has the tab's list read again. */
  const done = (change: RecordChange) => (record: RaRecord) => {
    notice(change, record);
    void queryClient.invalidateQueries({ queryKey: [resource] });
    onClose();
  };
  const name = resourceNameInSentence(translate, resource);
  const title = translate(creating ? 'app.record.add' : 'app.record.edit', { name });
  const save = (data: Record<string, unknown>) => ({ ...toPayload(resource, data), [parentField]: parentId });

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="child-dialog-title"
      // The dialog takes focus on opening; its inputs show where focus is, its frame need not.
      slotProps={{ paper: { sx: { outline: 'none' } } }}
    >
      <DialogTitle id="child-dialog-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <ResourceContextProvider value={resource}>
        {creating ? (
          <CreateBase resource={resource} redirect={false} mutationOptions={{ onSuccess: done('created'), onError }} transform={save}>
            <SchemaForm editing={false} hide={[parentField]} preset={preset} inDialog />
          </CreateBase>
        ) : (
          <EditBase
            resource={resource}
            id={id}
            redirect={false}
            mutationMode="pessimistic"
            mutationOptions={{ onSuccess: done('updated'), onError }}
            loading={<LinearProgress sx={{ m: 3 }} />}
            transform={(data: Record<string, unknown>) => ({ ...save(data), id: data.id, version: data.version })}
          >
            <EditForm resource={resource} hide={[parentField]} deleteOptions={{ onSuccess: done('deleted') }} />
          </EditBase>
        )}
      </ResourceContextProvider>
    </Dialog>
  );
}

/**
 * The form of a record being edited: read-only with a note when its lock closes it to this
 * person; for those who may reopen it, editable with a note on how, and no delete while closed.
 */
function EditForm({
  resource,
  hide,
  deleteOptions,
}: {
  resource: string;
  hide: string[];
  deleteOptions: DeleteWithConfirmButtonProps['mutationOptions'];
}) {
  const record = useRecordContext();
  const state = useLockState(resource, record);
  // The revision shows as the new values beside the kept ones and a line above them, not as a group of its own.
  const revision = registry.resources[resource]?.['x-resource'].lock?.revision;
  const hidden = revision
    ? [
        ...hide,
        ...fields(registry.resources[resource])
          .filter((f) => f.path.startsWith(`${revision}.`))
          .map((f) => f.path),
      ]
    : hide;
  return (
    <SchemaForm
      editing
      hide={hidden}
      deleteRedirect={state === 'open' ? false : undefined}
      deleteOptions={deleteOptions}
      inDialog
      locked={state === 'closed'}
      notice={
        <>
          <LockNotice resource={resource} state={state} />
          <RevisionNotice resource={resource} record={record} />
        </>
      }
    />
  );
}
