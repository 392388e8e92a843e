// The tools every list has beside its own buttons, on a resource's list page and in a child
// collection's tab alike: the column chooser, the legend of its chips, and the export.
import type { ResourceSchema } from '../../../kernel/schema/types';
import { ColorLegend } from './ColorLegend';
import { ColumnChooser } from './ColumnChooser';
import type { ListPlace } from './columns';
import { ExportMenu } from './ExportMenu';
import type { ParentFilter } from './useExport';

export interface ListToolsProps {
  resource: string;
  schema: ResourceSchema;
  place: ListPlace;
  /** Columns implied by where the list stands (a child's parent). */
  hide?: string[];
  /** For a child collection: its parent, whose records alone the export reads. */
  parent?: ParentFilter;
}

export function ListTools({ resource, schema, place, hide, parent }: ListToolsProps) {
  return (
    <>
      <ColumnChooser resource={resource} schema={schema} place={place} hide={hide} />
      <ColorLegend resource={resource} schema={schema} place={place} hide={hide} />
      <ExportMenu resource={resource} schema={schema} hide={hide} parent={parent} />
    </>
  );
}
