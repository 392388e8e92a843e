// One row of a list page's table, as react-admin's DatagridRow draws it (same elements, class
// names and look) but lighter: the row, its cells and its checkbox are plain elements whose look
// comes from the table's one style (listCellStyles, as MUI's TableRow, small body TableCell and
// Checkbox draw them), and the row is drawn again only when its record or selection changes, not
// with each change of location or of react-admin's resource registry. A list page draws a few
// hundred cells: as styled components, each would work out its own style on every page.
// A click goes where the table's rowClick says (the list's own handler navigates).
import TableRow from '@mui/material/TableRow';
import { alpha, type Theme } from '@mui/material/styles';
import { Children, isValidElement, memo, type MouseEvent, type ReactNode } from 'react';
import {
  DatagridHeader,
  type DatagridBodyProps,
  type DatagridHeaderProps,
  type Identifier,
  type RaRecord,
  RecordContextProvider,
  useRecordContext,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useSteady } from './steady';
import type { SxProps } from '@mui/material/styles';
import type { CSSProperties } from 'react';

/** The classes of the plain elements: react-admin's and MUI's own (tests and styles find them), and ours for the look. */
const LIST_CELL = 'ListCell';
const LIST_ROW = 'ListRow';
const LIST_CHECKBOX = 'ListCheckbox';
const CELL_CLASSES = `MuiTableCell-root MuiTableCell-body MuiTableCell-sizeSmall ${LIST_CELL}`;
const CHECKBOX_CELL_CLASSES = `MuiTableCell-root MuiTableCell-body MuiTableCell-paddingCheckbox MuiTableCell-sizeSmall ${LIST_CELL} ${LIST_CELL}-checkbox`;
const ROW_CLASSES = `MuiTableRow-root ${LIST_ROW}`;
const CHECKBOX_CLASSES = `MuiButtonBase-root MuiCheckbox-root MuiCheckbox-colorPrimary MuiCheckbox-sizeMedium PrivateSwitchBase-root select-item RaDatagrid-checkbox ${LIST_CHECKBOX}`;

/** MUI's CheckBoxOutlineBlank and CheckBox icons. */
const BOX_BLANK = 'M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z';
const BOX_CHECKED =
  'M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-7 7z';

