// react-admin's polyglot provider over the files of i18n/. English ships in the first load;
// the other languages are separate chunks fetched when chosen.
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import englishRa from 'ra-language-english';
import englishApp from '../../i18n/en/app.json';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../kernel/i18n/languages';

type Messages = TranslationMessages;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<[{ default: object }, { default: object }]>> = {
  zh: () => Promise.all([import('../../i18n/zh/ra.json'), import('../../i18n/zh/app.json')]),
  es: () => Promise.all([import('../../i18n/es/ra.json'), import('../../i18n/es/app.json')]),
  ja: () => Promise.all([import('../../i18n/ja/ra.json'), import('../../i18n/ja/app.json')]),
};

const loaded = new Map<Language, Messages>([['en', { ...englishRa, ...englishApp } as Messages]]);

export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const [ra, app] = await loaders[language as Exclude<Language, 'en'>]();
  const messages = { ...ra.default, ...app.default } as Messages;
  loaded.set(language, messages);
  return messages;
}

/** Build after `loadMessages(initial)` resolved: polyglot needs the first language synchronously. */
export function createI18nProvider(initial: Language) {
  return polyglotI18nProvider(
    (language) => loaded.get(language as Language) ?? loadMessages(language as Language),
    initial,
    LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    { allowMissing: true },
  );
}
