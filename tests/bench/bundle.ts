// npm run bench:bundle — builds the console and prints the gzip size of what the sign-in page
// loads (the entry chunk, everything it imports statically, their CSS), and of all JavaScript;
// then what the screens loaded on demand add when they open (the record page, the statistics
// screen, the chart library), beyond what the sign-in page already loaded.
// Budget: the first figure at or below 160 kB.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { type Manifest, entryKeys, gzipKb as gzipOf, readManifest, signInPage, staticFiles } from './signin-size';

const ROOT = join(import.meta.dirname, '../..');
// A directory of this run's own: two runs at once never build into each other's files.
const OUT = mkdtempSync(join(tmpdir(), 'console-bundle-bench-'));
const BUDGET_KB = 160;

await build({ root: ROOT, logLevel: 'warn', build: { outDir: OUT, emptyOutDir: true } });
const manifest: Manifest = readManifest(OUT);
const gzipKb = (file: string) => gzipOf(OUT, file);
const filesOf = (keys: string[]) => staticFiles(manifest, keys);
const needed = filesOf(entryKeys(manifest));
const signInFiles = signInPage(OUT);

const allJs = readdirSync(join(OUT, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const signIn = signInFiles.kb;
const all = allJs.reduce((sum, f) => sum + gzipKb(f), 0);

console.log(
  `sign-in page (JS + CSS):  ${signIn.toFixed(1)} kB gzip in ${signInFiles.files.length} file(s) (budget ${BUDGET_KB} kB: ${signIn <= BUDGET_KB ? 'within' : 'OVER'})`,
);
console.log(`all JavaScript:          ${all.toFixed(1)} kB gzip in ${allJs.length} file(s)`);

/** Screens loaded on demand, by the module their chunk starts from. */
const ON_DEMAND: [string, string][] = [
  ['console (fetched while typing)', 'src/app/console.tsx'],
  ['record page', 'src/resources/record/SchemaRecord.tsx'],
  ['statistics screen', 'src/resources/statistics/StatisticsScreen.tsx'],
  ['chart library (MUI X Charts)', 'src/resources/statistics/charts.tsx'],
  ["a well's trajectory tab", 'src/resources/record/panels/trajectory/TrajectoryView.tsx'],
  ["the trajectory's 3D view", 'src/resources/record/panels/trajectory/Well3D.tsx'],
  // three.js itself is a shared chunk of the modules the 3D view imports: counted through its orbit controls.
  ['3D library (three.js)', 'node_modules/three/examples/jsm/controls/OrbitControls.js'],
];
for (const [label, source] of ON_DEMAND) {
  if (!manifest[source]) {
    console.log(`${label}: no chunk starts from ${source}`);
    continue;
  }
  const added = [...filesOf([source])].filter((f) => f.endsWith('.js') && !needed.has(f));
  const kb = added.reduce((sum, f) => sum + gzipKb(f), 0);
  console.log(`${`${label}:`.padEnd(32)}${kb.toFixed(1)} kB gzip in ${added.length} file(s) beyond the sign-in page's`);
}
rmSync(OUT, { recursive: true, force: true });
