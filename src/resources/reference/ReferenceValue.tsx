// The value of an `x-ref` field: the target record's representation, linked to where a click
// on that record goes (its record page, else its edit form, else its detail).
import Typography from '@mui/material/Typography';
import { ReferenceField, type RaRecord, useGetRecordRepresentation, useRecordContext } from 'react-admin';
import { useLinks } from '../useLinks';

/** The target's representation; a target whose representation is empty (a menu group without a title) shows its id, so that its link keeps a name. */
function Representation({ reference }: { reference: string }) {
  const record = useRecordContext();
  const represent = useGetRecordRepresentation(reference);
  if (!record) return null;
  const shown = represent(record);
  return (
    <Typography component="span" variant="body2">
      {shown === '' || shown === null || shown === undefined ? `#${record.id}` : shown}
    </Typography>
  );
}

export function ReferenceValue({ source, reference }: { source: string; reference: string }) {
  const links = useLinks();
  return (
    <ReferenceField
      source={source}
      reference={reference}
      link={(record: RaRecord) => links.open(reference, record.id) ?? false}
      emptyText="—"
    >
      <Representation reference={reference} />
    </ReferenceField>
  );
}
