import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import { MemoryStore } from '../../server/store/memory';
import type { Store } from '../../server/store/types';
import { seedStore } from '../../kernel/demo/seed';
import { loadRegistry } from '../../kernel/schema/load-node';
import type { Registry } from '../../kernel/schema/registry';

export const registry = loadRegistry();

export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message?: string;
  msg?: string;
  errors?: { field: string; message: string }[];
}

/** The app over a seeded store, and a caller that speaks the /dev-api contract. */
export async function makeApi(store: Store = new MemoryStore(), options: { seed?: boolean; registry?: Registry } = {}) {
  const schemas = options.registry ?? registry;
  if (options.seed !== false) await seedStore(store, schemas);
  const app = createApp({ registry: schemas, store, accounts: new MockAccounts() });
  const call = async <T = unknown>(
    method: string,
    path: string,
    {
      body,
      token = 'admin-token',
      query,
      language,
    }: { body?: unknown; token?: string | null; query?: Record<string, string | number>; language?: string } = {},
  ): Promise<Envelope<T>> => {
    const url = new URL(`http://localhost/dev-api${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (token) headers['X-Token'] = token;
    if (language) headers['Accept-Language'] = language;
    const response = await app.fetch(
      new Request(url, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }),
    );
    return (await response.json()) as Envelope<T>;
  };
  /** A multipart POST, as a file input sends it: the file (when one is given) as `file`, beside the form's other fields. */
  const upload = async <T = unknown>(
    path: string,
    file?: { content: string | Uint8Array<ArrayBuffer>; name?: string },
    {
      token = 'admin-token',
      query,
      fields = {},
      language,
    }: { token?: string | null; query?: Record<string, string | number>; fields?: Record<string, string>; language?: string } = {},
  ): Promise<Envelope<T>> => {
    const url = new URL(`http://localhost/dev-api${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const form = new FormData();
    if (file) form.append('file', new File([file.content], file.name ?? 'survey.csv'));
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    const headers: Record<string, string> = {};
    if (token) headers['X-Token'] = token;
    if (language) headers['Accept-Language'] = language;
    return (await (await app.fetch(new Request(url, { method: 'POST', headers, body: form }))).json()) as Envelope<T>;
  };
  return { app, store, call, upload };
}
