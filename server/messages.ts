// Server messages in the caller's language: the `server` section of i18n/<lang>/app.json.
import Polyglot from 'node-polyglot';
import en from '../i18n/en/app.json';
import es from '../i18n/es/app.json';
import ja from '../i18n/ja/app.json';
import zh from '../i18n/zh/app.json';

import { type Language, acceptedLanguages, detectLanguage } from '../kernel/i18n/languages';

export type { Language };

const catalogues: Record<Language, object> = { en, es, ja, zh };
const translators = new Map<Language, Polyglot>();

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function translator(language: Language): Translate {
  let polyglot = translators.get(language);
  if (!polyglot) {
    polyglot = new Polyglot({ phrases: catalogues[language], locale: language, allowMissing: true });
    translators.set(language, polyglot);
  }
  return polyglot.t.bind(polyglot);
}

/** Languages already worked out from an Accept-Language header: browsers send a handful of them, on every request. */
const picked = new Map<string, Language>();

/** The most wanted supported language of an Accept-Language header, else English. */
export function pickLanguage(header: string | undefined | null): Language {
  const key = header ?? '';
  let language = picked.get(key);
  if (language === undefined) {
    language = detectLanguage(undefined, acceptedLanguages(header));
    if (picked.size < 256) picked.set(key, language);
  }
  return language;
}
