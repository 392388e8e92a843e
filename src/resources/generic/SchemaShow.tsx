// The detail screen of any resource: every field, labelled, as the list shows it.
import { Show, SimpleShowLayout, TopToolbar } from 'react-admin';
import { fields } from '../../../kernel/schema/registry';
import { EditLinkButton } from './ViewButtons';
import { SummaryGrid } from './SummaryGrid';
import { useSchema } from './useSchema';
import { QUIET_RECORD_QUERY, ShowUnavailable } from '../RecordUnavailable';

export function SchemaShow() {
  const { resource, schema } = useSchema();
  return (
    <Show
      error={<ShowUnavailable />}
      queryOptions={QUIET_RECORD_QUERY}
      actions={
        <TopToolbar>
          <EditLinkButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <SummaryGrid
          resource={resource}
          schema={schema}
          paths={fields(schema)
            .filter((f) => !f.schema.writeOnly)
            .map((f) => f.path)}
        />
      </SimpleShowLayout>
    </Show>
  );
}
