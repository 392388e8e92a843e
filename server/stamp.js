// Stamps of source trees: a SHA-256 over the names and contents of the files under some inputs,
// in a fixed order, so that the same sources give the same stamp anywhere. `npm start` compares
// them with what the compiled server and the built console were made from. Plain JavaScript:
// server/launch.js uses it before anything is compiled.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import process from 'node:process';

/** Every file under `path` (or `path` itself when it is a file). */
export function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => filesUnder(join(path, name)));
}

/** The inputs' files, relative to `root` with forward slashes, sorted. */
const inputFiles = (root, inputs) =>
  inputs
    .flatMap((input) => filesUnder(join(root, input)))
    .map((file) => relative(root, file).split(sep).join('/'))
    .sort();

/** The SHA-256 over the names and contents of the inputs' files. */
export function contentStamp(root, inputs) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    const content = readFileSync(join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/**
 * The content stamp, read from `record` instead of the files when no file was added, removed,
 * resized or modified since it was worked out (a hash of every file's name, size and modification
 * time says so; reading every file costs a start tens of milliseconds). A record that cannot be
 * written only means reading the files again next time.
 */
export function recordedStamp(root, inputs, record) {
  const listing = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    const { size, mtimeMs } = statSync(join(root, file));
    listing.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  const seen = listing.digest('hex');
  const [recordedListing, recordedStamp] = existsSync(record) ? readFileSync(record, 'utf8').split('\n') : [];
  if (recordedListing === seen && recordedStamp) return recordedStamp;
  const stamp = contentStamp(root, inputs);
  try {
    // Written whole then renamed: a start reading it meanwhile sees the old record or the new one.
    mkdirSync(dirname(record), { recursive: true });
    writeFileSync(`${record}.${process.pid}`, `${seen}\n${stamp}\n`);
    renameSync(`${record}.${process.pid}`, record);
  } catch {
    // read-only checkout: the files are read every time
  }
  return stamp;
}
