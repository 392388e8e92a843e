import { useStore } from 'react-admin';
import type { ResourceSchema } from '../../../kernel/schema/types';
import {
  type ColumnChoice,
  type ListPlace,
  NO_CHOICE,
  columnPaths,
  columnsKey,
  isCustomized,
  toggleColumn,
  visibleColumns,
} from './columns';

const isChoice = (value: unknown): value is ColumnChoice =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ColumnChoice).hidden) &&
  Array.isArray((value as ColumnChoice).shown);

/**
 * The columns of one list and the person's choice of them, remembered in react-admin's store
 * (localStorage) per resource and place: every component that asks for the same list sees the
 * same choice, and changes it for the others at once.
 */
export function useColumns(resource: string, schema: ResourceSchema, place: ListPlace, hide: string[] = []) {
  const [stored, setStored] = useStore<ColumnChoice>(columnsKey(resource, place), NO_CHOICE);
  const choice = isChoice(stored) ? stored : NO_CHOICE; // something else under the key is ignored
  return {
    available: columnPaths(schema, hide),
    visible: visibleColumns(schema, choice, hide),
    customized: isCustomized(schema, choice, hide),
    toggle: (path: string, show: boolean) => setStored(toggleColumn(schema, choice, path, show, hide)),
    reset: () => setStored(NO_CHOICE),
  };
}
