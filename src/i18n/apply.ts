import { configureHttp } from '../api/http';
import type { Language } from '../../kernel/i18n/languages';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Makes a language the page's: its lang attribute, and the language the server is asked to answer in. */
export function applyLanguage(language: Language, translate: Translate) {
  document.documentElement.lang = language;
  configureHttp({ translate, language });
}
