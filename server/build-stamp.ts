// Whether the built console is current: a build carries a stamp, a hash over the contents of
// everything the build reads, and `npm start` builds again when the sources no longer match it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentStamp, recordedStamp } from './stamp.js';

/** What the console is built from, relative to the repository. */
export const BUILD_INPUTS = [
  'build',
  'src',
  'kernel',
  'mock',
  'schemas',
  'i18n',
  'index.html',
  'public',
  'vite.config.ts',
  'package-lock.json',
];

/** The stamp's file in the build output. */
export const STAMP_FILE = '.build-stamp';

/** A SHA-256 over the names and contents of the input files, in a fixed order: the same sources give the same stamp anywhere. */
export function sourceStamp(root: string, inputs: string[] = BUILD_INPUTS): string {
  return contentStamp(root, inputs);
}

/** The same stamp, its files read only when one of them changed since the last start (stamp.js). */
export function currentSourceStamp(root: string): string {
  return recordedStamp(root, BUILD_INPUTS, join(root, 'node_modules', '.cache', 'console', 'console-sources'));
}

export function readStamp(dist: string): string | undefined {
  const file = join(dist, STAMP_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

export function writeStamp(dist: string, stamp: string): void {
  writeFileSync(join(dist, STAMP_FILE), `${stamp}\n`);
}

/**
 * Why the console in `dist` must be built, or undefined when it is current. A build without a
 * stamp cannot be dated: it is rebuilt, unless `keepUnstamped` (a directory named by DIST_DIR,
 * built elsewhere, is served as it is).
 */
export function buildReason(dist: string, stamp: string, keepUnstamped = false): 'first build' | 'sources changed' | undefined {
  if (!existsSync(join(dist, 'index.html'))) return 'first build';
  const built = readStamp(dist);
  if (built === undefined) return keepUnstamped ? undefined : 'sources changed';
  return built === stamp ? undefined : 'sources changed';
}
