// The console's messages as tests read them: react-admin's and ours, flattened to the dotted
// keys polyglot uses. English's react-admin part comes from ra-language-english.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import englishRa from 'ra-language-english';

export type MessageLanguage = 'en' | 'zh' | 'es' | 'ja';
const I18N = join(import.meta.dirname, '../i18n');

export function flatten(node: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (typeof value === 'string') out[prefix + key] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

export const readJson = (file: string) => JSON.parse(readFileSync(join(I18N, file), 'utf8')) as Record<string, unknown>;

/** Our own messages of a language (i18n/<lang>/app.json), flattened. */
export const ourMessages = (language: MessageLanguage) => flatten(readJson(`${language}/app.json`));

/** Every message of a language, react-admin's and ours, flattened. */
export function messages(language: MessageLanguage): Record<string, string> {
  const ra = language === 'en' ? flatten(englishRa) : flatten(readJson(`${language}/ra.json`));
  return { ...ra, ...ourMessages(language) };
}
