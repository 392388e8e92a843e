// npm run bench:bundle — builds the console and prints the gzip size of the JavaScript the
// sign-in page needs (the entry chunk and everything it imports statically), and of all JavaScript.
// Budget: the first figure at or below 400 kB.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'tests/.artifacts/bundle-bench');
const BUDGET_KB = 400;

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

await build({ root: ROOT, logLevel: 'warn', build: { outDir: OUT, emptyOutDir: true } });
const manifest = JSON.parse(readFileSync(join(OUT, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gzipKb = (file: string) => gzipSync(readFileSync(join(OUT, file)), { level: 9 }).length / 1024;

const needed = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || needed.has(chunk.file)) return;
  needed.add(chunk.file);
  chunk.imports?.forEach(visit);
};
Object.keys(manifest).filter((k) => manifest[k].isEntry).forEach(visit);

const allJs = readdirSync(join(OUT, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
const signIn = [...needed].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
const all = allJs.reduce((sum, f) => sum + gzipKb(f), 0);

console.log(`sign-in page JavaScript: ${signIn.toFixed(1)} kB gzip in ${needed.size} file(s) (budget ${BUDGET_KB} kB: ${signIn <= BUDGET_KB ? 'within' : 'OVER'})`);
console.log(`all JavaScript:          ${all.toFixed(1)} kB gzip in ${allJs.length} file(s)`);
