// A tab of a record page listing the members assigned to it (x-resource.assign: a well's people,
// its instruments): current ones first (the schema's sort), past ones greyed and marked as
// ended; an Assign button opening the search dialog, and a Remove button on each current row.
// A row opens the member's own page. After a change the tab, the members and the record's
// summary are read again (a member's status and current well change with it).
import PersonAddIcon from '@mui/icons-material/AddLink';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, type Identifier, Pagination, ReferenceManyField, useNotify } from 'react-admin';
import { isCurrent } from '../../../kernel/schema/assign';
import { registry } from '../../../kernel/schema/load-vite';
import { pageSizes } from '../generic/formLayout';
import { RecordRows } from '../generic/RecordRows';
import { ListEmpty } from '../list/ListEmpty';
import { useLinks } from '../useLinks';
import { AssignDialog } from './AssignDialog';
import { memberRefField } from './memberInfo';
import { RemoveMember } from './RemoveMember';

export function AssignCollection({ resource, parentId }: { resource: string; parentId: Identifier }) {
  const schema = registry.resources[resource];
  const meta = schema['x-resource'];
  const spec = meta.assign;
  const parent = meta.parent;
  const memberField = spec && memberRefField(schema, spec);
  if (!spec || !parent || !memberField)
    throw new Error(`${resource} is shown as an assignment tab but its schema names no assign, parent or member field`);
  const links = useLinks();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState(false);

  /** The tab, the members and the record page read again after a change. */
  const changed = (message: string) => {
    notify(message, { type: 'info', messageArgs: { smart_count: 1 } });
    for (const key of [resource, spec.member, parent.resource]) void queryClient.invalidateQueries({ queryKey: [key] });
  };

  return (
    <>
      <ReferenceManyField
        reference={resource}
        target={parent.field}
        record={{ id: parentId }}
        sort={meta.list.sort}
        perPage={meta.list.perPage}
        pagination={<Pagination rowsPerPageOptions={pageSizes(meta.list.perPage)} />}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: 1, pb: 1 }}>
          <Button label="app.assign.assign" variant="contained" onClick={() => setAssigning(true)}>
            <PersonAddIcon />
          </Button>
        </Box>
        <RecordRows
          resource={resource}
          schema={schema}
          place="tab"
          hide={[parent.field]}
          rowSx={(record) =>
            isCurrent(record, spec) ? {} : { opacity: 0.6, '& td, & .MuiListItemText-root': { color: 'text.secondary' } }
          }
          rowClick={(_id, _resource, record) => links.open(spec.member, record[memberField] as Identifier) ?? false}
          actions={
            <RemoveMember spec={spec} parentId={parentId} memberField={memberField} onRemoved={() => changed('app.assign.removed')} />
          }
          empty={<ListEmpty resource={resource} create={{ onClick: () => setAssigning(true) }} />}
        />
      </ReferenceManyField>
      {assigning && (
        <AssignDialog
          resource={resource}
          spec={spec}
          parentId={parentId}
          onClose={() => setAssigning(false)}
          onDone={() => {
            setAssigning(false);
            changed('app.assign.assigned');
          }}
        />
      )}
    </>
  );
}
