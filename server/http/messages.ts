// Server messages in the caller's language: the `server` section of i18n/<lang>/app.json.
import Polyglot from 'node-polyglot';
import en from '../../i18n/en/app.json';
import es from '../../i18n/es/app.json';
import ja from '../../i18n/ja/app.json';
import zh from '../../i18n/zh/app.json';

import { type Language, acceptedLanguages, detectLanguage } from '../../kernel/i18n/languages';

export type { Language };

const catalogues: Record<Language, object> = { en, es, ja, zh };
/** One translating function per language, made the first time it is asked for (every request asks). */
const translators = new Map<Language, Translate>();

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function translator(language: Language): Translate {
  let t = translators.get(language);
  if (!t) {
    const polyglot = new Polyglot({ phrases: catalogues[language], locale: language, allowMissing: true });
    t = polyglot.t.bind(polyglot);
    translators.set(language, t);
  }
  return t;
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
