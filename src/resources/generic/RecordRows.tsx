// The rows of a list (a resource's list page, or a child collection's tab): a table of the
// columns the person chose (the schema's by default, see list/useColumns), or on a phone one line
// per record, named by its representation and followed by the next two chosen columns.
import type { SxProps, Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactElement, ReactNode } from 'react';
import { Datagrid, type Identifier, type RaRecord, SimpleList } from 'react-admin';
import { field } from '../../../kernel/schema/registry';
import type { ResourceSchema } from '../../../kernel/schema/types';
import type { ListPlace } from '../list/columns';
import { useColumns } from '../list/useColumns';
import { useLabels } from './useLabels';
import { ValueField } from './ValueField';

export interface RecordRowsProps {
  resource: string;
  schema: ResourceSchema;
  /** Where the list stands: its column choice is remembered per resource and place. */
  place: ListPlace;
  /** Columns implied by where the list stands (a child's parent). */
  hide?: string[];
  /** Where a click on a row goes (a path), or false after doing something else. */
  rowClick: (id: Identifier, resource: string, record: RaRecord) => string | false;
  bulkActionButtons?: ReactElement | false;
  /** A last column of buttons (on a phone, at the end of each line). */
  actions?: ReactNode;
  /** What shows when there are no rows. */
  empty?: ReactNode;
  /** The look of one row (past assignments greyed). */
  rowSx?: (record: RaRecord) => SxProps;
}

export function RecordRows({ resource, schema, place, hide = [], rowClick, bulkActionButtons = false, actions, empty, rowSx }: RecordRowsProps) {
  const labels = useLabels(resource);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const meta = schema['x-resource'];
  const columns = useColumns(resource, schema, place, hide).visible;
  const schemaOf = (path: string) => field(schema, path)?.schema ?? {};
  const cell = (path?: string) => (path ? <ValueField source={path} resource={resource} schema={schemaOf(path)} withUnit /> : null);

  if (phone) {
    // A record named only by its id is better named by its first other column.
    const named = meta.recordRepresentation !== 'id' && columns.includes(meta.recordRepresentation);
    const first = named ? meta.recordRepresentation : (columns.find((c) => c !== 'id') ?? columns[0]);
    const [second, third] = columns.filter((c) => c !== 'id' && c !== first);
    return (
      <SimpleList
        primaryText={cell(first)}
        secondaryText={
          <>
            {cell(second)}
            {third && <> · {cell(third)}</>}
          </>
        }
        rowClick={rowClick}
        empty={empty}
        rowSx={rowSx}
        rightIcon={actions ? () => actions : undefined}
      />
    );
  }
  return (
    // Headers break between words only: a Chinese or Japanese label is never cut in two.
    <Datagrid
      rowClick={rowClick}
      rowSx={rowSx}
      sx={{ overflowX: 'auto', '& thead th': { wordBreak: 'keep-all' } }}
      bulkActionButtons={bulkActionButtons}
      empty={empty}
    >
      {columns.map((column) => (
        <ValueField
          key={column}
          source={column}
          resource={resource}
          schema={schemaOf(column)}
          label={labels.column(column, schemaOf(column))}
          sortable={meta.list.sortable.includes(column)}
        />
      ))}
      {actions}
    </Datagrid>
  );
}
