// A child collection in a tab of its parent's record page: its own list (paging, sort, search,
// filters, columns from the child's schema, the parent column left out as implied; the same
// column chooser, legend, export and empty state as a list page), and its forms in a dialog:
// Create with the parent preset, a row click to edit, delete with confirmation (not of a record
// its lock closes), and a way to the child's own record page when a route shows one.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Button,
  DeleteWithConfirmButton,
  FilterButton,
  FilterContext,
  FilterForm,
  type Identifier,
  ReferenceManyField,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { isMade } from '../../../kernel/schema/made-from';
import { RecordRows } from '../generic/RecordRows';
import { useFilterInputs } from '../generic/useFilterInputs';
import { ListEmpty } from '../list/ListEmpty';
import { ListPagination } from '../list/ListPagination';
import { LazyListTools } from '../list/LazyListTools';
import { useLinks } from '../useLinks';
import { ChildDialog } from './ChildDialog';
import { RecordPageButton } from './RecordPageButton';
import { RecordPdfButtons } from '../pdf/RecordPdfButtons';
import { RECORD_PDFS } from '../../../kernel/pdf/names';
import { useLockState } from './useLockState';
import { TIP_DELETE } from '../../forms/useConfirmCall';

export function ChildCollection({ resource, parentId }: { resource: string; parentId: Identifier }) {
  const schema = registry.resources[resource];
  const meta = schema['x-resource'];
  const filters = useFilterInputs(resource, schema, meta.parent ? [meta.parent.field] : []);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const recordPage = useLinks().paths[resource]?.record;
  // The dialog: closed, a new record (no id), or the record clicked.
  const [dialog, setDialog] = useState<{ id?: Identifier } | undefined>();

  const parentField = meta.parent?.field;
  if (!parentField) throw new Error(`${resource} is shown as a child collection but its schema names no parent`);
  const hide = [parentField];
  const openCreate = () => setDialog({});

  const deleted = () => {
    notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
    void queryClient.invalidateQueries({ queryKey: [resource] });
  };

  return (
    <>
      <ReferenceManyField
        reference={resource}
        target={parentField}
        record={{ id: parentId }}
        sort={meta.list.sort}
        perPage={meta.list.perPage}
        pagination={<ListPagination perPage={meta.list.perPage} />}
      >
        <FilterContext.Provider value={filters.inputs}>
          {/* The filters take the room left by the buttons, wrapping among themselves; on a narrow
              screen the buttons move under them, on one line. */}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, px: 2, pt: 1 }}>
            <Box
              sx={{
                flex: '1 1 auto',
                minWidth: 0,
                '& form': { flexWrap: 'wrap', minWidth: 0 },
                '& .MuiFormControl-root': { maxWidth: '100%' },
              }}
            >
              <FilterForm />
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, pb: 1, ml: 'auto' }}>
              {filters.hasMore && <FilterButton />}
              <LazyListTools resource={resource} schema={schema} place="tab" hide={hide} parent={{ target: parentField, id: parentId }} />
              {meta.endpoints.add && (
                <Button label="ra.action.create" variant="contained" onClick={openCreate}>
                  <AddIcon />
                </Button>
              )}
            </Box>
          </Box>
        </FilterContext.Provider>
        <RecordRows
          resource={resource}
          schema={schema}
          place="tab"
          hide={hide}
          empty={
            <ListEmpty resource={resource} defaults={filters.defaults} create={meta.endpoints.add ? { onClick: openCreate } : undefined} />
          }
          rowClick={(id) => {
            setDialog({ id });
            return false;
          }}
          actions={
            meta.endpoints.del || recordPage || RECORD_PDFS[resource] ? (
              <RowActions
                resource={resource}
                recordPage={recordPage}
                parentField={parentField}
                onDeleted={meta.endpoints.del ? deleted : undefined}
              />
            ) : undefined
          }
        />
      </ReferenceManyField>
      {dialog && (
        <ChildDialog
          resource={resource}
          parentField={parentField}
          parentId={parentId}
          id={dialog.id}
          onClose={() => setDialog(undefined)}
        />
      )}
    </>
  );
}

interface RowActionsProps {
  resource: string;
  /** The route pattern of the child's own record page, if any. */
  recordPage?: string;
  parentField: string;
  /** Set when the child may be deleted from its row. */
  onDeleted?: () => void;
}

/** A row's buttons: to its record page, and delete unless its lock closes it or it was made from another record (a run from its trip). */
function RowActions({ resource, recordPage, parentField, onDeleted }: RowActionsProps) {
  const translate = useTranslate();
  const record = useRecordContext();
  const open = useLockState(resource, record) === 'open' && !isMade(registry.resources[resource], record);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
      {record && RECORD_PDFS[resource] && <RecordPdfButtons resource={resource} id={record.id} compact />}
      {recordPage && <RecordPageButton pattern={recordPage} parentField={parentField} />}
      {onDeleted && open && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          redirect={false}
          mutationOptions={{ onSuccess: onDeleted }}
          {...TIP_DELETE}
          title={translate('ra.action.delete')}
          // Only the icon shows in the row (the label stays the button's accessible name).
          sx={{ fontSize: 0, minWidth: 0, '& .MuiButton-startIcon': { m: 0 } }}
        />
      )}
    </Box>
  );
}
