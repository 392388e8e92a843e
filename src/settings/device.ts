// The device class, from the window width. Below 992 px it is a phone: the sidebar
// closes by itself, and again on every route change. Tablets and desktops share one layout.
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export const MOBILE_BREAKPOINT = 992;
export const DESKTOP_BREAKPOINT = 1200;

export function deviceClass(width: number): DeviceClass {
  if (width < MOBILE_BREAKPOINT) return 'mobile';
  if (width < DESKTOP_BREAKPOINT) return 'tablet';
  return 'desktop';
}
