// `npm start`: runs the server compiled to JavaScript, so that no TypeScript compiler is loaded
// at run time (a faster start, less memory). The server (server/start.ts and everything it
// imports from server/ and kernel/, with the JSON it imports) is bundled by esbuild into
// dist-server/start.js; npm packages stay outside the bundle and load from node_modules. A stamp
// beside it, a hash over the contents of the inputs below, says from what it was compiled: a
// fresh clone, a pull or an edit that changed any of them compiles it again before the start.
// Plain JavaScript, since Node runs it as it is.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { recordedStamp } from './stamp.js';

const ROOT = join(import.meta.dirname, '..');
/**
 * Where the compiled server goes; SERVER_BUILD_DIR lets tests compile into a directory of their
 * own, which must lie in the repository too (the packages load from node_modules above it).
 */
const OUT = process.env.SERVER_BUILD_DIR ?? join(ROOT, 'dist-server');
const ENTRY = join(ROOT, 'server', 'start.ts');
const STAMP = '.build-stamp';
/** How much the server's heap may grow past its live size before a full collection, in percent. */
const HEAP_GROWING_PERCENT = 20;
/** What the compiled server is made from: its sources, the JSON they import, and the packages' versions. */
export const SERVER_INPUTS = ['server', 'kernel', 'schemas', 'i18n', 'package.json', 'package-lock.json', 'tsconfig.json'];

/**
 * The stamp of the server's sources. Worked out from their contents, read again only when a file
 * changed (the record lies in node_modules/.cache, beside the packages it depends on).
 */
export function serverStamp(root = ROOT) {
  return recordedStamp(root, SERVER_INPUTS, join(root, 'node_modules', '.cache', 'console', 'server-sources'));
}

/**
 * Bundled, each module's `import.meta.dirname` would be the bundle's folder. Where a source
 * file uses it (to find the schemas or the icons at run time), it is replaced by that file's own
 * folder, worked out from the bundle's place.
 */
const ownFolders = {
  name: 'own-folders',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.dirname') || args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const folder = relative(ROOT, dirname(args.path)).split(sep).join('/');
      return {
        contents: source.replaceAll('import.meta.dirname', `__sourceFolder(${JSON.stringify(folder)})`),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * Packages made of many small files are bundled too, with what they import: Node would otherwise
 * resolve and load each of their files on every start (the messages' translator alone pulls in
 * some thirty small polyfill packages). The others (native code, files read beside their own code,
 * or the PostgreSQL client, loaded only on PostgreSQL) load from node_modules as they are.
 */
const BUNDLED = new Set(['kysely', 'hono', '@hono/node-server', '@faker-js/faker', 'croner', 'node-polyglot', 'ajv', 'ajv-formats']);

const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { external: true };
      // Imported by a bundled package's own file: bundled with it.
      if (args.importer.includes(`${sep}node_modules${sep}`)) return undefined;
      const [first, second] = args.path.split('/');
      const name = first.startsWith('@') ? `${first}/${second}` : first;
      return BUNDLED.has(name) ? undefined : { external: true };
    });
  },
};

/** Defines `__sourceFolder` at the top of the bundle, finding the sources from where the bundle lies. */
const banner = (out) =>
  [
    "import { join as __join } from 'node:path';",
    `const __sourceFolder = (folder) => __join(import.meta.dirname, ${JSON.stringify(relative(out, ROOT).split(sep).join('/'))}, folder);`,
  ].join('\n');

/**
 * Compiles the server into `out` and stamps it. Modules the server imports only when it needs
 * them (the demo data and its fake-data library, the schema check) become chunks of their own,
 * loaded then. The new build is made beside the old one and put in its place complete, stamp
 * included.
 */
export async function compileServer(out = OUT, stamp = serverStamp()) {
  const { build } = await import('esbuild');
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  await build({
    entryPoints: { start: ENTRY },
    outdir: next,
    bundle: true,
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Less text for Node to read and parse at every start; names are kept, so stack traces still read.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    banner: { js: banner(out) },
    plugins: [packagesOutside, ownFolders],
  });
  writeFileSync(join(next, STAMP), `${stamp}\n`);
  rmSync(out, { recursive: true, force: true });
  try {
    renameSync(next, out);
  } catch (error) {
    // Another start compiled the same sources at the same moment and put its build in place first.
    rmSync(next, { recursive: true, force: true });
    if (compileReason(out, stamp)) throw error;
  }
}

/** Why the server must be compiled, or undefined when dist-server/ is current. */
export function compileReason(out = OUT, stamp = serverStamp()) {
  if (!existsSync(join(out, 'start.js')) || !existsSync(join(out, STAMP))) return 'first build';
  return readFileSync(join(out, STAMP), 'utf8').trim() === stamp ? undefined : 'sources changed';
}

// Run as `node server/launch.js` (npm start): compile when needed, then start the server in this process.
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const stamp = serverStamp();
  const reason = compileReason(OUT, stamp);
  if (reason) {
    process.stdout.write(`Compiling the server (${reason})…\n`);
    await compileServer(OUT, stamp);
  }
  if (process.argv.includes('--compile-only')) process.exit(0);
  // For start.ts: the schemas checked once per compiled sources (see checkSchemaFiles there).
  process.env.SERVER_SOURCE_STAMP = stamp;
  process.env.SERVER_CHECKED_FILE = join(OUT, '.schemas-checked');
  // V8 lets a busy server's heap grow up to four times its live size between two full collections
  // (a burst of creates took the process past 180 MB); growing by a fifth at a time keeps it near
  // what it holds, for no measurable loss of speed. A rate, not a limit: the heap still grows as far as needed.
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  await import(pathToFileURL(join(OUT, 'start.js')).href);
}
