// The page-style settings and where each is remembered: the sidebar state and the
// component size in cookies, the rest in localStorage.
import Cookies from 'js-cookie';
import { SIZE_COOKIE } from '../../kernel/contract/browser';

export interface Settings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
  darkMode: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: '#1890ff',
  showSettings: false,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: false,
  supportPinyinSearch: false,
  darkMode: false,
};

const SETTINGS_KEY = 'console-settings';

/** Settings from what was stored, keeping only known keys of the right type; defaults for the rest. */
export function parseSettings(raw: string | null): Settings {
  let stored: Record<string, unknown> = {};
  try {
    stored = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    stored = {};
  }
  const out = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const value = stored[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key]) (out as Record<string, unknown>)[key] = value;
  }
  if (!/^#[0-9a-f]{6}$/i.test(out.theme)) out.theme = DEFAULT_SETTINGS.theme;
  return out;
}

export const loadSettings = (): Settings => parseSettings(localStorage.getItem(SETTINGS_KEY));
export const saveSettings = (settings: Settings) => localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));

export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
/** Medium on the first run (the reading we follow), remembered in the `size` cookie. */
export const DEFAULT_SIZE: Size = 'medium';

export function parseSize(value: string | undefined): Size {
  return (SIZES as readonly string[]).includes(value ?? '') ? (value as Size) : DEFAULT_SIZE;
}
export const loadSize = () => parseSize(Cookies.get(SIZE_COOKIE));
export const saveSize = (size: Size) => Cookies.set(SIZE_COOKIE, size, { expires: 365 });

const SIDEBAR_COOKIE = 'sidebarStatus';
/** '1' open, '0' closed; open by default. */
export const parseSidebarOpen = (value: string | undefined) => value !== '0';
export const loadSidebarOpen = () => parseSidebarOpen(Cookies.get(SIDEBAR_COOKIE));
export const saveSidebarOpen = (open: boolean) => Cookies.set(SIDEBAR_COOKIE, open ? '1' : '0', { expires: 365 });
