// `x-ui.colors`: the colour of each option's chip in the console's lists, by option value
// (`{"0": "success", "2": "error"}`), for options whose colour carries meaning. The names and
// the reading of the keyword, shared by the schema check (check-fields.ts) and the console;
// this file imports nothing that runs, so the console can use it without the checker.
import type { FieldSchema } from './types';

/** The colours a chip may have: the theme palette's, and the grey of a plain chip. meta-schema.json lists the same. */
export const CHIP_COLORS = ['default', 'primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
export type ChipColor = (typeof CHIP_COLORS)[number];

/** A field's `x-ui.colors`, option value (as text) → colour; empty when it gives none. */
export function colorsOf(schema: FieldSchema): Record<string, ChipColor> {
  return schema['x-ui']?.colors ?? {};
}
