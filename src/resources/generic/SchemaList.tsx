// The list screen of any resource: columns, sort, page size, search and filters from its schema;
// the column chooser, chip legend and export (list/ListTools); and an empty state that says
// what to do.
import { BulkDeleteWithConfirmButton, CreateButton, FilterButton, List, TopToolbar } from 'react-admin';
import { useMemo } from 'react';
import { useRouteTitle } from '../../routes/useRouteTitle';
import { ListEmpty } from '../list/ListEmpty';
import { LazyListTools } from '../list/LazyListTools';
import { ListFilterForm, ListFilters } from '../list/ListFilterForm';
import { ListPagination } from '../list/ListPagination';
import { useLinks } from '../useLinks';
import { RecordRows } from './RecordRows';
import { useFilterInputs } from './useFilterInputs';
import { useSchema } from './useSchema';
import { TIP_BULK_DELETE } from '../../forms/useConfirmCall';
import { LABEL_SHEETS } from '../../../kernel/pdf/names';
import { LabelsBulkButton } from '../pdf/RecordPdfButtons';

export function SchemaList() {
  const { resource, schema } = useSchema();
  const links = useLinks();
  const title = useRouteTitle();
  const meta = schema['x-resource'];
  const filters = useFilterInputs(resource, schema);
  const create = meta.endpoints.add ? links.to(resource, 'create') : undefined;
  const filterForm = useMemo(() => <ListFilterForm inputs={filters.inputs} />, [filters.inputs]);

  return (
    <List
      title={title}
      // Filters and buttons wrap onto a second line rather than push the page sideways. On a phone
      // react-admin stacks the buttons above the filters (a column): wrapping would start a second
      // column, beside the screen.
      sx={{
        '& .RaList-main': { minWidth: 0 },
        '& .RaList-actions': { flexWrap: { xs: 'nowrap', sm: 'wrap' } },
        '& .RaList-actions form': { flexWrap: 'wrap', minWidth: 0 },
      }}
      filters={filterForm}
      filterDefaultValues={filters.defaults}
      sort={meta.list.sort}
      perPage={meta.list.perPage}
      pagination={<ListPagination perPage={meta.list.perPage} />}
      // The toolbar stays when there is nothing to show; the rows' empty state says why.
      empty={false}
      actions={
        <TopToolbar sx={{ flexWrap: 'wrap' }}>
          {filters.hasMore && (
            <ListFilters inputs={filters.inputs}>
              <FilterButton />
            </ListFilters>
          )}
          {create && <CreateButton to={create} />}
          <LazyListTools resource={resource} schema={schema} place="list" />
        </TopToolbar>
      }
    >
      <RecordRows
        resource={resource}
        schema={schema}
        place="list"
        rowClick={(id) => links.open(resource, id) ?? false}
        bulkActionButtons={
          meta.endpoints.del || LABEL_SHEETS[resource] ? (
            <>
              {LABEL_SHEETS[resource] && <LabelsBulkButton resource={resource} />}
              {meta.endpoints.del && <BulkDeleteWithConfirmButton mutationMode="pessimistic" {...TIP_BULK_DELETE} />}
            </>
          ) : (
            false
          )
        }
        empty={<ListEmpty resource={resource} defaults={filters.defaults} create={create ? { to: create } : undefined} />}
      />
    </List>
  );
}
