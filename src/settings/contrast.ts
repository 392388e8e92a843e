// Shades of the theme colour that stay readable: text, links and the labels of buttons drawn in
// the colour need a contrast of at least 4.5:1 with what is behind them (WCAG AA for body text).
// A colour that is too light on the light theme's white is darkened step by step, one too dark
// on the dark theme's grey is lightened, until it reaches that contrast on every background given;
// a colour already readable is kept as it is.
import { darken, decomposeColor, getContrastRatio, lighten, recomposeColor } from '@mui/material/styles';

/** The contrast text of normal size needs. */
export const MIN_CONTRAST = 4.5;

/** Backgrounds text sits on in the light theme: paper, react-admin's page, a hovered row, a focused filled input (the sign-in page's, over its dark page, is the darkest). */
export const LIGHT_BACKGROUNDS = ['#ffffff', '#fafafb', '#f5f5f5', '#dcdddf'];
/** Backgrounds text sits on in the dark theme: react-admin's page and MUI's raised paper. */
export const DARK_BACKGROUNDS = ['#313131', '#383838', '#121212'];

/**
 * The colour, darkened (`towards` 'dark') or lightened until it reads on each background (the
 * backgrounds may depend on the shade: a tint of it); the colour itself when it already does.
 */
export function readableShade(
  colour: string,
  backgrounds: string[] | ((shade: string) => string[]),
  towards: 'dark' | 'light',
  min = MIN_CONTRAST,
): string {
  const behind = typeof backgrounds === 'function' ? backgrounds : () => backgrounds;
  const reads = (shade: string) => behind(shade).every((bg) => getContrastRatio(shade, bg) >= min);
  if (reads(colour)) return colour;
  for (let step = 1; step <= 20; step++) {
    const shade = towards === 'dark' ? darken(colour, step * 0.05) : lighten(colour, step * 0.05);
    if (reads(shade)) return shade;
  }
  return towards === 'dark' ? '#000000' : '#ffffff';
}

/** The theme colour as the main shade of the palette: readable as text on the theme's backgrounds. */
export function readablePrimary(colour: string, dark: boolean): string {
  return dark ? readableShade(colour, DARK_BACKGROUNDS, 'light') : readableShade(colour, LIGHT_BACKGROUNDS, 'dark');
}

/** `colour` laid at `opacity` over an opaque `background`, as the browser paints it (a tinted chip, a hovered row). */
export function over(colour: string, opacity: number, background: string): string {
  const top = decomposeColor(colour).values;
  const bottom = decomposeColor(background).values;
  const mixed = [0, 1, 2].map((i) => Math.round(top[i] * opacity + bottom[i] * (1 - opacity)));
  return recomposeColor({ type: 'rgb', values: [mixed[0], mixed[1], mixed[2]] });
}

/** A colour drawn as text on its own tint (an outlined chip: the colour at `opacity` over the page), in a shade that reads there. */
export function readableOnTint(colour: string, opacity: number, dark: boolean): string {
  const pages = dark ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS;
  return readableShade(colour, (shade) => pages.map((page) => over(shade, opacity, page)), dark ? 'light' : 'dark');
}

/**
 * MUI's status colours (its defaults for each mode), in shades readable as text on the theme's
 * backgrounds: outlined chips and text buttons draw their labels in them.
 */
export function readableStatusColours(dark: boolean) {
  const defaults = dark
    ? { error: '#f44336', warning: '#ffa726', info: '#29b6f6', success: '#66bb6a' }
    : { error: '#d32f2f', warning: '#ed6c02', info: '#0288d1', success: '#2e7d32' };
  const pages = dark ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS;
  const shade = (colour: string) => ({ main: readableShade(colour, pages, dark ? 'light' : 'dark') });
  return { error: shade(defaults.error), warning: shade(defaults.warning), info: shade(defaults.info), success: shade(defaults.success) };
}
