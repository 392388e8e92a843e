// What a built sign-in page loads: the files index.html names (the entry chunks of Vite's
// manifest), followed through their static imports, with the CSS they carry. Shared by
// bench:bundle and bench:frontend, so that both measure the same thing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

export const readManifest = (outDir: string): Manifest => JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

export const gzipKb = (outDir: string, file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length / 1024;

/** The files the chunks of these manifest keys load: their own, their CSS, and those they import statically. */
export function staticFiles(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

/** The manifest keys index.html starts from. */
export const entryKeys = (manifest: Manifest) => Object.keys(manifest).filter((key) => manifest[key].isEntry);

/** Gzip size (kB) and files of what the page loads before anything is imported on demand. */
export function signInPage(outDir: string): { kb: number; files: string[] } {
  const manifest = readManifest(outDir);
  const files = [...staticFiles(manifest, entryKeys(manifest))].filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  return { kb: files.reduce((sum, f) => sum + gzipKb(outDir, f), 0), files };
}
