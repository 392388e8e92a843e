// The rows of a list (a resource's list page, or a child collection's tab): a table of the
// columns the person chose (the schema's by default, see list/useColumns), or on a phone one line
// per record, named by its representation and followed by the next two chosen columns.
import type { SxProps, Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactElement, type ReactNode, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Datagrid, type Identifier, type RaRecord, SimpleList, useListContext } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { field } from '../../../kernel/schema/registry';
import { registry } from '../../../kernel/schema/load-vite';
import type { ResourceSchema } from '../../../kernel/schema/types';
import type { ListPlace } from '../list/columns';
import { useColumns } from '../list/useColumns';
import { ListBody, ListHeader, listCellStyles } from '../list/ListRow';
import { optionsDictionary } from '../../../kernel/schema/dictionary';
import { ResourceChoicesProvider } from './choices';
import { useLabels } from './useLabels';
import { ValueField } from './ValueField';
import { LoadFailed } from '../LoadFailed';

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

// Headers break between words only: a Chinese or Japanese label is never cut in two. A wide table
// scrolls sideways inside its own wrapper: the table's box must not clip, as react-admin draws
// the bar of actions on selected rows above it.
const TABLE = (theme: Theme) =>
  ({ '& .RaDatagrid-tableWrapper': { overflowX: 'auto' }, '& thead th': { wordBreak: 'keep-all' }, ...listCellStyles(theme) }) as const;
const LIST_BODY = <ListBody />;
const LIST_HEADER = <ListHeader />;

export function RecordRows({
  resource,
  schema,
  place,
  hide = [],
  rowClick,
  bulkActionButtons = false,
  actions,
  empty,
  rowSx,
}: RecordRowsProps) {
  const labels = useLabels(resource);
  const { error, refetch, isFetching } = useListContext();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const meta = schema['x-resource'];
  const columns = useColumns(resource, schema, place, hide).visible;
  const schemaOf = (path: string) => field(schema, path)?.schema ?? {};
  const cell = (path?: string) => (path ? <ValueField source={path} resource={resource} schema={schemaOf(path)} withUnit /> : null);
  // The cells' option labels, worked out once for the list (dictionary items only when a column needs them).
  const dictionary = columns.some((path) => Boolean(optionsDictionary(registry.config, schemaOf(path))));
  const withChoices = (rows: ReactElement) => (
    <ResourceChoicesProvider resource={resource} dictionary={dictionary}>
      {rows}
    </ResourceChoicesProvider>
  );

  // One click handler for the table's life, calling the latest one given: memoized rows keep it.
  const latestClick = useRef(rowClick);
  useLayoutEffect(() => {
    latestClick.current = rowClick;
  });
  const click = useCallback<RecordRowsProps['rowClick']>((id, clicked, record) => latestClick.current(id, clicked, record), []);
  // The light rows (ListRow) leave the navigation to the list: to where rowClick says, as react-admin's rows go.
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useLayoutEffect(() => {
    latestNavigate.current = navigate;
  });
  const open = useCallback<RecordRowsProps['rowClick']>((id, clicked, record) => {
    const to = latestClick.current(id, clicked, record);
    if (to !== false) void latestNavigate.current(to, { state: { _scrollToTop: true } });
    return false;
  }, []);
  const columnKey = columns.join(',');
  const cells = useMemo(
    () =>
      (columnKey ? columnKey.split(',') : []).map((column) => {
        const columnSchema = field(schema, column)?.schema ?? {};
        return (
          <ValueField
            key={column}
            source={column}
            resource={resource}
            schema={columnSchema}
            label={labels.column(column, columnSchema)}
            sortable={schema['x-resource'].list.sortable.includes(column)}
          />
        );
      }),
    [columnKey, schema, resource, labels],
  );

  // A failed call is said to be one, with a way to ask again: its rows are unknown, not none.
  if (error) return <LoadFailed error={error} retry={() => void refetch()} retrying={isFetching} />;
  if (phone) {
    // A record named only by its id is better named by its first other column.
    const named = meta.recordRepresentation !== 'id' && columns.includes(meta.recordRepresentation);
    const first = named ? meta.recordRepresentation : (columns.find((c) => c !== 'id') ?? columns[0]);
    // A date that expires (a certificate's) takes the line's last place: its warning must show.
    const expiring = columns.find((c) => c !== first && field(schema, c)?.schema['x-ui']?.expiry);
    const [second, other] = columns.filter((c) => c !== 'id' && c !== first && c !== expiring);
    const third = expiring ?? other;
    return withChoices(
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
      />,
    );
  }
  // A list's rows render once when their data comes, not again each time the page around them
  // does: light rows (ListRow) that compare their record and selection, not their columns (a
  // change of columns or resource mounts the table anew). A table with a column of buttons from
  // its parent keeps react-admin's rows, drawn each time, as those buttons may have changed.
  // react-admin's own memoized rows (<Datagrid optimized>) showed a next page's rows three times
  // later after their data (90 ms against 28, npm run bench:frontend): the light rows stay.
  const light = !actions;
  const key = `${resource}:${columnKey}`;
  const table = {
    body: light ? LIST_BODY : undefined,
    header: light ? LIST_HEADER : undefined,
    rowClick: light ? open : click,
    rowSx,
    sx: TABLE,
    bulkActionButtons,
    empty,
  };
  // The light table's columns are the same elements from one render to the next: its header and
  // rows are not drawn again for new ones.
  return withChoices(
    light ? (
      <Datagrid key={key} {...table}>
        {cells}
      </Datagrid>
    ) : (
      <Datagrid key={key} {...table}>
        {cells}
        {actions}
      </Datagrid>
    ),
  );
}
