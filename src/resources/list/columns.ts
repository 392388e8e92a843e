// Which columns a list shows. The schema's `list.columns` are the default; a person may hide
// some and show any other field of the record (a nested group's fields by their dotted path).
// The choice is kept as a difference from the default, by field path, so a column the schema
// adds later still appears, and a field the schema drops is simply forgotten.
import { fields } from '../../../kernel/schema/registry';
import type { FieldSchema, ResourceSchema } from '../../../kernel/schema/types';

export interface ColumnChoice {
  /** Default columns the person hid. */
  hidden: string[];
  /** Other fields the person added. */
  shown: string[];
}

export const NO_CHOICE: ColumnChoice = { hidden: [], shown: [] };

/** Where a list stands: a resource's own list page, or a child collection's tab on its parent's page. */
export type ListPlace = 'list' | 'tab';

/** The store key (react-admin's store, kept in localStorage) of one list's column choice. */
export const columnsKey = (resource: string, place: ListPlace) => `lists.${place}.${resource}.columns`;

/** A value a table cell can show: a single value, or a list of choices (not a list of groups). */
const fitsACell = (schema: FieldSchema) => !schema.writeOnly && (schema.type !== 'array' || Boolean(schema.items?.enum));

/**
 * Every column the list can show, in the order it shows them: the schema's columns first, then
 * the record's other fields in schema order; without those implied by where it stands (`hide`).
 */
export function columnPaths(schema: ResourceSchema, hide: string[] = []): string[] {
  const defaults = schema['x-resource'].list.columns;
  const others = fields(schema)
    .filter((f) => !defaults.includes(f.path) && fitsACell(f.schema))
    .map((f) => f.path);
  return [...defaults, ...others].filter((path) => !hide.includes(path));
}

/** The columns shown under a choice, in the order of columnPaths. */
export function visibleColumns(schema: ResourceSchema, choice: ColumnChoice, hide: string[] = []): string[] {
  const defaults = schema['x-resource'].list.columns;
  return columnPaths(schema, hide).filter((path) =>
    defaults.includes(path) ? !choice.hidden.includes(path) : choice.shown.includes(path),
  );
}

/** The choice once `path` is shown or hidden; a list always keeps one column, so hiding the last one changes nothing. */
export function toggleColumn(schema: ResourceSchema, choice: ColumnChoice, path: string, show: boolean, hide: string[] = []): ColumnChoice {
  const visible = visibleColumns(schema, choice, hide);
  if (!show && visible.length === 1 && visible[0] === path) return choice;
  const isDefault = schema['x-resource'].list.columns.includes(path);
  const without = (list: string[]) => list.filter((p) => p !== path);
  if (isDefault) return { ...choice, hidden: show ? without(choice.hidden) : [...without(choice.hidden), path] };
  return { ...choice, shown: show ? [...without(choice.shown), path] : without(choice.shown) };
}

/** Whether the choice differs from the schema's default for this list. */
export function isCustomized(schema: ResourceSchema, choice: ColumnChoice, hide: string[] = []): boolean {
  const defaults = schema['x-resource'].list.columns.filter((path) => !hide.includes(path));
  const visible = visibleColumns(schema, choice, hide);
  return visible.length !== defaults.length || visible.some((path, i) => path !== defaults[i]);
}
