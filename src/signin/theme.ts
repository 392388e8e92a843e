// The sign-in page's theme: what the console's theme (src/settings/theme.ts) gives the controls
// this page shows (theme colour, light or dark, global size, react-admin's filled-input shade),
// made with MUI alone.
import { createTheme } from '@mui/material/styles';
import type { Settings, Size } from '../settings/settings';
import { SIZE_SCALE } from '../settings/scale';
import { MIN_CONTRAST, readablePrimary } from '../settings/contrast';

export function signInTheme(settings: Settings, size: Size) {
  const scale = SIZE_SCALE[size];
  const sized = { defaultProps: { size: scale.control } };
  return createTheme({
    palette: settings.darkMode
      ? {
          mode: 'dark',
          primary: { main: readablePrimary(settings.theme, true) },
          background: { default: '#313131' },
          contrastThreshold: MIN_CONTRAST,
        }
      : { primary: { main: readablePrimary(settings.theme, false) }, background: { default: '#fafafb' }, contrastThreshold: MIN_CONTRAST },
    spacing: scale.spacing,
    typography: { fontSize: scale.fontSize },
    components: {
      MuiTextField: sized,
      MuiFormControl: sized,
      MuiButton: sized,
      MuiIconButton: sized,
      MuiFilledInput: settings.darkMode ? {} : { styleOverrides: { root: { backgroundColor: 'rgba(0, 0, 0, 0.04)' } } },
    },
  });
}
