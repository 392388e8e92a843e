// The whole product over HTTP: the /dev-api app, the built console with a history fallback
// (the console uses clean URLs, so /device/index must answer index.html), the health check,
// and a log line with a request id for every request.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { API_BASE } from '../kernel/contract/codes';
import type { Log } from './log';

export interface WebDeps {
  api: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };
  distDir: string;
  log: Log;
  /** Answers when the database does. */
  healthy: () => Promise<void>;
}

export function createWebApp({ api, distDir, log, healthy }: WebDeps) {
  const web = new Hono<{ Variables: { requestId: string } }>();
  web.use(requestId());
  web.use(async (c, next) => {
    const started = performance.now();
    await next();
    log.info({ id: c.get('requestId'), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) });
  });
  web.get('/healthz', async (c) => {
    try {
      await healthy();
      return c.json({ ok: true });
    } catch (error) {
      log.error({ err: error }, 'health check failed');
      return c.json({ ok: false, error: 'database unreachable' }, 503);
    }
  });
  // The Node bindings (c.env) go along: the API reads the caller's address from them.
  web.all(`${API_BASE}/*`, (c) => api.fetch(c.req.raw, c.env));
  web.use('/*', serveStatic({ root: distDir }));
  let index: string | undefined;
  web.get('*', async (c) => c.html((index ??= await readFile(join(distDir, 'index.html'), 'utf8'))));
  return web;
}
