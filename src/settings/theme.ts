// The MUI theme from the settings: the theme colour as primary, light or dark, the 210 px
// sidebar, and the component size mapped onto MUI sizes, spacing and type.
import { deepmerge } from '@mui/utils';
import { type RaThemeOptions, defaultDarkTheme, defaultLightTheme } from 'react-admin';
import type { Settings, Size } from './settings';

export const SIDEBAR_WIDTH = 210;
/** The collapsed sidebar: icons only. */
export const SIDEBAR_CLOSED_WIDTH = 54;

/** Four sizes onto MUI's two control sizes, with spacing and font size making the difference. */
const SIZE_SCALE: Record<Size, { control: 'medium' | 'small'; spacing: number; fontSize: number; cell: 'medium' | 'small' }> = {
  default: { control: 'medium', spacing: 8, fontSize: 15, cell: 'medium' },
  medium: { control: 'medium', spacing: 8, fontSize: 14, cell: 'medium' },
  small: { control: 'small', spacing: 7, fontSize: 13, cell: 'small' },
  mini: { control: 'small', spacing: 6, fontSize: 12, cell: 'small' },
};

/** The dark sidebar people know from vue-element-admin (our own choice). */
export const SIDEBAR_COLOURS = { background: '#304156', text: '#bfcbd9', hover: '#263445', nested: '#1f2d3d' };

export function buildTheme(settings: Settings, size: Size): RaThemeOptions {
  const scale = SIZE_SCALE[size];
  const base = settings.darkMode ? defaultDarkTheme : defaultLightTheme;
  const sized = { defaultProps: { size: scale.control } };
  return deepmerge(base, {
    palette: { primary: { main: settings.theme } },
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
    },
  } as RaThemeOptions) as RaThemeOptions;
}
