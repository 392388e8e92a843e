// What the console keeps in the browser and the Node server reads back when it sends the page
// (the sign-in page's first paint follows the session, the language and the size), and the file
// in which the build hands the server that first paint (build/sign-in-shell.ts writes it).
import type { Language } from '../i18n/languages';

/** The session token's cookie (as vue-element-admin keeps it). */
export const TOKEN_COOKIE = 'Admin-Token';
/** The global component size's cookie. */
export const SIZE_COOKIE = 'size';
/** Console pages opened without a session (a pop-up sign-in's landing page): they never show the sign-in form. */
export const PUBLIC_PATHS = ['/auth-redirect'];

/** The file of the build the server reads the sign-in page's first paint from. */
export const SHELL_FILE = 'sign-in-shell.json';
/** What stands in the first paint for the global size the server reads from the size cookie. */
export const SIZE_PLACEHOLDER = '%SIZE%';

export interface ShellFile {
  /** The sizes the fragment has styles for; any other is drawn at `fallback`. */
  sizes: string[];
  fallback: string;
  /** The fragment of each language, with SIZE_PLACEHOLDER to replace. */
  fragments: Record<Language, string>;
}
