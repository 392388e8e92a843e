// The list screen of any resource: columns, sort, page size and filters from its schema.
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  BulkDeleteWithConfirmButton,
  CreateButton,
  Datagrid,
  ExportButton,
  FilterButton,
  List,
  SimpleList,
  TopToolbar,
  useResourceDefinition,
} from 'react-admin';
import { useRouteTitle } from '../../routes/useRouteTitle';
import { field } from '../../../kernel/schema/registry';
import { FilterInput } from './FilterInput';
import { useSchema } from './useSchema';
import { ValueField } from './ValueField';

export function SchemaList() {
  const { resource, schema } = useSchema();
  const { hasCreate, hasEdit, hasShow } = useResourceDefinition();
  const title = useRouteTitle();
  const meta = schema['x-resource'];
  const canDelete = Boolean(meta.endpoints.del);
  const schemaOf = (path: string) => field(schema, path)?.schema ?? {};

  const filters = meta.filters.map((filter) => (
    <FilterInput key={filter.param} source={filter.param} alwaysOn={filter.alwaysOn} resource={resource} filter={filter} schema={schemaOf(filter.field)} />
  ));
  const filterDefaults = Object.fromEntries(meta.filters.filter((f) => f.all !== undefined).map((f) => [f.param, f.all]));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const rowClick = hasEdit ? 'edit' : hasShow ? 'show' : false;
  // On a phone a table cannot fit: each record becomes a line, named by its representation
  // and followed by the next two columns.
  const [second, third] = meta.list.columns.filter((c) => c !== 'id' && c !== meta.recordRepresentation);
  const cell = (path?: string) => (path ? <ValueField source={path} resource={resource} schema={schemaOf(path)} /> : null);

  return (
    <List
      title={title}
      // Filters and buttons wrap onto a second line rather than push the page sideways.
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-actions': { flexWrap: 'wrap' }, '& .RaList-actions form': { flexWrap: 'wrap', minWidth: 0 } }}
      filters={filters}
      filterDefaultValues={filterDefaults}
      sort={meta.list.sort}
      perPage={meta.list.perPage}
      actions={
        <TopToolbar>
          {filters.some((f) => !f.props.alwaysOn) && <FilterButton />}
          {hasCreate && <CreateButton />}
          {!phone && <ExportButton />}
        </TopToolbar>
      }
    >
      {phone ? (
        <SimpleList
          primaryText={cell(meta.recordRepresentation)}
          secondaryText={
            <>
              {cell(second)} · {cell(third)}
            </>
          }
          linkType={rowClick}
        />
      ) : (
        <Datagrid
          rowClick={rowClick}
          sx={{ overflowX: 'auto' }}
          bulkActionButtons={canDelete ? <BulkDeleteWithConfirmButton mutationMode="pessimistic" /> : false}
        >
          {meta.list.columns.map((column) => (
            <ValueField key={column} source={column} resource={resource} schema={schemaOf(column)} sortable={meta.list.sortable.includes(column)} />
          ))}
        </Datagrid>
      )}
    </List>
  );
}
