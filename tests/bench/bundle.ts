// npm run bench:bundle — builds the console and prints the gzip size of the JavaScript the
// sign-in page needs (the entry chunk and everything it imports statically), and of all JavaScript;
// then what the screens loaded on demand add when they open (the record page, the statistics
// screen, the chart library), beyond what the sign-in page already loaded.
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

/** The files a chunk loads: its own and, recursively, those it imports statically. */
function filesOf(keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}
const needed = filesOf(Object.keys(manifest).filter((k) => manifest[k].isEntry));

const allJs = readdirSync(join(OUT, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
const signIn = [...needed].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
const all = allJs.reduce((sum, f) => sum + gzipKb(f), 0);

console.log(`sign-in page JavaScript: ${signIn.toFixed(1)} kB gzip in ${needed.size} file(s) (budget ${BUDGET_KB} kB: ${signIn <= BUDGET_KB ? 'within' : 'OVER'})`);
console.log(`all JavaScript:          ${all.toFixed(1)} kB gzip in ${allJs.length} file(s)`);

/** Screens loaded on demand, by the module their chunk starts from. */
const ON_DEMAND: [string, string][] = [
  ['record page', 'src/resources/record/SchemaRecord.tsx'],
  ['statistics screen', 'src/resources/statistics/StatisticsScreen.tsx'],
  ['chart library (MUI X Charts)', 'src/resources/statistics/charts.tsx'],
];
for (const [label, source] of ON_DEMAND) {
  if (!manifest[source]) {
    console.log(`${label}: no chunk starts from ${source}`);
    continue;
  }
  const added = [...filesOf([source])].filter((f) => f.endsWith('.js') && !needed.has(f));
  const kb = added.reduce((sum, f) => sum + gzipKb(f), 0);
  console.log(`${`${label}:`.padEnd(31)}${kb.toFixed(1)} kB gzip in ${added.length} file(s) beyond the sign-in page's`);
}
