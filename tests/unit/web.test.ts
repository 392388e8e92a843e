import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createWebApp } from '../../server/http/web';
import { precompressFile } from '../../build/precompress';

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

  it('sends the compressed copy the browser takes, caches hashed files a year and the page never', async () => {
    const script = `console.log(${JSON.stringify('a drilling console '.repeat(400))});`;
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), script);
    writeFileSync(join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    await precompressFile(join(dist, 'assets', 'index-Ab12Cd34.js'));
    const web = createWebApp({ api, distDir: dist, log: silent, healthy: async () => undefined });
    const get = (path: string, encoding?: string) =>
      web.fetch(new Request(`http://x${path}`, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }));

    const brotli = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(brotli.headers.get('Content-Encoding')).toBe('br');
    expect(brotli.headers.get('Vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const packed = Buffer.from(await brotli.arrayBuffer());
    expect(packed.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(packed).toString()).toBe(script);

    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);

    expect((await get('/favicon.svg')).headers.get('Cache-Control')).toBe('public, max-age=3600, must-revalidate');
    for (const path of ['/', '/device/index']) expect((await get(path, 'br')).headers.get('Cache-Control')).toBe('no-store');
  });
});
