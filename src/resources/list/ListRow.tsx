// One row of a list page's table, as react-admin's DatagridRow draws it (same elements, class
// names and look) but lighter: each cell a plain <td> whose look comes from the table's one style
// (LIST_CELLS, as MUI's small body TableCell), and the row drawn again only when its record or
// selection changes, not with each change of location or of react-admin's resource registry.
// A click goes where the table's rowClick says (the list's own handler navigates).
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import { Children, isValidElement, memo, type MouseEvent, type ReactNode } from 'react';
import { DatagridBody, type DatagridBodyProps, type Identifier, type RaRecord, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import type { SxProps } from '@mui/material/styles';
import type { CSSProperties } from 'react';

/** The class of a plain cell: react-admin's and MUI's own (tests and styles find them), and ours for the look. */
const LIST_CELL = 'ListCell';
const CELL_CLASSES = `MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall ${LIST_CELL}`;

/** MUI 7's small body TableCell, for the plain cells: to be given to the table's sx. */
export function listCellStyles(theme: Theme) {
  const line = theme.palette.mode === 'light' ? theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88) : theme.darken(theme.alpha(theme.palette.divider, 1), 0.68);
  return {
    [`& td.${LIST_CELL}`]: {
      ...theme.typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${line}`,
      textAlign: 'left',
      color: theme.palette.text.primary,
      padding: '6px 16px',
    },
  };
}

interface ListRowProps {
  id?: Identifier;
  record?: RaRecord;
  resource?: string;
  className?: string;
  children?: ReactNode;
  hasBulkActions?: boolean;
  hover?: boolean;
  onToggleItem?: (id: Identifier, event: MouseEvent) => void;
  rowClick?: (id: Identifier, resource: string, record: RaRecord) => unknown;
  selected?: boolean;
  selectable?: boolean;
  style?: CSSProperties;
  sx?: SxProps<Theme>;
}

function ListRowView(props: ListRowProps) {
  // The body gives each row its record through a record context, and the resource when the table has one.
  const record = useRecordContext(props);
  const resource = useResourceContext(props);
  return <ListRowCells {...props} record={record} resource={resource} />;
}

function ListRowCells({ id, record, resource, className, children, hasBulkActions = false, hover = true, onToggleItem, rowClick, selected = false, selectable = true, style, sx }: ListRowProps) {
  const translate = useTranslate();
  if (id === undefined || !record || !resource) throw new Error('ListRow is drawn by a Datagrid body, with a record');
  const toggle = (event: MouseEvent) => {
    if (!selectable || !onToggleItem) return;
    onToggleItem(id, event);
    event.stopPropagation();
  };
  const classes = [className, selectable && 'RaDatagrid-selectable', rowClick && 'RaDatagrid-clickableRow'].filter(Boolean).join(' ');
  return (
    <TableRow className={classes} style={style} sx={sx} hover={hover} onClick={rowClick ? () => void rowClick(id, resource, record) : undefined}>
      {hasBulkActions && (
        <TableCell padding="checkbox">
          <Checkbox
            aria-label={translate('ra.action.select_row', { _: 'Select this row' })}
            color="primary"
            className="select-item RaDatagrid-checkbox"
            checked={selectable && selected}
            onClick={toggle}
            disabled={!selectable}
          />
        </TableCell>
      )}
      {Children.map(children, (field, index) =>
        isValidElement<{ source?: string }>(field) ? (
          <td key={`${String(id)}-${field.props.source ?? index}`} className={`${CELL_CLASSES} column-${field.props.source} RaDatagrid-rowCell`}>
            {field}
          </td>
        ) : null,
      )}
    </TableRow>
  );
}

/** Rows compare everything but their cells' elements (the table is mounted anew when its columns change). */
const ListRow = memo(ListRowView, (before, after) => {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('children');
  return [...keys].every((key) => Object.is(before[key as keyof ListRowProps], after[key as keyof ListRowProps]));
});

const ROW = <ListRow />;

/** The table body of a list page: react-admin's, with ListRow rows, drawn again only when its props change. */
export const ListBody = memo(function ListBody(props: DatagridBodyProps) {
  return <DatagridBody {...props} row={ROW} />;
});
