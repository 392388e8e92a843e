// A value a form shows but nobody types: a field the server sets (computed footage, a stamped
// time), or any field of a record the person may not change (a submitted report). Laid out
// like an input of the grid, label above, value below, so a form reads the same either way.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Field } from '../../../kernel/schema/types';
import { useLabels } from './useLabels';
import { ValueField } from './ValueField';

export function ReadOnlyValue({ resource, field, keyPath }: { resource: string; field: Field; keyPath?: string }) {
  const labels = useLabels(resource);
  return (
    <Box sx={{ mt: 1, mb: 2.5, minWidth: 0 }} data-readonly={field.path}>
      <Typography component="div" variant="caption" sx={{ color: 'text.secondary' }}>
        {labels.field(keyPath ?? field.path)}
      </Typography>
      <Typography component="div" variant="body1" sx={{ overflowWrap: 'anywhere', minHeight: '1.5em' }}>
        <ValueField source={field.path} resource={resource} schema={field.schema} withUnit />
      </Typography>
    </Box>
  );
}
