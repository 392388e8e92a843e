import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_NAMES, detectLanguage } from '../../kernel/i18n/languages';

describe('detectLanguage', () => {
  it('takes a valid cookie over the browser', () => {
    expect(detectLanguage('ja', ['zh-CN', 'en'])).toBe('ja');
    expect(detectLanguage('zh', [])).toBe('zh');
    expect(detectLanguage('es', ['fr'])).toBe('es');
  });

  it('ignores an invalid or empty cookie', () => {
    expect(detectLanguage('fr', ['es-ES'])).toBe('es');
    expect(detectLanguage('zh-CN', ['ja'])).toBe('ja');
    expect(detectLanguage('', ['zh'])).toBe('zh');
    expect(detectLanguage('de', [])).toBe('en');
  });

  it.each([
    ['ja-JP', 'ja'],
    ['zh-CN', 'zh'],
    ['zh-Hant-TW', 'zh'],
    ['ZH-tw', 'zh'],
    ['es-419', 'es'],
    ['en-GB', 'en'],
    ['fr', 'en'],
    ['de-DE', 'en'],
  ])('matches the browser language %s to %s', (tag, expected) => {
    expect(detectLanguage(undefined, [tag])).toBe(expected);
  });

  it('takes the first matching browser language', () => {
    expect(detectLanguage(undefined, ['fr-FR', 'ja', 'zh-CN'])).toBe('ja');
    expect(detectLanguage(undefined, ['es', 'en'])).toBe('es');
  });

  it('falls back to English', () => {
    expect(detectLanguage(undefined, [])).toBe('en');
    expect(DEFAULT_LANGUAGE).toBe('en');
  });
});

describe('constants', () => {
  it('lists the four languages with their own names', () => {
    expect(LANGUAGES).toEqual(['zh', 'en', 'es', 'ja']);
    expect(LANGUAGE_COOKIE).toBe('language');
    expect(LANGUAGE_NAMES).toEqual({ zh: '中文', en: 'English', es: 'Español', ja: '日本語' });
  });
});

describe('detectLanguage with three-letter language codes', () => {
  it('does not read Javanese as Japanese, nor Zhuang as Chinese', () => {
    expect(detectLanguage(undefined, ['jav'])).toBe('en');
    expect(detectLanguage(undefined, ['zha-CN', 'es-MX'])).toBe('es');
  });
});
