// The Node server reads uploaded spreadsheets in worker threads, so that a large or hostile file
// never holds the event loop: other requests are answered while it is read. Each file gets a
// worker of its own with a heap of bounded size and a time limit; a worker that runs out of either
// is ended and the file refused, the server unharmed. The worker's code is worker-entry.ts and what
// it imports, bundled by esbuild the first time a file is read (the same whether the server runs
// from its TypeScript sources or compiled).
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SHEET_LIMITS } from '../../kernel/contract/limits';
import type { SheetRead } from '../../kernel/sheet/read';
import type { SheetReader } from './reader';

export interface WorkerReaderOptions {
  /** How long one file may take to read. */
  timeoutMs?: number;
  /** The worker's heap, in MB. */
  heapMb?: number;
  /** Files read at once; the others wait their turn. */
  concurrency?: number;
}

let code: Promise<string> | undefined;

/** The worker's code, bundled once. */
function workerCode(): Promise<string> {
  code ??= import('esbuild')
    .then(({ build }) =>
      build({
        entryPoints: [join(import.meta.dirname, 'worker-entry.ts')],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        write: false,
        logLevel: 'silent',
        minify: true,
      }),
    )
    .then((result) => result.outputFiles[0].text);
  code.catch(() => (code = undefined));
  return code;
}

const unreadable: SheetRead = { ok: false, refusal: { reason: 'unreadableFile' } };

export function workerSheetReader({ timeoutMs = 60_000, heapMb = 768, concurrency = 2 }: WorkerReaderOptions = {}): SheetReader {
  // Bundled soon after the start rather than during the first import, whose requests it would hold up.
  setTimeout(() => void workerCode().catch(() => undefined), 2000).unref();
  let running = 0;
  const waiting: (() => void)[] = [];
  const turn = () =>
    running < concurrency ? Promise.resolve(void running++) : new Promise<void>((resolve) => waiting.push(() => resolve(void running++)));
  const done = () => {
    running--;
    waiting.shift()?.();
  };

  return async (file, expect, limits = SHEET_LIMITS) => {
    // The size is refused before a worker is started.
    if (file.byteLength > limits.maxBytes) return { ok: false, refusal: { reason: 'fileTooLarge', limit: limits.maxBytes } };
    const source = await workerCode();
    await turn();
    try {
      return await new Promise<SheetRead>((resolve) => {
        // The worker takes the bytes over: moved when they are a buffer of their own, else copied.
        const copy =
          file.byteOffset === 0 && file.byteLength === file.buffer.byteLength && file.buffer instanceof ArrayBuffer ? file : file.slice();
        const worker = new Worker(source, {
          eval: true,
          workerData: { file: copy, expect, limits },
          transferList: [copy.buffer as ArrayBuffer],
          resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
        });
        const timer = setTimeout(() => {
          resolve(unreadable);
          void worker.terminate();
        }, timeoutMs);
        worker.once('message', (read: SheetRead) => {
          clearTimeout(timer);
          resolve(read);
          void worker.terminate();
        });
        // Out of heap, or any failure of the worker: the file is refused, the server goes on.
        worker.once('error', () => {
          clearTimeout(timer);
          resolve(unreadable);
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve(unreadable);
        });
      });
    } finally {
      done();
    }
  };
}
