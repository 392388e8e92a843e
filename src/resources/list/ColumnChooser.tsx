// The column chooser of a list: the schema's columns, then the record's other fields, each with
// a checkbox; the choice is remembered for the list (useColumns) and "Default columns" undoes it.
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { field } from '../../../kernel/schema/registry';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { useLabels } from '../generic/useLabels';
import type { ListPlace } from './columns';
import { ToolbarPopover } from './ToolbarPopover';
import { useColumns } from './useColumns';

export interface ColumnChooserProps {
  resource: string;
  schema: ResourceSchema;
  place: ListPlace;
  hide?: string[];
}

export function ColumnChooser({ resource, schema, place, hide }: ColumnChooserProps) {
  const translate = useTranslate();
  const labels = useLabels(resource);
  const columns = useColumns(resource, schema, place, hide);
  const defaults = schema['x-resource'].list.columns;
  const label = (path: string) => labels.column(path, field(schema, path)?.schema);
  const only = columns.visible.length === 1 ? columns.visible[0] : undefined;

  const option = (path: string) => (
    <FormControlLabel
      key={path}
      sx={{ display: 'flex', mr: 0 }}
      control={
        <Checkbox
          size="small"
          checked={columns.visible.includes(path)}
          disabled={path === only}
          onChange={(e) => columns.toggle(path, e.target.checked)}
        />
      }
      label={label(path)}
    />
  );
  const group = (title: string, paths: string[]) =>
    paths.length > 0 && (
      <Box role="group" aria-label={title}>
        <Typography variant="overline" color="text.secondary" component="p">
          {title}
        </Typography>
        {paths.map(option)}
      </Box>
    );

  return (
    <ToolbarPopover
      label="ra.action.select_columns"
      title="ra.action.select_columns"
      icon={<ViewWeekIcon />}
      paperSx={{ px: 2, py: 1, maxWidth: 'calc(100vw - 32px)' }}
    >
      {group(
        translate('app.list.list_columns'),
        columns.available.filter((p) => defaults.includes(p)),
      )}
      {group(
        translate('app.list.more_fields'),
        columns.available.filter((p) => !defaults.includes(p)),
      )}
      <Divider sx={{ my: 1 }} />
      <MuiButton size="small" onClick={columns.reset} disabled={!columns.customized}>
        {translate('app.list.default_columns')}
      </MuiButton>
    </ToolbarPopover>
  );
}
