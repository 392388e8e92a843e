// The back-end contract as one Hono app: served over HTTP by server/start.ts,
// and run inside the browser by the mock (mock/index.ts). Same code, so they cannot drift.
import { Hono } from 'hono';
import type { Registry } from '../kernel/schema/registry';
import type { Accounts } from './auth/accounts';
import { API_BASE, Code } from '../kernel/contract/codes';
import { type AppEnv, fail } from './context';
import { pickLanguage, translator } from './messages';
import { registerResource } from './resources';
import { registerDictionary } from './dictionary';
import { createRelations } from './relations';
import { openApiDocument } from './openapi';
import { createPermissions } from './permissions';
import { type AddressOf, registerSession } from './session';
import { UPLOAD_FILE_PATH, type UploadDeps, registerUploadFiles, registerUploads } from './uploads';
import type { Store } from './store/types';
import { RecordValidator } from '../kernel/schema/validation';

export interface AppDeps {
  registry: Registry;
  store: Store;
  accounts: Accounts;
  now?: () => Date;
  addressOf?: AddressOf;
  /** Where failures are reported (the Node entry logs them). */
  onError?: (error: unknown) => void;
  /** File uploads need a database and a directory; the in-browser mock has neither. */
  uploads?: UploadDeps;
}


/** Paths anyone may call without a session. */
const PUBLIC = new Set([`${API_BASE}/user/login`, `${API_BASE}/openapi.json`]);

export function createApp({ registry, store, accounts, now, addressOf = () => 'local', onError = console.error, uploads }: AppDeps) {
  const app = new Hono<AppEnv>().basePath(API_BASE);
  const validator = new RecordValidator(registry);

  app.use(async (c, next) => {
    const language = pickLanguage(c.req.header('Accept-Language'));
    c.set('language', language);
    c.set('t', translator(language));
    // Sign-in needs no session; an uploaded file's random name is its own permission.
    if (PUBLIC.has(c.req.path) || c.req.path.startsWith(`${API_BASE}${UPLOAD_FILE_PATH}`)) return next();
    const token = c.req.header('X-Token') ?? c.req.query('token');
    const result = await accounts.check(token);
    if ('problem' in result) {
      const code = result.problem === 'expired' ? Code.tokenExpired : Code.tokenInvalid;
      return fail(c, code, c.get('t')(result.problem === 'expired' ? 'server.token_expired' : 'server.token_invalid'));
    }
    c.set('user', result.user);
    return next();
  });

  const openApi = openApiDocument(registry);
  app.get('/openapi.json', (c) => c.json(openApi));
  registerSession(app, registry, accounts, addressOf);
  if (uploads) {
    registerUploadFiles(app, uploads);
    registerUploads(app, uploads);
  }
  const permissions = createPermissions(registry);
  const relations = createRelations(registry);
  registerDictionary(app, registry, store);
  for (const [name, schema] of Object.entries(registry.resources)) {
    registerResource(app, name, schema, { store, validator, relations, permissions, now });
  }

  app.notFound((c) => fail(c, Code.notFound, c.get('t')?.('server.no_endpoint', { path: c.req.path }) ?? 'Not found'));
  app.onError((error, c) => {
    onError(error);
    const t = c.get('t') ?? translator('en');
    return c.json({ code: Code.internal, message: t('server.internal') }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
