// The tools every list has beside its own buttons, on a resource's list page and in a child
// collection's tab alike: the column chooser, the legend of its chips, and the export; on a list
// page whose records people create, the import.
import { useTranslate } from 'react-admin';
import { keptByAccounts } from '../../../kernel/schema/access';
import { isSingleton } from '../../../kernel/schema/singleton';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { ColorLegend } from './ColorLegend';
import { ColumnChooser } from './ColumnChooser';
import type { ListPlace } from './columns';
import { ExportMenu } from './ExportMenu';
import { ImportButton } from './ImportDialog';
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

/** Whether people create the list's records, and so may import them. */
const importable = (schema: ResourceSchema) =>
  !!schema['x-resource'].endpoints.add && !schema['x-resource'].mockOnly && !keptByAccounts(schema) && !isSingleton(schema);

export function ListTools({ resource, schema, place, hide, parent }: ListToolsProps) {
  const translate = useTranslate();
  return (
    <>
      {place === 'list' && importable(schema) && (
        <ImportButton resource={resource} title={translate(`resources.${resource}.name`, { smart_count: 2, _: resource })} />
      )}
      <ColumnChooser resource={resource} schema={schema} place={place} hide={hide} />
      <ColorLegend resource={resource} schema={schema} place={place} hide={hide} />
      <ExportMenu resource={resource} schema={schema} hide={hide} parent={parent} />
    </>
  );
}
