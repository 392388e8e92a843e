// The rows of a list (a resource's list page, or a child collection's tab): a table with the
// schema's columns, or on a phone one line per record, named by its representation and followed
// by the next two columns.
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactElement, ReactNode } from 'react';
import { Datagrid, type Identifier, type RaRecord, SimpleList } from 'react-admin';
import { field } from '../../../kernel/schema/registry';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { useLabels } from './useLabels';
import { ValueField } from './ValueField';

export interface RecordRowsProps {
  resource: string;
  schema: ResourceSchema;
  /** Columns implied by where the list stands (a child's parent). */
  hide?: string[];
  /** Where a click on a row goes (a path), or false after doing something else. */
  rowClick: (id: Identifier, resource: string, record: RaRecord) => string | false;
  bulkActionButtons?: ReactElement | false;
  /** A last column of buttons (table only). */
  actions?: ReactNode;
}

export function RecordRows({ resource, schema, hide = [], rowClick, bulkActionButtons = false, actions }: RecordRowsProps) {
  const labels = useLabels(resource);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const meta = schema['x-resource'];
  const columns = meta.list.columns.filter((c) => !hide.includes(c));
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
      />
    );
  }
  return (
    // Headers break between words only: a Chinese or Japanese label is never cut in two.
    <Datagrid rowClick={rowClick} sx={{ overflowX: 'auto', '& thead th': { wordBreak: 'keep-all' } }} bulkActionButtons={bulkActionButtons}>
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
