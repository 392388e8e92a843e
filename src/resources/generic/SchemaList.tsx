// The list screen of any resource: columns, sort, page size, search and filters from its schema.
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  BulkDeleteWithConfirmButton,
  CreateButton,
  ExportButton,
  FilterButton,
  List,
  Pagination,
  TopToolbar,
} from 'react-admin';
import { useRouteTitle } from '../../routes/useRouteTitle';
import { useLinks } from '../useLinks';
import { pageSizes } from './formLayout';
import { RecordRows } from './RecordRows';
import { useFilterInputs } from './useFilterInputs';
import { useSchema } from './useSchema';

export function SchemaList() {
  const { resource, schema } = useSchema();
  const links = useLinks();
  const title = useRouteTitle();
  const meta = schema['x-resource'];
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = useFilterInputs(resource, schema);
  const create = links.to(resource, 'create');

  return (
    <List
      title={title}
      // Filters and buttons wrap onto a second line rather than push the page sideways.
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-actions': { flexWrap: 'wrap' }, '& .RaList-actions form': { flexWrap: 'wrap', minWidth: 0 } }}
      filters={filters.inputs}
      filterDefaultValues={filters.defaults}
      sort={meta.list.sort}
      perPage={meta.list.perPage}
      pagination={<Pagination rowsPerPageOptions={pageSizes(meta.list.perPage)} />}
      actions={
        <TopToolbar>
          {filters.hasMore && <FilterButton />}
          {create && <CreateButton to={create} />}
          {!phone && <ExportButton />}
        </TopToolbar>
      }
    >
      <RecordRows
        resource={resource}
        schema={schema}
        rowClick={(id) => links.open(resource, id) ?? false}
        bulkActionButtons={meta.endpoints.del ? <BulkDeleteWithConfirmButton mutationMode="pessimistic" /> : false}
      />
    </List>
  );
}
