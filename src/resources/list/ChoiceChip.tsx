// One option shown as a coloured chip: in a list's cells, a record's summary and the legend.
import GlobalStyles from '@mui/material/GlobalStyles';
import { alpha, type Theme, useTheme } from '@mui/material/styles';
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

/** Readable shades already worked out, by colour and mode: finding one takes many contrast checks. */
const shades = new Map<string, string>();

function chipShade(colour: string, dark: boolean): string {
  const key = `${colour}|${dark}`;
  let shade = shades.get(key);
  if (shade === undefined) shades.set(key, (shade = readableOnTint(colour, dark ? 0.16 : 0.08, dark)));
  return shade;
}

export function ChoiceChip({ schema, value, choice, index }: ChoiceChipProps) {
  const theme = useTheme();
  const translate = useTranslate();
  const dark = theme.palette.mode === 'dark';
  const palette = (name: ChipColor) =>
    name === 'default' ? theme.palette.grey[dark ? 400 : 700] : theme.palette[name][dark ? 'light' : 'dark'];
  // The chip's label is drawn in its colour on its own tint: in a shade that reads there.
  const color = chipShade(toneColor(chipTone(schema, value, index), palette, dark), dark);
  const inactive = choice?.inactive;
  // MUI's small outlined Chip as plain elements (its class names, and its look from
  // ChoiceChipStyles): a list page draws dozens of chips, each otherwise a few styled components
  // with its own generated style.
  return (
    <div
      className={inactive ? `${CHIP_CLASSES} ${CHOICE_CHIP}-inactive` : CHIP_CLASSES}
      // A dictionary item an admin disabled still names old values, greyed.
      title={inactive ? translate('app.form.inactive', { name: choice.name }) : undefined}
      style={inactive ? undefined : { color, borderColor: alpha(color, 0.6), backgroundColor: alpha(color, dark ? 0.16 : 0.08) }}
    >
      <span className="MuiChip-label MuiChip-labelSmall">{choice?.name ?? String(value)}</span>
    </div>
  );
}

const CHOICE_CHIP = 'ChoiceChip';
const CHIP_CLASSES = `MuiChip-root MuiChip-sizeSmall MuiChip-outlined MuiChip-colorDefault MuiChip-outlinedDefault ${CHOICE_CHIP}`;

/** The look of MUI's small outlined Chip (as MUI 7 draws it) for ChoiceChip, from the theme. */
function chipStyles(theme: Theme) {
  const border = `1px solid ${theme.palette.mode === 'light' ? theme.palette.grey[400] : theme.palette.grey[700]}`;
  return {
    [`.${CHOICE_CHIP}`]: {
      maxWidth: '100%',
      fontFamily: theme.typography.fontFamily,
      fontSize: theme.typography.pxToRem(13),
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      height: 24,
      lineHeight: 1.5,
      color: theme.palette.text.primary,
      backgroundColor: 'transparent',
      borderRadius: 16,
      whiteSpace: 'nowrap',
      transition: theme.transitions.create(['background-color', 'box-shadow']),
      cursor: 'unset',
      outline: 0,
      textDecoration: 'none',
      border,
      padding: 0,
      verticalAlign: 'middle',
      boxSizing: 'border-box',
      marginRight: theme.spacing(0.5),
      '& > .MuiChip-label': { overflow: 'hidden', textOverflow: 'ellipsis', paddingLeft: 7, paddingRight: 7, whiteSpace: 'nowrap' },
    },
    [`.${CHOICE_CHIP}-inactive`]: { color: theme.palette.text.disabled, borderStyle: 'dashed' },
  } as const;
}

/** The chips' style sheet, once for the whole console (the layout mounts it). */
export function ChoiceChipStyles() {
  return <GlobalStyles styles={chipStyles} />;
}
