// The sign-in page's first paint (build/sign-in-shell.ts, put in by server/web.ts) and the list of
// the console's files the page downloads when idle (build/console-files.ts).
import { join } from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { consoleFiles } from '../../build/console-files';
import { buildShellFile, shellFragment, shellMeasures, shellStyle } from '../../build/sign-in-shell';
import { pageFor } from '../../server/web';
import { acceptedLanguages } from '../../kernel/i18n/languages';

const ROOT = join(import.meta.dirname, '../..');
const HTML = '<!doctype html>\n<html lang="en">\n<head><title>t</title></head>\n<body><div id="root"></div></body></html>';
const shell = buildShellFile(ROOT);

describe('the sign-in page first paint', () => {
  it('is put in for a visitor without a session, in the language of the cookie, else of the browser', () => {
    const en = pageFor(HTML, shell, { path: '/login' });
    expect(en).toContain('<h1>Drilling Instrument Service</h1>');
    expect(en).toContain('<p>Sign in</p>');
    expect(en).toContain('<html lang="en">');

    const zh = pageFor(HTML, shell, { path: '/crew/index', acceptLanguage: 'fr-FR,fr;q=0.9,zh-CN;q=0.8,en;q=0.5' });
    expect(zh).toContain('<html lang="zh">');
    expect(zh).toContain('<h1>钻井仪器服务管理系统</h1>');
    // The cookie wins over the browser's languages, as on the page (kernel/i18n/languages.ts).
    const es = pageFor(HTML, shell, { path: '/login', language: 'es', acceptLanguage: 'ja' });
    expect(es).toContain('<h1>Servicio de Instrumentos de Perforación</h1>');
    expect(es).toContain('<html lang="es">');
  });

  it('is left out for a visitor with a session and on the pages opened without one', () => {
    expect(pageFor(HTML, shell, { path: '/login', token: 'abc' })).toBe(HTML);
    expect(pageFor(HTML, shell, { path: '/auth-redirect' })).toBe(HTML);
    expect(pageFor(HTML, undefined, { path: '/login' })).toBe(HTML);
  });

  it('is drawn at the global size of the cookie, and at the default one for a size it does not know', () => {
    expect(pageFor(HTML, shell, { path: '/login', size: 'mini' })).toContain('data-size="mini"');
    expect(pageFor(HTML, shell, { path: '/login', size: '"><script>' })).toContain('data-size="medium"');
    expect(pageFor(HTML, shell, { path: '/login' })).not.toContain('%SIZE%');
    const style = shellStyle();
    for (const size of ['default', 'small', 'mini']) expect(style).toContain(`.signin-shell[data-size="${size}"]`);
  });

  it('keeps the height the fields and the button take below the subtitle, as MUI draws them', () => {
    // Two filled inputs of 56 px with 16 + 8 px margins, a large button of 42.25 px 24 px below.
    const medium = shellMeasures('medium');
    expect(medium.restPx + medium.restType).toBeCloseTo(2 * (16 + 56 + 8) + 24 + 42.25, 3);
    // Small controls: 48 px filled inputs at 13 px type on a 7 px spacing.
    const small = shellMeasures('small');
    expect(small.restPx + small.restType).toBeCloseTo(2 * (16 + 25 + 1.4375 * 16 * (13 / 14) + 8) + 21 + 16 + 26.25 * (13 / 14), 3);
  });

  it('escapes the messages it shows', () => {
    const fragment = shellFragment({ app: { title: 'A <b>&</b>', login: { title: '"x"' } } });
    expect(fragment).toContain('<h1>A &#60;b&#62;&#38;&#60;/b&#62;</h1>');
    expect(fragment).toContain('<p>&#34;x&#34;</p>');
  });

  it('reads the browser languages in the order of their weights', () => {
    expect(acceptedLanguages('en;q=0.5, ja, zh-CN;q=0.8, *;q=0.1, de;q=0')).toEqual(['ja', 'zh-CN', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe("the console's files the sign-in page downloads when idle", () => {
  const chunk = (fileName: string, extra: Partial<Rolldown.OutputChunk>) =>
    ({
      type: 'chunk',
      fileName,
      imports: [],
      isEntry: false,
      facadeModuleId: null,
      viteMetadata: { importedCss: new Set(), importedAssets: new Set() },
      ...extra,
    }) as unknown as Rolldown.OutputChunk;

  it('are the console chunk, what it imports statically and its styles, less what the page loads', () => {
    const bundle = {
      'assets/index-1.js': chunk('assets/index-1.js', { isEntry: true, imports: ['assets/runtime-1.js'] }),
      'assets/runtime-1.js': chunk('assets/runtime-1.js', {}),
      'assets/console-1.js': chunk('assets/console-1.js', {
        facadeModuleId: '/repo/src/app/console.tsx',
        imports: ['assets/runtime-1.js', 'assets/index-1.js', 'assets/shared-1.js'],
        viteMetadata: { importedCss: new Set(['assets/console-1.css']), importedAssets: new Set() } as Rolldown.OutputChunk['viteMetadata'],
      }),
      'assets/shared-1.js': chunk('assets/shared-1.js', { imports: ['assets/deep-1.js'] }),
      'assets/deep-1.js': chunk('assets/deep-1.js', {}),
      'assets/lazy-1.js': chunk('assets/lazy-1.js', {}),
    } as unknown as Rolldown.OutputBundle;
    expect(consoleFiles(bundle)).toEqual(['assets/console-1.js', 'assets/console-1.css', 'assets/shared-1.js', 'assets/deep-1.js']);
  });

  it('are none when nothing starts from the console module', () => {
    expect(
      consoleFiles({ 'assets/index-1.js': chunk('assets/index-1.js', { isEntry: true }) } as unknown as Rolldown.OutputBundle),
    ).toEqual([]);
  });
});
