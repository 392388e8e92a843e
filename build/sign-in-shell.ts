// A build step: the sign-in page's first paint, as plain HTML and CSS the server puts inside
// <div id="root"> for a visitor without a session (server/web.ts), so that the page shows its
// dark background, title and subtitle as soon as the HTML arrives, before any script has run.
// React replaces it with the real page (src/main.tsx) at the very same place: the title and the
// subtitle sit where the form puts them, with the fields and the button's height kept free below,
// worked out from the same rules as the sign-in theme (src/signin/theme.ts, MUI's sizes), for each
// of the four global sizes. One fragment per language, written to sign-in-shell.json in the build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LANGUAGES, type Language } from '../kernel/i18n/languages.ts';
import { SIZE_SCALE } from '../src/settings/scale.ts';
import type { Size } from '../src/settings/settings';
import { SHELL_FILE, SIZE_PLACEHOLDER, type ShellFile } from '../kernel/contract/browser.ts';

/** As the sign-in page (src/signin/SignInView.tsx) and MUI draw them. */
const PAGE_COLOUR = '#2d3a4b';
const TITLE_COLOUR = '#eee';
const SUBTITLE_COLOUR = '#aab';
const FONT_FAMILY = '"Roboto", "Helvetica", "Arial", sans-serif';
const FORM_MAX_WIDTH = 420;
const DEFAULT_SIZE: Size = 'medium';

const round = (value: number) => Math.round(value * 10000) / 10000;
const px = (value: number) => `${round(value)}px`;
/** Type is sized in rem, as MUI does, so that a browser's own base font size scales both alike. */
const rem = (pxAt16: number) => `${round(pxAt16 / 16)}rem`;

/**
 * The measures of one size, from MUI's rules: typography scaled by fontSize / 14, a filled input
 * 25 + 8 px of padding around a 1.4375 em line (21 + 4 px for small controls), form controls with
 * 16 px above and 8 px below, a large button of 8 px padding around a 1.75 line of 15 px type.
 * Type sizes are in px at a 16 px root; `restPx` and `restType` make the height below the
 * subtitle: fixed pixels plus type-sized pixels.
 */
export function shellMeasures(size: Size) {
  const { control, spacing, fontSize } = SIZE_SCALE[size];
  const scale = fontSize / 14;
  const bodyPx = 16 * scale;
  const inputPadding = control === 'small' ? 21 + 4 : 25 + 8;
  return {
    pagePadding: 2 * spacing,
    titlePx: 24 * scale,
    titleGap: spacing,
    bodyPx,
    subtitleGap: 4 * spacing,
    /** Two fields (margins and padding) and the button (margin and padding). */
    restPx: 2 * (16 + inputPadding + 8) + 3 * spacing + 16,
    /** Two input lines and the button's line. */
    restType: 2 * 1.4375 * bodyPx + 1.75 * 15 * scale,
  };
}

function sizeRules(size: Size, selector: string): string {
  const m = shellMeasures(size);
  return [
    `${selector}{padding:${px(m.pagePadding)}}`,
    `${selector} h1{font-size:${rem(m.titlePx)};margin-bottom:${px(m.titleGap)}}`,
    `${selector} p{font-size:${rem(m.bodyPx)};margin-bottom:${px(m.subtitleGap)}}`,
    `${selector} .signin-shell-rest{height:calc(${px(m.restPx)} + ${rem(m.restType)})}`,
  ].join('');
}

/** The style of the fragment: the base rules, then each size's. */
export function shellStyle(): string {
  const sizes = Object.keys(SIZE_SCALE) as Size[];
  return [
    'body{margin:0}',
    `.signin-shell{box-sizing:border-box;min-height:100vh;background-color:${PAGE_COLOUR};display:flex;align-items:center;justify-content:center;font-family:${FONT_FAMILY};-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale}`,
    `.signin-shell>div{width:100%;max-width:${FORM_MAX_WIDTH}px}`,
    `.signin-shell h1{margin:0;color:${TITLE_COLOUR};text-align:center;font-weight:700;line-height:1.334;letter-spacing:0em}`,
    `.signin-shell p{margin:0;color:${SUBTITLE_COLOUR};text-align:center;font-weight:400;line-height:1.5;letter-spacing:0.00938em}`,
    sizeRules(DEFAULT_SIZE, '.signin-shell'),
    ...sizes.filter((size) => size !== DEFAULT_SIZE).map((size) => sizeRules(size, `.signin-shell[data-size="${size}"]`)),
  ].join('');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Tree = { [key: string]: string | Tree };
const text = (messages: Tree, key: string): string => {
  let found: string | Tree | undefined = messages;
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
  if (typeof found !== 'string') throw new Error(`sign-in shell: no message ${key}`);
  return found;
};

/** The fragment of one language: the style, then the page with its title and subtitle. */
export function shellFragment(messages: Tree): string {
  return (
    `<style>${shellStyle()}</style>` +
    `<div class="signin-shell" data-size="${SIZE_PLACEHOLDER}"><div>` +
    `<h1>${escapeHtml(text(messages, 'app.title'))}</h1>` +
    `<p>${escapeHtml(text(messages, 'app.login.title'))}</p>` +
    '<div class="signin-shell-rest"></div>' +
    '</div></div>'
  );
}

export function buildShellFile(root: string): ShellFile {
  const fragments = {} as Record<Language, string>;
  for (const language of LANGUAGES) {
    fragments[language] = shellFragment(JSON.parse(readFileSync(join(root, 'i18n', language, 'app.json'), 'utf8')) as Tree);
  }
  return { sizes: Object.keys(SIZE_SCALE), fallback: DEFAULT_SIZE, fragments };
}

export function signInShell(root: string): Plugin {
  return {
    name: 'sign-in-shell',
    apply: 'build',
    generateBundle() {
      for (const language of LANGUAGES) this.addWatchFile(join(root, 'i18n', language, 'app.json'));
      this.emitFile({ type: 'asset', fileName: SHELL_FILE, source: JSON.stringify(buildShellFile(root)) });
    },
  };
}
