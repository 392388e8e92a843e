// The MUI theme from the settings: the theme colour as primary, light or dark, the 210 px
// sidebar, and the component size mapped onto MUI sizes, spacing and type.
import { deepmerge } from '@mui/utils';
import { type RaThemeOptions, defaultDarkTheme, defaultLightTheme } from 'react-admin';
import type { Settings, Size } from './settings';
import { SIZE_SCALE } from './scale';
import { MIN_CONTRAST, readablePrimary, readableShade, readableStatusColours } from './contrast';

export const SIDEBAR_WIDTH = 210;
/** The collapsed sidebar: icons only. */
export const SIDEBAR_CLOSED_WIDTH = 54;

/** The dark sidebar people know from vue-element-admin (our own choice). */
export const SIDEBAR_COLOURS = { background: '#304156', text: '#bfcbd9', hover: '#263445', nested: '#1f2d3d' };

const activeColours = new Map<string, string>();

/** The sidebar's active entry: the theme colour, lightened until it reads on the dark sidebar (worked out once a colour: it takes many contrast checks). */
export function sidebarActiveColour(colour: string): string {
  let active = activeColours.get(colour);
  if (active === undefined)
    activeColours.set(
      colour,
      (active = readableShade(colour, [SIDEBAR_COLOURS.background, SIDEBAR_COLOURS.hover, SIDEBAR_COLOURS.nested], 'light')),
    );
  return active;
}

/** The input's props of a checkbox or switch: those given for it, named by the control's own aria-label when they name it not. */
function checkboxInputProps(ownerState: { inputProps?: Record<string, unknown>; 'aria-label'?: string }) {
  const given = ownerState.inputProps ?? {};
  const label = given['aria-label'] ?? ownerState['aria-label'];
  return label === undefined ? given : { ...given, 'aria-label': label };
}

/**
 * For a person whose system asks for less motion: no transition or ripple anywhere. Dialogs,
 * drawers, menus and tabs then appear at once (their durations are read from the theme).
 */
const STILL: RaThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
};

export function buildTheme(settings: Settings, size: Size, reducedMotion = false): RaThemeOptions {
  const scale = SIZE_SCALE[size];
  const base = settings.darkMode ? defaultDarkTheme : defaultLightTheme;
  const sized = { defaultProps: { size: scale.control } };
  const theme = deepmerge(base, {
    // The theme colour in a shade readable as text (links, buttons' labels), and button labels
    // chosen for 4.5:1 on the palette's colours rather than MUI's default of 3:1.
    palette: {
      primary: { main: readablePrimary(settings.theme, settings.darkMode) },
      ...readableStatusColours(settings.darkMode),
      contrastThreshold: MIN_CONTRAST,
    },
    spacing: scale.spacing,
    typography: { fontSize: scale.fontSize },
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
    components: {
      MuiTextField: sized,
      MuiFormControl: sized,
      MuiButton: sized,
      MuiIconButton: sized,
      MuiChip: { defaultProps: { size: 'small' } },
      MuiTable: { defaultProps: { size: scale.cell } },
      MuiToggleButtonGroup: sized,
      // A checkbox's aria-label (react-admin's row and select-all boxes) names its input, which
      // MUI would otherwise leave unnamed, putting the label on the wrapper around it (a span,
      // where the attribute is not allowed).
      MuiCheckbox: { defaultProps: { slotProps: { input: checkboxInputProps, root: { 'aria-label': undefined } } } },
      // A switch drops the inputProps it is given (its own slotProps.input replaces them): kept here.
      MuiSwitch: { defaultProps: { slotProps: { input: checkboxInputProps } } },
      // The bulk actions bar, folded away while no row is selected, is hidden rather than only
      // clipped: its buttons would otherwise lie over the column headers they fold onto.
      RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } } },
    },
  } as RaThemeOptions) as RaThemeOptions;
  return reducedMotion ? (deepmerge(theme, STILL) as RaThemeOptions) : theme;
}
