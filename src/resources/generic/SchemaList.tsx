// The list screen of any resource: columns, sort, page size and filters from its schema.
import {
  BulkDeleteWithConfirmButton,
  CreateButton,
  Datagrid,
  ExportButton,
  FilterButton,
  List,
  TopToolbar,
  useResourceDefinition,
} from 'react-admin';
import { field } from '../../schema/registry';
import { FilterInput } from './FilterInput';
import { useSchema } from './useSchema';
import { ValueField } from './ValueField';

export function SchemaList() {
  const { resource, schema } = useSchema();
  const { hasCreate, hasEdit, hasShow } = useResourceDefinition();
  const meta = schema['x-resource'];
  const canDelete = Boolean(meta.endpoints.del);
  const schemaOf = (path: string) => field(schema, path)?.schema ?? {};

  const filters = meta.filters.map((filter) => (
    <FilterInput key={filter.param} source={filter.param} alwaysOn={filter.alwaysOn} resource={resource} filter={filter} schema={schemaOf(filter.field)} />
  ));
  const filterDefaults = Object.fromEntries(meta.filters.filter((f) => f.all !== undefined).map((f) => [f.param, f.all]));

  return (
    <List
      filters={filters}
      filterDefaultValues={filterDefaults}
      sort={meta.list.sort}
      perPage={meta.list.perPage}
      actions={
        <TopToolbar>
          {filters.some((f) => !f.props.alwaysOn) && <FilterButton />}
          {hasCreate && <CreateButton />}
          <ExportButton />
        </TopToolbar>
      }
    >
      <Datagrid
        rowClick={hasEdit ? 'edit' : hasShow ? 'show' : false}
        bulkActionButtons={canDelete ? <BulkDeleteWithConfirmButton mutationMode="pessimistic" /> : false}
      >
        {meta.list.columns.map((column) => (
          <ValueField key={column} source={column} resource={resource} schema={schemaOf(column)} sortable={meta.list.sortable.includes(column)} />
        ))}
      </Datagrid>
    </List>
  );
}