/** MUI 7's TableRow, small body TableCell and Checkbox (as a list's table sets it: no padding), for the plain elements: to be given to the table's sx. */
export function listCellStyles(theme: Theme) {
  const line =
    theme.palette.mode === 'light'
      ? theme.lighten(theme.alpha(theme.palette.divider, 1), 0.88)
      : theme.darken(theme.alpha(theme.palette.divider, 1), 0.68);
  const primary = theme.palette.primary.main;
  const { action } = theme.palette;
  return {
    [`& tr.${LIST_ROW}`]: {
      color: 'inherit',
      display: 'table-row',
      verticalAlign: 'middle',
      outline: 0,
      '&.MuiTableRow-hover:hover': { backgroundColor: action.hover },
    },
    [`& td.${LIST_CELL}`]: {
      ...theme.typography.body2,
      display: 'table-cell',
      verticalAlign: 'inherit',
      borderBottom: `1px solid ${line}`,
      textAlign: 'left',
      color: theme.palette.text.primary,
      padding: '6px 16px',
    },
    [`& td.${LIST_CELL}-checkbox`]: { width: 24, padding: '0 8px' },
    [`& .${LIST_CHECKBOX}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'relative',
      boxSizing: 'border-box',
      verticalAlign: 'middle',
      cursor: 'pointer',
      userSelect: 'none',
      padding: 0,
      borderRadius: '50%',
      color: theme.palette.text.secondary,
      '&:hover': { backgroundColor: alpha(primary, action.hoverOpacity) },
      '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
      // MUI marks a focused checkbox with a ripple; here, a tint and a ring as strong.
      '&:has(input:focus-visible)': { backgroundColor: alpha(primary, action.focusOpacity), outline: `2px solid ${alpha(primary, 0.5)}` },
      '&.Mui-checked': { color: primary },
      '&.Mui-disabled': { color: action.disabled, cursor: 'default', pointerEvents: 'none' },
      '& > input': {
        cursor: 'inherit',
        position: 'absolute',
        opacity: 0,
        width: '100%',
        height: '100%',
        top: 0,
        left: 0,
        margin: 0,
        padding: 0,
        zIndex: 1,
      },
      '& > svg': {
        userSelect: 'none',
        width: '1em',
        height: '1em',
        display: 'inline-block',
        flexShrink: 0,
        fill: 'currentColor',
        fontSize: theme.typography.pxToRem(24),
      },
    },
  } as const;
}

/** A row's checkbox as MUI's Checkbox draws it (same elements and classes), plain. */
function RowCheckbox({
  label,
  checked,
  disabled,
  onClick,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onClick: (event: MouseEvent) => void;
}) {
  const state = `${checked ? ' Mui-checked' : ''}${disabled ? ' Mui-disabled' : ''}`;
  return (
    <span className={CHECKBOX_CLASSES + state} onClick={onClick}>
      {/* The selection follows the list's state: the click handler changes it, the box only shows it. */}
      <input
        type="checkbox"
        className="PrivateSwitchBase-input"
        aria-label={label}
        checked={checked}
        disabled={disabled}
        onChange={NO_CHANGE}
      />
      <svg className="MuiSvgIcon-root MuiSvgIcon-fontSizeMedium" focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d={checked ? BOX_CHECKED : BOX_BLANK} />
      </svg>
    </span>
  );
}

const NO_CHANGE = () => undefined;

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

function ListRowCells({
  id,
  record,
  resource,
  className,
  children,
  hasBulkActions = false,
  hover = true,
  onToggleItem,
  rowClick,
  selected = false,
  selectable = true,
  style,
  sx,
}: ListRowProps) {
  const translate = useTranslate();
  if (id === undefined || !record || !resource) throw new Error('ListRow is drawn by a Datagrid body, with a record');
  const toggle = (event: MouseEvent) => {
    if (!selectable || !onToggleItem) return;
    onToggleItem(id, event);
    event.stopPropagation();
  };
  const classes = [className, selectable && 'RaDatagrid-selectable', rowClick && 'RaDatagrid-clickableRow'].filter(Boolean).join(' ');
  const onClick = rowClick ? () => void rowClick(id, resource, record) : undefined;
  const cells = (
    <>
      {hasBulkActions && (
        <td className={CHECKBOX_CELL_CLASSES}>
          <RowCheckbox
            label={translate('ra.action.select_row', { _: 'Select this row' })}
            checked={selectable && selected}
            disabled={!selectable}
            onClick={toggle}
          />
        </td>
      )}
      {Children.map(children, (field, index) =>
        isValidElement<{ source?: string }>(field) ? (
          // Keyed by column only: the next record in this place fills the same cells.
          <td key={field.props.source ?? index} className={`${CELL_CLASSES} column-${field.props.source} RaDatagrid-rowCell`}>
            {field}
          </td>
        ) : null,
      )}
    </>
  );
  // A row given a look of its own (sx) is MUI's TableRow, which works sx out; the others are plain.
  if (sx) {
    return (
      <TableRow className={classes} style={style} sx={sx} hover={hover} onClick={onClick}>
        {cells}
      </TableRow>
    );
  }
  const rowClasses = `${ROW_CLASSES}${hover ? ' MuiTableRow-hover' : ''} ${classes}`;
  return (
    <tr className={rowClasses} style={style} onClick={onClick}>
      {cells}
    </tr>
  );
}

/** Rows compare everything but their cells' elements (the table is mounted anew when its columns change). */
const ListRow = memo(ListRowView, (before, after) => {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('children');
  return [...keys].every((key) => Object.is(before[key as keyof ListRowProps], after[key as keyof ListRowProps]));
});

/**
 * The table body of a list page, as react-admin's DatagridBody draws it (same element and
 * classes) but plain, with ListRow rows keyed by their place on the page rather than by record:
 * the next page's rows take the places of this page's, so the browser changes the cells' text
 * instead of building every row anew. Drawn again only when its props change.
 */
export const ListBody = memo(function ListBody({
  children,
  className,
  data = NO_DATA,
  hasBulkActions = false,
  hover,
  onToggleItem,
  resource,
  rowClick,
  rowSx,
  rowStyle,
  selectedIds,
  isRowSelectable,
}: DatagridBodyProps) {
  return (
    <tbody className={`MuiTableBody-root datagrid-body RaDatagrid-tbody${className ? ` ${className}` : ''}`}>
      {data.map((record: RaRecord, place) => (
        <RecordContextProvider value={record} key={place}>
          <ListRow
            className={`RaDatagrid-row ${place % 2 === 0 ? 'RaDatagrid-rowEven' : 'RaDatagrid-rowOdd'}`}
            hasBulkActions={hasBulkActions && Boolean(selectedIds)}
            hover={hover}
            id={record.id ?? `row${place}`}
            onToggleItem={onToggleItem}
            resource={resource}
            rowClick={typeof rowClick === 'function' ? rowClick : undefined}
            selectable={!isRowSelectable || isRowSelectable(record)}
            selected={selectedIds?.includes(record.id) ?? false}
            sx={rowSx?.(record, place)}
            style={rowStyle?.(record, place)}
          >
            {children}
          </ListRow>
        </RecordContextProvider>
      ))}
    </tbody>
  );
});

const NO_DATA: RaRecord[] = [];

/**
 * react-admin's table header, given a steady sort handler (see steady.ts): its cells, each a few
 * styled components, draw again when the sort or the columns change, not each time the list's
 * state does.
 */
export function ListHeader(props: DatagridHeaderProps) {
  const { setSort } = useSteady({ setSort: props.setSort });
  return <DatagridHeader {...props} setSort={props.setSort ? setSort : undefined} />;
}
