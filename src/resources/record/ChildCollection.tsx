// A child collection in a tab of its parent's record page: its own list (paging, sort, search,
// filters, columns from the child's schema, the parent column left out as implied), and its
// forms in a dialog: Create with the parent preset, a row click to edit, delete with confirmation.
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
  Pagination,
  ReferenceManyField,
  useNotify,
  useTranslate,
} from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { pageSizes } from '../generic/formLayout';
import { RecordRows } from '../generic/RecordRows';
import { useFilterInputs } from '../generic/useFilterInputs';
import { ChildDialog } from './ChildDialog';

export function ChildCollection({ resource, parentId }: { resource: string; parentId: Identifier }) {
  const schema = registry.resources[resource];
  const meta = schema['x-resource'];
  const filters = useFilterInputs(resource, schema, meta.parent ? [meta.parent.field] : []);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  // The dialog: closed, a new record (no id), or the record clicked.
  const [dialog, setDialog] = useState<{ id?: Identifier } | undefined>();

  const parentField = meta.parent?.field;
  if (!parentField) throw new Error(`${resource} is shown as a child collection but its schema names no parent`);

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
        pagination={<Pagination rowsPerPageOptions={pageSizes(meta.list.perPage)} />}
      >
        <FilterContext.Provider value={filters.inputs}>
          {/* The filters take the room left by the buttons, wrapping among themselves. */}
          <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, px: 2, pt: 1 }}>
            <Box sx={{ flex: '1 1 auto', minWidth: 0, '& form': { flexWrap: 'wrap', minWidth: 0 }, '& .MuiFormControl-root': { maxWidth: '100%' } }}>
              <FilterForm />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, pb: 1 }}>
              {filters.hasMore && <FilterButton />}
              {meta.endpoints.add && (
                <Button label="ra.action.create" variant="contained" onClick={() => setDialog({})}>
                  <AddIcon />
                </Button>
              )}
            </Box>
          </Box>
        </FilterContext.Provider>
        <RecordRows
          resource={resource}
          schema={schema}
          hide={[parentField]}
          rowClick={(id) => {
            setDialog({ id });
            return false;
          }}
          actions={
            meta.endpoints.del ? (
              <DeleteWithConfirmButton
                mutationMode="pessimistic"
                redirect={false}
                mutationOptions={{ onSuccess: deleted }}
                title={translate('ra.action.delete')}
                // Only the icon shows in the row (the label stays the button's accessible name).
                sx={{ fontSize: 0, minWidth: 0, '& .MuiButton-startIcon': { m: 0 } }}
              />
            ) : undefined
          }
        />
      </ReferenceManyField>
      {dialog && <ChildDialog resource={resource} parentField={parentField} parentId={parentId} id={dialog.id} onClose={() => setDialog(undefined)} />}
    </>
  );
}
