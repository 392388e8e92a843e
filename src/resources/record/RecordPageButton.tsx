// A row's way to its own record page when that page is not the row click's (a trip's daily
// reports: the row click edits the trip in a dialog). Labelled by the page's route title.
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link } from 'react-router-dom';
import Button from '@mui/material/Button';
import { useRecordContext, useTranslate } from 'react-admin';
import { recordPageLink } from '../../../kernel/routes/params';
import { routeTitleKey } from '../../routes/routeOf';

export function RecordPageButton({ pattern, parentField }: { pattern: string; parentField?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const to = record && recordPageLink(pattern, record, parentField);
  if (!to) return null;
  const key = routeTitleKey(pattern);
  return (
    <Button
      component={Link}
      to={to}
      size="small"
      endIcon={<ArrowForwardIcon />}
      // The row's own click opens its dialog; this one only follows the link.
      onClick={(event) => event.stopPropagation()}
      sx={{ whiteSpace: 'nowrap' }}
      data-record-page={to}
    >
      {key ? translate(key) : translate('ra.action.show')}
    </Button>
  );
}
