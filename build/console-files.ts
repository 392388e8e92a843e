// A build step: the sign-in page downloads the console's code once it is idle, without running it
// (src/signin/console-files.ts), and so needs the names of the console's files, which exist only
// once the build has named them. This step writes them into the page's own script in place of a
// placeholder, as Vite writes in the files a dynamic import preloads: the console's chunk, the
// chunks it imports statically and its styles, less those the sign-in page loads already.
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** What src/signin/console-files.ts holds until the build writes the list in its place. */
export const PLACEHOLDER = '__CONSOLE_FILES__';
/** The module the console starts from, as main.tsx imports it on demand. */
const CONSOLE_MODULE = /[\\/]src[\\/]app[\\/]console\.tsx$/;

const chunksOf = (bundle: OutputBundle) => Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** The files a chunk loads statically: its own, the chunks it imports, and their styles. */
function staticClosure(bundle: OutputBundle, start: OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
    chunk.imports.forEach((name) => visit(bundle[name]?.type === 'chunk' ? (bundle[name] as OutputChunk) : undefined));
  };
  start.forEach(visit);
  return files;
}

/** The console's files the entry does not load already, in load order. */
export function consoleFiles(bundle: OutputBundle): string[] {
  const chunks = chunksOf(bundle);
  const console = chunks.find((chunk) => chunk.facadeModuleId && CONSOLE_MODULE.test(chunk.facadeModuleId));
  if (!console) return [];
  const entry = staticClosure(
    bundle,
    chunks.filter((chunk) => chunk.isEntry),
  );
  return [...staticClosure(bundle, [console])].filter((file) => !entry.has(file));
}

export function consoleFilesList(): Plugin {
  let base = '/';
  return {
    name: 'console-files',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const list = consoleFiles(bundle)
        .map((file) => `${base}${file}`)
        .join(' ');
      for (const chunk of chunksOf(bundle)) {
        if (!chunk.code.includes(PLACEHOLDER)) continue;
        // The placeholder is a string literal of its own; quoted either way by the minifier.
        chunk.code = chunk.code.replace(/(["'`])__CONSOLE_FILES__\1/g, JSON.stringify(list));
      }
    },
  };
}
