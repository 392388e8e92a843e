// A read-only tab of a record page (`{resource, via}`): the records of another resource whose
// `via` field names this record (a crew's members, an instrument's wells). Its list asks for
// them with the filter declared on that field; nothing is created, edited or deleted here. A row
// opens its record's page, or, for a record without one, its parent's (an assignment's well).
import { type Identifier, Pagination, type RaRecord, ReferenceManyField } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { pageSizes } from '../generic/formLayout';
import { RecordRows } from '../generic/RecordRows';
import { ListEmpty } from '../list/ListEmpty';
import { useLinks } from '../useLinks';

export function ViaCollection({ resource, via, recordId }: { resource: string; via: string; recordId: Identifier }) {
  const schema = registry.resources[resource];
  const meta = schema['x-resource'];
  const links = useLinks();
  const parent = meta.parent;
  const open = (id: Identifier, record: RaRecord) =>
    links.open(resource, id) ??
    (parent && record[parent.field] ? links.open(parent.resource, record[parent.field] as Identifier) : undefined) ??
    false;
  return (
    <ReferenceManyField
      reference={resource}
      target={via}
      record={{ id: recordId }}
      sort={meta.list.sort}
      perPage={meta.list.perPage}
      pagination={<Pagination rowsPerPageOptions={pageSizes(meta.list.perPage)} />}
    >
      <RecordRows
        resource={resource}
        schema={schema}
        place="tab"
        hide={[via]}
        rowClick={(id, _resource, record) => open(id, record)}
        empty={<ListEmpty resource={resource} />}
      />
    </ReferenceManyField>
  );
}
