// The console rehearsed while the person types on the sign-in page: rendered once, off screen, on
// the page the sign-in will open, with stand-in records, then thrown away. A first render of
// react-admin and MUI costs several times what the same render costs once the browser has compiled
// their code and the styles are in the page's style sheet; after the rehearsal, the console the
// person signs in to renders warm. Nothing of it reaches the server or stays behind: calls are held
// (src/api/http.ts), react-admin remembers in memory only, and the parts of the layout that act on
// the page around it stay quiet (src/app/rehearsalContext.ts).
import { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { type AuthProvider, type DataProvider, memoryStore } from 'react-admin';
import { holdCalls } from '../api/http';
import { createI18nProvider, loadMessages } from '../i18n/provider';
import { registry } from '../../kernel/schema/load-vite';
import type { ConfigOptions, FieldSchema } from '../../kernel/schema/types';
import type { Language } from '../../kernel/i18n/languages';
import { App } from './App';
import { prefetchFirstScreen } from './firstScreen';
import { answerSessionChecks, identityOf } from '../auth/sessionQueries';
import { CONFIG_QUERY, schemaOptions } from '../resources/generic/useConfigOptions';

/** The longest a rehearsal lasts when its page never shows a table row (a page that is not a list). */
const LONGEST_MS = 3000;
/** A date for stand-in records: any will do. */
const STAND_IN_DATE = '2026-01-01T08:00:00.000Z';

/** A value of the field's kind for the i-th stand-in record: an option of its list, a number, a text. */
function standInValue(field: FieldSchema, i: number, config: ConfigOptions): unknown {
  if (field.enum?.length) return field.enum[i % field.enum.length];
  // An option list of /config; a dictionary's lists are not known before sign-in: a text stands in.
  const list = field['x-options'];
  const items = typeof list === 'string' ? config[list]?.items : undefined;
  if (items?.length) return items[i % items.length].key;
  if (field.type === 'integer' || field.type === 'number') return i + 1;
  if (field.type === 'boolean') return i % 2 === 0;
  if (field.type === 'string') return field.format === 'date' || field.format === 'date-time' ? STAND_IN_DATE : String(i + 1);
  return undefined;
}

/** The i-th stand-in record of a resource: every top-level field given a value of its kind. */
export function standInRecord(resource: string, i: number): Record<string, unknown> {
  const schema = registry.resources[resource];
  const record: Record<string, unknown> = { id: i + 1 };
  for (const [name, field] of Object.entries(schema?.properties ?? {})) {
    if (name !== 'id') record[name] = standInValue(field, i, registry.config);
  }
  return record;
}

const NEVER = new Promise<never>(() => undefined);

type ReadParams = { pagination?: { perPage: number }; id?: unknown; ids?: unknown[] };

/** Answers every read with stand-in records at once, and leaves every other call unanswered. */
function standInDataProvider(): DataProvider {
  const page = (resource: string, { pagination }: ReadParams) => {
    const perPage = pagination?.perPage ?? 10;
    return { data: Array.from({ length: perPage }, (_, i) => standInRecord(resource, i)), total: perPage * 5 };
  };
  const reads: Record<string, (resource: string, params: ReadParams) => Promise<unknown>> = {
    getList: async (resource, params) => page(resource, params),
    getManyReference: async (resource, params) => page(resource, params),
    getOne: async (resource, { id }) => ({ data: { ...standInRecord(resource, 0), id } }),
    getMany: async (resource, { ids = [] }) => ({ data: ids.map((id, i) => ({ ...standInRecord(resource, i), id })) }),
  };
  // Not a promise itself: only named calls are answered (or left unanswered).
  const call = (target: typeof reads, name: string | symbol) =>
    typeof name !== 'string' || name === 'then' ? undefined : (target[name] ?? (() => NEVER));
  return new Proxy(reads, { get: call }) as unknown as DataProvider;
}

/** Signed in as a stand-in admin: every page of the route tree is open. */
const STAND_IN_INFO = { roles: ['admin'], name: '', avatar: '', introduction: '' };
const STAND_IN_AUTH: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => STAND_IN_INFO.roles,
  getIdentity: async () => identityOf(STAND_IN_INFO),
};

/**
 * A query client that holds, before the first render, what the console's first screen waits for:
 * the session's checks as react-admin keeps them, the option lists as the server answers them, and
 * the first list's page; it never asks again. Every answer that came later would draw the page
 * again outside the slices the rehearsal renders in (query answers redraw at once), holding up
 * the person's typing.
 */
async function standInQueries(path: string, dataProvider: DataProvider): Promise<QueryClient> {
  const queries = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  answerSessionChecks(queries, STAND_IN_INFO);
  queries.setQueryData(CONFIG_QUERY.queryKey, schemaOptions());
  queries.setQueryData(['dictionary-options'], {});
  await prefetchFirstScreen(registry, { pathname: path, search: '' }, queries, dataProvider);
  return queries;
}

/** The rehearsal's span on the page's performance timeline (the browser's developer tools show it). */
export const REHEARSAL_MEASURE = 'console rehearsal';

/** Runs `then` when the page is next idle (soon, where the browser cannot say). */
const afterWork = (then: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(then, { timeout: 1000 }) : setTimeout(then, 200);

/** Whether a console's page has drawn what a first screen is waited for by: a row of its list (on a phone, an item) with text, not a placeholder. */
export const rowShown = (container: HTMLElement) =>
  [...container.querySelectorAll('#main-content tbody tr, #main-content li')].some((row) => row.textContent?.trim());

/**
 * Renders the console on `path` off screen, in slices that leave the page free for typing, and
 * throws it away once its page drew a table row (or after a while), then calls `onEnd`. Answers a
 * function that stops it at once (called before the real console mounts); stopping twice does nothing.
 */
export function rehearseConsole(language: Language, path: string, onEnd?: () => void): () => void {
  let stopped = false;
  let stop = () => {
    stopped = true;
  };
  const dataProvider = standInDataProvider();
  void Promise.all([loadMessages(language), standInQueries(path, dataProvider)]).then(([, queryClient]) => {
    if (stopped) return;
    const started = performance.now();
    const container = document.createElement('div');
    const root = createRoot(container);
    holdCalls(true);
    // Once a row is drawn, what follows the first render (effects, react-admin's second pass)
    // runs too before the rehearsal ends: it ends when the page is next idle.
    const watch = new MutationObserver(() => {
      if (!rowShown(container)) return;
      watch.disconnect();
      afterWork(() => stop());
    });
    const timer = setTimeout(() => stop(), LONGEST_MS);
    stop = () => {
      if (stopped) return;
      stopped = true;
      watch.disconnect();
      clearTimeout(timer);
      const drewRow = rowShown(container);
      root.unmount();
      holdCalls(false);
      performance.measure(REHEARSAL_MEASURE, { start: started, detail: { path, drewRow } });
      onEnd?.();
    };
    watch.observe(container, { childList: true, subtree: true });
    const setting = {
      path,
      info: STAND_IN_INFO,
      dataProvider,
      authProvider: STAND_IN_AUTH,
      queryClient,
      store: memoryStore({ locale: language }),
    };
    startTransition(() => root.render(<App i18nProvider={createI18nProvider(language)} rehearsal={setting} />));
  });
  return () => stop();
}
