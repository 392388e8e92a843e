// The worker thread's side of worker.ts: reads one spreadsheet and posts what it read (or why it
// refused it) back. Bundled by esbuild into the worker's code when the server first needs it.
import { parentPort, workerData } from 'node:worker_threads';
import { readSpreadsheet } from '../../kernel/sheet/read';
import { looksRightFor } from './reader';

const { file, expect, limits } = workerData as { file: Uint8Array; expect: Parameters<typeof looksRightFor>[0]; limits: never };
parentPort!.postMessage(readSpreadsheet(file, limits, looksRightFor(expect)));
