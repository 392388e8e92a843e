// "History" on a record page: the operation log, filtered to this record. Shown only to people
// whose routes include the operation log (admins).
import HistoryIcon from '@mui/icons-material/History';
import { Button, type Identifier } from 'react-admin';
import { Link } from 'react-router-dom';
import { OPERATION_LOG } from '../../../../kernel/history/names';
import { useLinks } from '../../useLinks';

export function HistoryButton({ resource, id }: { resource: string; id: Identifier }) {
  const links = useLinks();
  const list = links.to(OPERATION_LOG, 'list');
  if (!list || resource === OPERATION_LOG) return null;
  const filter = encodeURIComponent(JSON.stringify({ resource, record: id }));
  return (
    <Button component={Link} to={`${list}?filter=${filter}`} label="app.history.button">
      <HistoryIcon />
    </Button>
  );
}
