// The value of a list of references (a trip's instruments): a chip per record, named by its
// representation and linked to where a click on that record goes.
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router-dom';
import { type Identifier, useGetManyAggregate, useGetRecordRepresentation } from 'react-admin';
import { useLinks } from '../useLinks';

export function ReferenceListValue({ ids, reference }: { ids: Identifier[]; reference: string }) {
  const links = useLinks();
  const represent = useGetRecordRepresentation(reference);
  const { data } = useGetManyAggregate(reference, { ids });
  const byId = new Map((data ?? []).map((record) => [record.id, record]));
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} component="span">
      {ids.map((id) => {
        const record = byId.get(id);
        const label = record ? String(represent(record) || `#${id}`) : `#${id}`;
        const to = links.open(reference, id);
        return to ? (
          <Chip key={String(id)} size="small" label={label} component={Link} to={to} clickable onClick={(e) => e.stopPropagation()} />
        ) : (
          <Chip key={String(id)} size="small" label={label} />
        );
      })}
    </Stack>
  );
}
