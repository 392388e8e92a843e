// Server messages in the caller's language: the `server` section of i18n/<lang>/app.json.
import Polyglot from 'node-polyglot';
import en from '../i18n/en/app.json';
import es from '../i18n/es/app.json';
import ja from '../i18n/ja/app.json';
import zh from '../i18n/zh/app.json';

import { LANGUAGES, type Language } from '../kernel/i18n/languages';

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

/** The first supported language of an Accept-Language header, else English. */
export function pickLanguage(header: string | undefined | null): Language {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase().slice(0, 2);
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return 'en';
}
