// The legend of a list's chips: for each shown column of options (enum, option list, data
// dictionary), every option as its coloured chip, so a colour can be read before it appears.
import LegendToggleIcon from '@mui/icons-material/LegendToggle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { field } from '../../../kernel/schema/registry';
import type { FieldSchema, ResourceSchema } from '../../../kernel/schema/types';
import { useChoices } from '../generic/choices';
import { useLabels } from '../generic/useLabels';
import { ChoiceChip } from './ChoiceChip';
import type { ListPlace } from './columns';
import { ToolbarPopover } from './ToolbarPopover';
import { useColumns } from './useColumns';

/** Whether a field's values are options shown as chips. */
export const hasOptions = (schema: FieldSchema) => Boolean(schema.enum || schema.items?.enum || schema['x-options']);

export interface ColorLegendProps {
  resource: string;
  schema: ResourceSchema;
  place: ListPlace;
  hide?: string[];
}

export function ColorLegend({ resource, schema, place, hide }: ColorLegendProps) {
  const translate = useTranslate();
  const { visible } = useColumns(resource, schema, place, hide);
  const shown = visible.flatMap((path) => {
    const found = field(schema, path);
    return found && hasOptions(found.schema) ? [found] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ToolbarPopover
      label="app.list.legend"
      title="app.list.legend_title"
      icon={<LegendToggleIcon />}
      paperSx={{ p: 2, maxWidth: 'min(420px, calc(100vw - 32px))' }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate('app.list.legend_title')}
      </Typography>
      {shown.map((f) => (
        <LegendRow key={f.path} resource={resource} path={f.path} schema={f.schema} />
      ))}
    </ToolbarPopover>
  );
}

function LegendRow({ resource, path, schema }: { resource: string; path: string; schema: FieldSchema }) {
  const choices = useChoices(resource, path, schema) ?? [];
  const label = useLabels(resource).field(path);
  return (
    <Box sx={{ mb: 1.5 }} role="group" aria-label={label}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', rowGap: 0.5 }}>
        {choices.map((choice, index) => (
          <ChoiceChip key={String(choice.id)} schema={schema} value={choice.id} choice={choice} index={index} />
        ))}
      </Box>
    </Box>
  );
}
