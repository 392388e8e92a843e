// The value of an `x-ref` field: the target record's representation, linked to where a click
// on that record goes (its record page, else its edit form, else its detail).
import { ReferenceField, type RaRecord } from 'react-admin';
import { useLinks } from '../useLinks';

export function ReferenceValue({ source, reference }: { source: string; reference: string }) {
  const links = useLinks();
  return <ReferenceField source={source} reference={reference} link={(record: RaRecord) => links.open(reference, record.id) ?? false} emptyText="—" />;
}
