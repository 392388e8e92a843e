// The whole product over HTTP: the /dev-api app, and the built console with a history
// fallback (the console uses clean URLs, so /device/index must answer index.html).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { API_BASE, type App } from './app';

export function createWebApp(api: App, distDir: string) {
  const web = new Hono();
  web.get('/healthz', (c) => c.json({ ok: true }));
  web.all(`${API_BASE}/*`, (c) => api.fetch(c.req.raw));
  web.use('/*', serveStatic({ root: distDir }));
  web.get('*', async (c) => c.html(await readFile(join(distDir, 'index.html'), 'utf8')));
  return web;
}
