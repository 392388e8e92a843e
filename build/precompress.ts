// A build step: next to each text file of the built console (scripts, styles, the page, SVG),
// a gzip and a brotli copy at their highest levels, so that the server sends the compressed copy
// the browser accepts without compressing anything while it answers (server/http/web.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);

/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Smaller than this, a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

export async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  const [gz, br] = await Promise.all([
    gzipped(content, { level: 9 }),
    brotlied(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  ]);
  // A copy no smaller than the file would only cost the browser time to unpack.
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
  if (br.length < content.length) await writeFile(`${file}.br`, br);
}

export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => precompressFile(join(dir, name))));
    },
  };
}
