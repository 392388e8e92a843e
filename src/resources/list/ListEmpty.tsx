// What a list shows when it has no rows: with a search or filters set, that nothing matches them
// and a button to clear them; otherwise that there is nothing yet, and the way to add the first
// record when the person may (the caller's Create button).
import AddIcon from '@mui/icons-material/Add';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import InboxIcon from '@mui/icons-material/Inbox';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useListContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { hasActiveFilters } from './filters';
import { resourceNameInSentence } from '../generic/resourceName';

export interface ListEmptyProps {
  resource: string;
  /** The filter values that mean "no filter" (what clearing sets). */
  defaults?: Record<string, unknown>;
  /** How a record is created here, when the person may: a create page, or a dialog the caller opens. */
  create?: { to: string } | { onClick: () => void };
}

export function ListEmpty({ resource, defaults = {}, create }: ListEmptyProps) {
  const { filterValues, setFilters } = useListContext();
  const translate = useTranslate();
  const name = resourceNameInSentence(translate, resource, 0);
  const filtered = hasActiveFilters(filterValues ?? {}, defaults);
  const Icon = filtered ? SearchOffIcon : InboxIcon;

  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1, py: 5, px: 2 }}>
      <Icon sx={{ fontSize: 56, color: 'text.disabled' }} />
      <Typography variant="h6" component="p">
        {translate(filtered ? 'ra.navigation.no_filtered_results' : 'ra.page.empty', { name })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(filtered ? 'app.list.filtered_hint' : create ? 'ra.page.invite' : 'app.list.empty_readonly')}
      </Typography>
      <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        {/* Buttons with their words even on a phone: here they are the page's only action. */}
        {filtered && (
          <Button variant="outlined" startIcon={<FilterAltOffIcon />} onClick={() => setFilters(defaults, {})}>
            {translate('ra.navigation.clear_filters')}
          </Button>
        )}
        {!filtered && create && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            {...('to' in create ? { component: Link, to: create.to } : { onClick: create.onClick })}
          >
            {translate('ra.action.create')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
