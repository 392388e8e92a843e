// A person whose system asks for less motion gets a theme without transitions or ripples;
// everyone else keeps MUI's.
import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/settings/settings';
import { buildTheme } from '../../src/settings/theme';

describe('the theme and reduced motion', () => {
  it('draws no transition and no ripple when the system asks for less motion', () => {
    const still = createTheme(buildTheme(DEFAULT_SETTINGS, 'medium', true));
    expect(still.transitions.create('opacity')).toBe('none');
    expect(Object.values(still.transitions.duration).every((ms) => ms === 0)).toBe(true);
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it("keeps MUI's transitions otherwise", () => {
    const moving = createTheme(buildTheme(DEFAULT_SETTINGS, 'medium'));
    expect(moving.transitions.create('opacity')).toMatch(/opacity \d+ms/);
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });
});
