// The sign-in page's messages: English comes with the page, the other languages when chosen.
import en from 'virtual:sign-in-messages/en';
import type { Language } from '../../kernel/i18n/languages';
import type { Messages } from './translate';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  zh: () => import('virtual:sign-in-messages/zh'),
  es: () => import('virtual:sign-in-messages/es'),
  ja: () => import('virtual:sign-in-messages/ja'),
};

export async function loadSignInMessages(language: Language): Promise<Messages> {
  return (language === 'en' ? en : (await loaders[language]()).default) as Messages;
}
