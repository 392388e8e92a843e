// The colour of an option's chip. Where a colour carries meaning (a device under repair, a failed
// run) the schema names it with a theme palette colour in `x-ui.colors`; other options get a
// neutral categorical hue by their position in the option list, so an option keeps its colour
// from one screen to the next and the palette's warning and error colours keep their meaning.
import { blueGrey, brown, cyan, deepPurple, indigo, lightGreen, pink, teal } from '@mui/material/colors';
import { type ChipColor, colorsOf } from '../../../kernel/schema/check-colors';
import type { FieldSchema } from '../../../kernel/schema/types';

export type { ChipColor } from '../../../kernel/schema/check-colors';

/** A hue of MUI's colour set: shade 700 reads on a light page, shade 200 on a dark one. */
type Hue = Record<200 | 700, string>;
const CATEGORY_HUES: Hue[] = [indigo, teal, deepPurple, brown, cyan, pink, blueGrey, lightGreen];

export type ChipTone = { palette: ChipColor } | { hue: Hue };

/** The tone of the option `value`, the `index`-th of its list. */
export function chipTone(schema: FieldSchema, value: unknown, index: number): ChipTone {
  const named = colorsOf(schema)[String(value)];
  if (named) return { palette: named };
  return { hue: CATEGORY_HUES[(index < 0 ? 0 : index) % CATEGORY_HUES.length] };
}

/** The colour a tone draws with in a light or dark theme (palette colours resolved by the caller's theme). */
export function toneColor(tone: ChipTone, palette: (name: ChipColor) => string, dark: boolean): string {
  return 'palette' in tone ? palette(tone.palette) : tone.hue[dark ? 200 : 700];
}
