// The stamp `npm start` compares to decide whether to build the console again, on a temporary
// directory standing for the repository and its build output.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, buildReason, readStamp, sourceStamp, writeStamp } from '../../server/build-stamp';
import { recordedStamp } from '../../server/stamp.js';

let root: string;
let dist: string;
const write = (path: string, content: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-stamp-'));
  dist = join(root, 'dist');
  write('src/main.tsx', 'render()');
  write('src/layout/menu.tsx', 'menu');
  write('schemas/crew.json', '{}');
  write('i18n/en/app.json', '{"a":"b"}');
  write('index.html', '<div id="root"></div>');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('recordedStamp', () => {
  const record = () => join(root, 'cache', 'sources');

  it('is the content stamp, kept with a listing of the files', () => {
    const stamp = recordedStamp(root, BUILD_INPUTS, record());
    expect(stamp).toBe(sourceStamp(root));
    expect(readFileSync(record(), 'utf8').split('\n')[1]).toBe(stamp);
  });

  it('answers the recorded stamp without reading the files while none changed', () => {
    recordedStamp(root, BUILD_INPUTS, record());
    const [listing] = readFileSync(record(), 'utf8').split('\n');
    // A record whose stamp the files could not give: answered as it is, so the files were not read.
    writeFileSync(record(), `${listing}\nrecorded\n`);
    expect(recordedStamp(root, BUILD_INPUTS, record())).toBe('recorded');
  });

  it.each([
    [
      'a file is modified',
      () => {
        write('src/layout/menu.tsx', 'menu');
        utimesSync(join(root, 'src/layout/menu.tsx'), new Date(), new Date(Date.now() + 5000));
      },
    ],
    ['a file is added', () => write('src/other.tsx', 'other')],
    ['a file is removed', () => rmSync(join(root, 'src/main.tsx'))],
  ])('reads the files again when %s', (_what, change) => {
    recordedStamp(root, BUILD_INPUTS, record());
    const [listing] = readFileSync(record(), 'utf8').split('\n');
    writeFileSync(record(), `${listing}\nrecorded\n`);
    change();
    expect(recordedStamp(root, BUILD_INPUTS, record())).toBe(sourceStamp(root));
  });
});

describe('sourceStamp', () => {
  it('is the same for the same contents, and ignores what the build does not read', () => {
    const stamp = sourceStamp(root);
    expect(stamp).toMatch(/^[0-9a-f]{64}$/);
    expect(sourceStamp(root)).toBe(stamp);
    write('data/console.db', 'records');
    write('dist/index.html', 'built');
    write('README.md', 'words');
    expect(sourceStamp(root)).toBe(stamp);
  });

  it.each([
    ['a source changes', () => write('src/layout/menu.tsx', 'menu 2')],
    ['a schema is added', () => write('schemas/well.json', '{}')],
    ['a translation changes', () => write('i18n/en/app.json', '{"a":"c"}')],
    ['a file of public/ appears', () => write('public/favicon.ico', 'icon')],
    ['the lock file changes', () => write('package-lock.json', '{"x":1}')],
    [
      'a file is renamed',
      () => {
        rmSync(join(root, 'src/main.tsx'));
        write('src/entry.tsx', 'render()');
      },
    ],
  ])('changes when %s', (_what, change) => {
    const before = sourceStamp(root);
    change();
    expect(sourceStamp(root)).not.toBe(before);
  });

  it('covers the sources, schemas, translations and build configuration', () => {
    expect(BUILD_INPUTS).toEqual(
      expect.arrayContaining(['src', 'kernel', 'mock', 'schemas', 'i18n', 'index.html', 'public', 'vite.config.ts', 'package-lock.json']),
    );
  });

  it('hashes the real repository in well under a second', () => {
    const started = performance.now();
    sourceStamp(join(import.meta.dirname, '../..'));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('buildReason', () => {
  it('asks for a first build without index.html, then for none once the stamp matches', () => {
    const stamp = sourceStamp(root);
    expect(buildReason(dist, stamp)).toBe('first build');
    write('dist/index.html', 'built');
    writeStamp(dist, stamp);
    expect(readStamp(dist)).toBe(stamp);
    expect(buildReason(dist, stamp)).toBeUndefined();
  });

  it('asks for a build when the sources changed since the stamp was written', () => {
    write('dist/index.html', 'built');
    writeStamp(dist, sourceStamp(root));
    write('schemas/crew.json', '{"changed":true}');
    expect(buildReason(dist, sourceStamp(root))).toBe('sources changed');
  });

  it('rebuilds a build without a stamp, unless told to keep one made elsewhere', () => {
    write('dist/index.html', 'built elsewhere');
    expect(readStamp(dist)).toBeUndefined();
    expect(buildReason(dist, sourceStamp(root))).toBe('sources changed');
    expect(buildReason(dist, sourceStamp(root), true)).toBeUndefined();
    writeStamp(dist, 'old');
    expect(buildReason(dist, sourceStamp(root), true)).toBe('sources changed');
  });
});
