import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/web';

const dist = mkdtempSync(join(tmpdir(), 'console-web-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
const api = { fetch: () => Response.json({ code: 20000, data: 'api' }) };
const silent = pino({ level: 'silent' });

describe('the web app around the API', () => {
  it('answers /healthz 200 while the database answers, 503 when it does not', async () => {
    const up = createWebApp({ api, distDir: dist, log: silent, healthy: async () => undefined });
    expect((await up.fetch(new Request('http://x/healthz'))).status).toBe(200);
    const down = createWebApp({ api, distDir: dist, log: silent, healthy: async () => Promise.reject(new Error('connection refused')) });
    const answer = await down.fetch(new Request('http://x/healthz'));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ ok: false, error: 'database unreachable' });
  });

  it('hands /dev-api to the API, answers index.html for the console paths, and tags each answer with a request id', async () => {
    const web = createWebApp({ api, distDir: dist, log: silent, healthy: async () => undefined });
    expect(await (await web.fetch(new Request('http://x/dev-api/anything'))).json()).toEqual({ code: 20000, data: 'api' });
    const page = await web.fetch(new Request('http://x/device/index'));
    expect(await page.text()).toContain('<title>console</title>');
    expect(page.headers.get('X-Request-Id')).toMatch(/\S{8,}/);
  });
});
