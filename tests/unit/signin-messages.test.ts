// The sign-in page carries only its own messages (build/sign-in-messages.ts): every key it reads
// must be among them, in every language, and its translator reads them as the console's does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_KEYS, pickMessages } from '../../build/sign-in-messages';
import { translator, type Messages } from '../../src/signin/translate';
import { LANGUAGES } from '../../kernel/i18n/languages';

const ROOT = join(import.meta.dirname, '../..');
const appMessages = (language: string) => JSON.parse(readFileSync(join(ROOT, 'i18n', language, 'app.json'), 'utf8')) as Messages;

/** The literal keys a sign-in page source passes to translate(). */
function keysReadBy(file: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  return [...source.matchAll(/translate\(\s*'([\w.]+)'/g), ...source.matchAll(/'(app\.[\w.]+)'/g)].map((m) => m[1]);
}

describe('the sign-in page messages', () => {
  it('has every key the page reads, in every language', () => {
    const read = new Set([...keysReadBy('src/signin/SignInView.tsx'), ...keysReadBy('src/signin/SignInPage.tsx'), 'route.Login']);
    expect(read.size).toBeGreaterThan(5);
    for (const language of LANGUAGES) {
      const translate = translator(pickMessages(appMessages(language), SIGN_IN_KEYS));
      for (const key of read) expect(translate(key), `${language}: ${key}`).not.toBe(key);
    }
  });

  it('keeps the nesting and leaves the rest of the console out', () => {
    const picked = pickMessages(appMessages('en'), SIGN_IN_KEYS);
    expect(Object.keys(picked).sort()).toEqual(['app', 'route']);
    expect(Object.keys(picked.route as Messages)).toEqual(['Login']);
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(appMessages('en')).length / 10);
  });

  it('fills %{name} from the options and falls back to _ or the key', () => {
    const translate = translator({ a: { b: 'Sign in as %{who}, %{who}' } });
    expect(translate('a.b', { who: 'admin' })).toBe('Sign in as admin, admin');
    expect(translate('a.c', { _: 'Fallback' })).toBe('Fallback');
    expect(translate('a.c')).toBe('a.c');
    expect(translate('a', {})).toBe('a');
  });
});
