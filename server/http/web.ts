// The whole product over HTTP: the /dev-api app, the built console with a history fallback
// (the console uses clean URLs, so /device/index must answer index.html), the health check,
// and a log line with a request id for every request. The console's files go out as a
// production site sends them: the gzip or brotli copy made at build time (build/precompress.ts)
// when the browser takes it, hashed files cached for a year, the page itself never.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { API_BASE } from '../../kernel/contract/codes';
import type { Log } from '../log';
import { isComplete } from '../context';
import { REST_BASE } from '../rest/rest';

export interface WebDeps {
  api: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };
  /** The same resources in another REST dialect, under REST_BASE (rest/rest.ts). */
  rest?: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };
  distDir: string;
  log: Log;
  /** Answers when the database does. */
  healthy: () => Promise<void>;
}

/**
 * On every answer, console and API: scripts, styles, images and calls from our own origin only
 * (never inline scripts; scripts may compile code, which the form validator does to check a record
 * before it is sent; styles may be inline: the component library writes its styles at run time;
 * images may be data: and blob: URLs, for previews), no framing by other sites, no type guessing, no referrer sent elsewhere.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; frame-src 'self' blob:; frame-ancestors 'self'; base-uri 'self'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

/** The page names the files of one build: kept only as long as it is asked for again. */
const NEVER = 'no-store';
/** A file whose name holds a hash of its content never changes: the browser keeps it a year. */
const FOREVER = 'public, max-age=31536000, immutable';
/** Files with fixed names (the icon, the avatars): kept, but checked again after an hour. */
const AN_HOUR = 'public, max-age=3600, must-revalidate';

/** How long a browser may keep a file of the built console, by its path and type. */
export function cachingOf(path: string, type: string): string {
  if (type.startsWith('text/html')) return NEVER;
  return /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path) ? FOREVER : AN_HOUR;
}

/** The id a request is logged under: the caller's X-Request-Id when it is a sensible one, else a new one (as hono/request-id decides). */
function requestIdOf(request: Request): string {
  const given = request.headers.get('X-Request-Id');
  return !given || given.length > 255 || /[^\w\-=]/.test(given) ? crypto.randomUUID() : given;
}

const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS);

export function createWebApp({ api, rest, distDir, log, healthy }: WebDeps) {
  const web = new Hono<{ Variables: { requestId: string } }>();
  web.use(requestId());
  web.use(async (c, next) => {
    await next();
    for (const [name, value] of SECURITY_HEADER_LIST) c.res.headers.set(name, value);
  });
  web.use(async (c, next) => {
    const started = performance.now();
    await next();
    log.info({
      id: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
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
  if (rest) web.all(`${REST_BASE}/*`, (c) => rest.fetch(c.req.raw, c.env));
  let index: string | undefined;
  const page = async (c: Context) => {
    c.header('Cache-Control', NEVER);
    index ??= await readFile(join(distDir, 'index.html'), 'utf8');
    return c.html(index);
  };
  // The site's root is the page too, not the built file as it is.
  web.get('/', page);
  web.use('/*', async (c, next) => {
    await next();
    if (c.res.ok && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', cachingOf(c.req.path, c.res.headers.get('Content-Type') ?? ''));
  });
  web.use('/*', serveStatic({ root: distDir, precompressed: true }));
  // A missing build file (a stale chunk after a deploy) fails loudly instead of being parsed as the page.
  web.all('/assets/*', (c) => c.text('Not found', 404));
  web.get('*', page);

  /**
   * An API call, as the middleware and the route above treat it, without going through this
   * app's router and middleware on the way to the API's own: the same request id and log line,
   * and the security headers, set on the answer unless the API made it with them already
   * (context.ts `isComplete`: the server gives the API these headers, start.ts). The answer to
   * an Error thrown out of the API is what Hono's default error handler answers (the API's own
   * error handler answers every error of its calls: this is for one thrown by that handler).
   */
  const callApi = async (request: Request, env: unknown, path: string, handler = api): Promise<Response> => {
    const id = requestIdOf(request);
    const started = performance.now();
    let answer: Response;
    try {
      answer = await handler.fetch(request, env);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      console.error(error);
      answer = new Response('Internal Server Error', {
        status: 500,
        headers: { 'Content-Type': 'text/plain; charset=UTF-8', 'X-Request-Id': id },
      });
    }
    log.info({ id, method: request.method, path, status: answer.status, ms: Math.round(performance.now() - started) });
    if (!isComplete(answer)) for (const [name, value] of SECURITY_HEADER_LIST) answer.headers.set(name, value);
    return answer;
  };
  const apiPrefix = `${API_BASE}/`;
  const restPrefix = `${REST_BASE}/`;
  const { fetch } = web;
  // The paths `${API_BASE}/*` matches, as the router reads them (web.getPath decodes them); a
  // HEAD goes through the app, which answers it as a GET without the body.
  web.fetch = (request, env, executionContext) => {
    if (request.method === 'HEAD') return fetch(request, env, executionContext);
    const path = web.getPath(request);
    if (path === API_BASE || path.startsWith(apiPrefix)) return callApi(request, env, path);
    if (rest && path.startsWith(restPrefix)) return callApi(request, env, path, rest);
    return fetch(request, env, executionContext);
  };
  return web;
}
