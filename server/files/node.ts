// The real server's uploads: files in a directory (UPLOAD_DIR, shared storage when several
// instances run), their metadata in the database, and thumbnails made with sharp.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type SharpModule from 'sharp';
import type { FixedDb } from '../db/tables';
import { sqlUploadIndex } from './sql-index';
import type { FileStore, Thumbnailer, UploadStorage } from './types';

/** The names this product stores files under: random hex, maybe `.thumb`, an extension. */
const SAFE_NAME = /^[0-9a-f]{32}(\.thumb)?\.[a-z]+$/;

function safe(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`Not a stored file name: ${name}`);
  return name;
}

export function diskFileStore(dir: string): FileStore {
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, safe(name)), bytes, { flag: 'wx' });
    },
    async get(name) {
      try {
        return new Uint8Array(await readFile(join(dir, safe(name))));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    remove: (name) => rm(join(dir, safe(name)), { force: true }),
  };
}

/** Thumbnails this wide (never wider than the image itself). */
export const THUMBNAIL_WIDTH = 240;
/** An image of more pixels than this gets no thumbnail: decoding it would take too much memory. */
const MAX_INPUT_PIXELS = 50_000_000;

// sharp is loaded by a name the browser's bundler does not follow: this module reaches the
// in-browser mock through server/app.ts, which never calls it there.
const SHARP = 'sharp';
let loaded: Promise<typeof SharpModule> | undefined;
const loadSharp = () => (loaded ??= import(/* @vite-ignore */ SHARP).then((module: { default: typeof SharpModule }) => module.default));

/**
 * A 240 px wide WebP of an image, turned upright as its EXIF data says (the first frame of an
 * animation). An image sharp cannot read gets none: it is then shown as it is.
 */
export const sharpThumbnails: Thumbnailer = async (bytes, mime) => {
  if (!mime.startsWith('image/')) return undefined;
  const sharp = await loadSharp();
  try {
    const thumbnail = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { bytes: new Uint8Array(thumbnail), extension: '.webp' };
  } catch {
    return undefined;
  }
};

export interface ServerUploadConfig {
  db: FixedDb;
  dir: string;
  maxBytes?: number;
  now?: () => Date;
}

export const serverUploads = ({ db, dir, maxBytes, now }: ServerUploadConfig): UploadStorage => ({
  files: diskFileStore(dir),
  index: sqlUploadIndex(db),
  thumbnails: sharpThumbnails,
  maxBytes,
  now,
});
