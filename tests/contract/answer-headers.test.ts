// The Node entry gives the API the security headers (answerHeaders), so that its JSON answers are
// made with every header at once; each answer must go out with exactly the headers it had when
// the web app set them one by one afterwards, and each call keep its log line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MockAccounts } from '../../server/auth/accounts';
import { createApp } from '../../server/app';
import { MemoryStore } from '../../server/store/memory';
import { SECURITY_HEADERS, createWebApp } from '../../server/http/web';
import { registry } from './helpers';

const dist = mkdtempSync(join(tmpdir(), 'console-web-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');

function serve(answerHeaders?: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  const api = createApp({ registry, store: new MemoryStore(), accounts: new MockAccounts(), answerHeaders });
  return { web: createWebApp({ api, distDir: dist, log, healthy: async () => undefined }), lines };
}

const calls: [string, string, Record<string, string>][] = [
  ['GET', '/dev-api/config', { 'X-Token': 'admin-token' }],
  ['GET', '/dev-api/device/list?limit=2', { 'X-Token': 'admin-token', 'Accept-Language': 'zh' }],
  ['GET', '/dev-api/device/detail?id=1', {}],
  ['GET', '/dev-api/device/detail?id=1&x=%ZZ', { 'X-Token': 'admin-token' }],
  ['GET', '/dev-api/nowhere', { 'X-Token': 'admin-token' }],
  ['GET', '/dev-api/openapi.json', {}],
  ['HEAD', '/dev-api/config', { 'X-Token': 'admin-token' }],
  ['GET', '/dev%2Dapi/config', { 'X-Token': 'admin-token', 'X-Request-Id': 'caller-id-1' }],
  ['POST', '/dev-api/user/logout', { 'X-Token': 'nobody' }],
  ['GET', '/healthz', {}],
];

describe('the API answers served by the web app', () => {
  it('go out with the same headers, status and body whether the API makes them with the server headers or not', async () => {
    const plain = serve();
    const made = serve(SECURITY_HEADERS);
    for (const [method, path, headers] of calls) {
      const [a, b] = await Promise.all(
        [plain, made].map(({ web }) => web.fetch(new Request(`http://localhost${path}`, { method, headers }))),
      );
      const without = (answer: Response) => [...answer.headers].filter(([name]) => name !== 'x-request-id');
      expect(without(b), `${method} ${path}`).toEqual(without(a));
      expect(b.headers.has('x-request-id'), `${method} ${path}`).toBe(a.headers.has('x-request-id'));
      expect(b.status).toBe(a.status);
      expect(await b.text()).toBe(await a.text());
    }
    const logged = (lines: Record<string, unknown>[]) =>
      lines.map(({ method, path, status, id }) => ({ method, path, status, id: id === 'caller-id-1' ? id : typeof id }));
    expect(logged(made.lines)).toEqual(logged(plain.lines));
    expect(logged(made.lines)).toContainEqual({ method: 'GET', path: '/dev-api/config', status: 200, id: 'caller-id-1' });
    for (const name of Object.keys(SECURITY_HEADERS))
      expect((await made.web.fetch(new Request('http://localhost/dev-api/config'))).headers.has(name)).toBe(true);
    // A refusal of a malformed query string is made before the API's middleware: without Cache-Control, as always.
    expect((await made.web.fetch(new Request('http://localhost/dev-api/config?x=%ZZ'))).headers.has('Cache-Control')).toBe(false);
  });
});
