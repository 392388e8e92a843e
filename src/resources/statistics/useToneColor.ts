// The colour an option is drawn with in charts and legends: the same as its chip in lists
// (x-ui.colors where the schema names one, else a categorical hue by its place in the list).
import { useTheme } from '@mui/material/styles';
import { useCallback } from 'react';
import type { FieldSchema } from '../../../kernel/schema/types';
import { type ChipColor, chipTone, toneColor } from '../list/chipColors';

export function useToneColor(schema: FieldSchema | undefined) {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  return useCallback(
    (value: unknown, index: number) => {
      if (!schema) return undefined;
      const palette = (name: ChipColor) => (name === 'default' ? theme.palette.grey[dark ? 400 : 600] : theme.palette[name].main);
      return toneColor(chipTone(schema, value, index), palette, dark);
    },
    [schema, theme, dark],
  );
}
