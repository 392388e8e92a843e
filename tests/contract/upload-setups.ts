// The app with uploads over each storage the product has: memory (the mock's), SQLite and
// PostgreSQL with files in a temporary directory and thumbnails by sharp; a clock the test
// moves, and a caller that speaks JSON or multipart as the mock's admin or editor.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import { openSqlStore } from '../../server/db/open';
import { memoryFileStore, memoryUploadIndex } from '../../server/files/memory';
import { serverUploads } from '../../server/files/node';
import { createFiles } from '../../server/files/service';
import type { UploadStorage } from '../../server/files/types';
import { createPermissions } from '../../server/access/permissions';
import { MemoryStore } from '../../server/store/memory';
import type { Store } from '../../server/store/types';
import type { Registry } from '../../kernel/schema/registry';
import { type SqlName, postgresSkip, sqlCopy, sqlNames } from './stores';
import type { Envelope } from './helpers';

export const PNG_1PX = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
export const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');

/** A real 600 × 400 PNG, for thumbnails. */
export async function pngImage(width = 600, height = 400): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: '#1890ff' } })
    .png()
    .toBuffer();
}

export interface UploadWorld {
  store: Store;
  storage: UploadStorage;
  /** The names of the files the storage holds now. */
  storedNames(): string[];
  /** The clock of uploads: tests move it. */
  clock: { now: Date };
  close(): Promise<void>;
}

interface Setup {
  name: string;
  /** Whether thumbnails are made (the server's), or an image is its own (the mock's). */
  thumbnails: boolean;
  make(registry: Registry, clock: { now: Date }): Promise<UploadWorld>;
}

function memorySetup(): Setup {
  return {
    name: 'memory',
    thumbnails: false,
    async make(_registry, clock) {
      const names = new Set<string>();
      const inner = memoryFileStore();
      const files = {
        put: async (name: string, bytes: Uint8Array) => (await inner.put(name, bytes), void names.add(name)),
        get: inner.get,
        remove: async (name: string) => (await inner.remove(name), void names.delete(name)),
      };
      const storage: UploadStorage = { files, index: memoryUploadIndex(), maxBytes: 4096 * 16, now: () => clock.now };
      return { store: new MemoryStore(), storage, storedNames: () => [...names].sort(), clock, close: async () => undefined };
    },
  };
}

function sqlSetup(name: SqlName): Setup {
  return {
    name,
    thumbnails: true,
    async make(registry, clock) {
      const connection = await sqlCopy(name, { registry });
      const store = await openSqlStore(connection, registry);
      const dir = mkdtempSync(join(tmpdir(), 'console-uploads-'));
      const storage = serverUploads({ db: connection.db, dir, maxBytes: 4096 * 16, now: () => clock.now });
      return { store, storage, clock, storedNames: () => (existsSync(dir) ? readdirSync(dir).sort() : []), close: () => store.close() };
    },
  };
}

if (postgresSkip) console.warn(`Upload suites skip PostgreSQL: ${postgresSkip}`);

/** Every storage available here; PostgreSQL only when it can be reached. */
export const SETUPS: Setup[] = [memorySetup(), ...sqlNames().map(sqlSetup)];

export const T0 = new Date('2026-11-01T08:00:00Z');

/** The app over a world, and callers for JSON and multipart requests. */
export function appOver(world: UploadWorld, registry: Registry, accounts = new MockAccounts()) {
  const app = createApp({ registry, store: world.store, accounts, uploads: world.storage });
  const files = createFiles({ storage: world.storage, registry, store: world.store, permissions: createPermissions(registry) });
  const headers = (as: string | null): Record<string, string> => (as ? { 'X-Token': `${as}-token` } : {});
  return {
    app,
    /** The same rules over the same storage: the hooks and the sweep, called directly. */
    files,
    async call<T = unknown>(method: string, path: string, { body, as = 'admin' }: { body?: unknown; as?: string | null } = {}) {
      const init: RequestInit = {
        method,
        headers: { ...headers(as), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      };
      if (body !== undefined) init.body = JSON.stringify(body);
      const response = await app.fetch(new Request(`http://localhost/dev-api${path}`, init));
      return (await response.json()) as Envelope<T>;
    },
    async send<T = unknown>(
      path: string,
      name: string,
      bytes: Buffer,
      { as = 'admin', fields = {}, field = 'file' }: { as?: string | null; fields?: Record<string, string>; field?: string } = {},
    ) {
      const form = new FormData();
      form.set(field, new File([new Uint8Array(bytes)], name));
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      const response = await app.fetch(
        new Request(`http://localhost/dev-api${path}`, { method: 'POST', headers: headers(as), body: form }),
      );
      return (await response.json()) as Envelope<T>;
    },
    /** Whether a file is served there (a refusal is an envelope with its code). */
    async served(url: string) {
      const response = await app.fetch(new Request(`http://localhost${url}`));
      return !response.headers.get('Content-Type')?.startsWith('application/json');
    },
    /** GET of a served file: status, content type and bytes. */
    async fetchFile(url: string) {
      const response = await app.fetch(new Request(`http://localhost${url}`));
      return {
        status: response.status,
        type: response.headers.get('Content-Type'),
        headers: response.headers,
        bytes: Buffer.from(await response.arrayBuffer()),
      };
    },
  };
}
