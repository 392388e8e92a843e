// The value of an `x-record-of` field: a record's id, linked to where a click on a record of the
// resource its sibling field names goes (its record page, else its edit form), when there is one.
import Link from '@mui/material/Link';
import type { Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useLinks } from '../useLinks';

export function RecordOfValue({ resource, id }: { resource: unknown; id: Identifier }) {
  const links = useLinks();
  const to = typeof resource === 'string' ? links.open(resource, id) : undefined;
  if (!to) return <span>{String(id)}</span>;
  // A click on the link opens the record, not the row it sits in.
  return (
    <Link component={RouterLink} to={to} onClick={(event) => event.stopPropagation()}>
      {String(id)}
    </Link>
  );
}
