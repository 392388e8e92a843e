// One option shown as a coloured chip: in a list's cells, a record's summary and the legend.
import Chip from '@mui/material/Chip';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import type { FieldSchema } from '../../../kernel/schema/types';
import type { Choice } from '../generic/choices';
import { readableOnTint } from '../../settings/contrast';
import { type ChipColor, chipTone, toneColor } from './chipColors';

export interface ChoiceChipProps {
  schema: FieldSchema;
  value: unknown;
  /** The option, when the value is one of the list's (an unknown value shows as it is). */
  choice?: Choice;
  /** Its position in the option list, for the default colours. */
  index: number;
}

export function ChoiceChip({ schema, value, choice, index }: ChoiceChipProps) {
  const theme = useTheme();
  const translate = useTranslate();
  const dark = theme.palette.mode === 'dark';
  const palette = (name: ChipColor) => (name === 'default' ? theme.palette.grey[dark ? 400 : 700] : theme.palette[name][dark ? 'light' : 'dark']);
  // The chip's label is drawn in its colour on its own tint: in a shade that reads there.
  const color = readableOnTint(toneColor(chipTone(schema, value, index), palette, dark), dark ? 0.16 : 0.08, dark);
  const inactive = choice?.inactive;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={choice?.name ?? String(value)}
      // A dictionary item an admin disabled still names old values, greyed.
      title={inactive ? translate('app.form.inactive', { name: choice.name }) : undefined}
      sx={{
        mr: 0.5,
        maxWidth: '100%',
        ...(inactive
          ? { color: 'text.disabled', borderStyle: 'dashed' }
          : { color, borderColor: alpha(color, 0.6), bgcolor: alpha(color, dark ? 0.16 : 0.08) }),
      }}
    />
  );
}
