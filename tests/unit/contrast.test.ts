// The readable shades of the theme colour and of the status colours: text drawn in them reaches
// 4.5:1 on every background of its theme, and a colour that already does is kept.
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import {
  DARK_BACKGROUNDS,
  LIGHT_BACKGROUNDS,
  MIN_CONTRAST,
  over,
  readableOnTint,
  readablePrimary,
  readableStatusColours,
} from '../../src/settings/contrast';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import { buildTheme, sidebarActiveColour, SIDEBAR_COLOURS } from '../../src/settings/theme';

const worst = (colour: string, backgrounds: string[]) => Math.min(...backgrounds.map((bg) => getContrastRatio(colour, bg)));

describe('readable shades', () => {
  it('darkens the default theme colour, too light on white, until it reads on every light background', () => {
    expect(worst(DEFAULT_SETTINGS.theme, LIGHT_BACKGROUNDS)).toBeLessThan(MIN_CONTRAST);
    const shade = readablePrimary(DEFAULT_SETTINGS.theme, false);
    expect(shade).not.toBe(DEFAULT_SETTINGS.theme);
    expect(worst(shade, LIGHT_BACKGROUNDS)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // White labels on buttons drawn in the shade read too.
    expect(getContrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it('lightens it on the dark theme, and keeps a colour that already reads', () => {
    const shade = readablePrimary(DEFAULT_SETTINGS.theme, true);
    expect(worst(shade, DARK_BACKGROUNDS)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(readablePrimary('#0d47a1', false)).toBe('#0d47a1');
  });

  it('gives the status colours readable shades in both themes', () => {
    for (const dark of [false, true]) {
      for (const { main } of Object.values(readableStatusColours(dark))) {
        expect(worst(main, dark ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    }
  });

  it('reads a chip label on its own tint', () => {
    for (const [colour, dark] of [
      ['#0097a7', false],
      ['#ed6c02', false],
      ['#e57373', true],
    ] as const) {
      const shade = readableOnTint(colour, dark ? 0.16 : 0.08, dark);
      const pages = dark ? DARK_BACKGROUNDS : LIGHT_BACKGROUNDS;
      expect(
        worst(
          shade,
          pages.map((page) => over(shade, dark ? 0.16 : 0.08, page)),
        ),
      ).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it('reads the active sidebar entry on the dark sidebar, and the theme uses the shades', () => {
    const active = sidebarActiveColour(DEFAULT_SETTINGS.theme);
    expect(worst(active, [SIDEBAR_COLOURS.background, SIDEBAR_COLOURS.hover, SIDEBAR_COLOURS.nested])).toBeGreaterThanOrEqual(MIN_CONTRAST);
    const light = buildTheme(DEFAULT_SETTINGS, 'medium') as { palette: { primary: { main: string } } };
    expect(light.palette.primary.main).toBe(readablePrimary(DEFAULT_SETTINGS.theme, false));
  });
});
