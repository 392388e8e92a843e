// The detail screen of any resource: every field, labelled, as the list shows it.
import { EditButton, Labeled, Show, SimpleShowLayout, TopToolbar, useResourceDefinition } from 'react-admin';
import { fields } from '../../../kernel/schema/registry';
import { useSchema } from './useSchema';
import { ValueField } from './ValueField';

export function SchemaShow() {
  const { resource, schema } = useSchema();
  const { hasEdit } = useResourceDefinition();
  return (
    <Show actions={<TopToolbar>{hasEdit && <EditButton />}</TopToolbar>}>
      <SimpleShowLayout>
        {fields(schema).map((f) => (
          <Labeled key={f.path} source={f.path}>
            <ValueField source={f.path} resource={resource} schema={f.schema} />
          </Labeled>
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
