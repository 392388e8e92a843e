// Reading what a caller sent, strictly and within limits: a JSON body must be declared as
// application/json, be valid UTF-8, parse, be an object, and stay within the nesting, array
// and text rules; a query string must be valid UTF-8. Each refusal names what is wrong.
import { MAX_ARRAY_ITEMS, MAX_JSON_DEPTH, echo } from '../../kernel/contract/limits';
import { Code } from '../../kernel/contract/codes';
import { type AppContext, fail } from '../context';

export type JsonRead = { body: Record<string, unknown> } | { problem: string; field?: string };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
// A UTF-16 surrogate without its partner: valid JSON (`"\ud800"`), but not text.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `application/json`, with no charset or with UTF-8, the only one JSON may be sent in. */
export function isJsonContentType(header: string | undefined): boolean {
  const [type, ...params] = (header ?? '').split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-?8"?$/.test(param));
}

/** The first place a parsed body breaks the depth, array or text rules, as a dotted path and a message key. */
export function inspectJson(value: unknown, path = '', depth = 0): { field: string; key: string } | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? { field: path, key: 'server.bad_text' } : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_JSON_DEPTH) return { field: path, key: 'server.too_deep' };
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS) return { field: path, key: 'server.too_many_items' };
    for (let i = 0; i < value.length; i++) {
      const found = inspectJson(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (LONE_SURROGATE.test(key)) return { field: at, key: 'server.bad_text' };
    const found = inspectJson(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The body as a JSON object, or a translated reason why not. */
export async function readJson(c: AppContext): Promise<JsonRead> {
  const t = c.get('t');
  if (!isJsonContentType(c.req.header('Content-Type'))) return { problem: t('server.json_content_type') };
  let text: string;
  try {
    text = strictUtf8.decode(await c.req.arrayBuffer());
  } catch {
    return { problem: t('server.bad_utf8') };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { problem: t('server.bad_json') };
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { problem: t('server.bad_json') };
  const broken = inspectJson(body);
  if (broken) {
    const field = echo(broken.field);
    return { problem: t(broken.key, { field, depth: MAX_JSON_DEPTH, max: MAX_ARRAY_ITEMS }), field };
  }
  return { body: body as Record<string, unknown> };
}

/** The first query parameter that is not valid UTF-8 once decoded, if any. */
export function badQueryParam(url: string): string | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1).split('#')[0] : '';
  for (const part of query.split('&')) {
    if (!part.includes('%')) continue;
    const [name, value = ''] = part.split('=');
    try {
      decodeURIComponent(name.replace(/\+/g, ' '));
      decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      let readable = name;
      try {
        readable = decodeURIComponent(name);
      } catch {
        // the name itself is broken: quote it as sent
      }
      return echo(readable);
    }
  }
  return undefined;
}

/** The 40001 answer for a body readJson refused, naming the field when there is one. */
export function refuseBody(c: AppContext, read: { problem: string; field?: string }) {
  return fail(
    c,
    Code.invalidInput,
    read.problem,
    read.field !== undefined ? { errors: [{ field: read.field, message: read.problem }] } : {},
  );
}

/**
 * The caller's address. X-Forwarded-For is written by whoever sends the request, and each proxy
 * appends the address it saw: only the entries the trusted proxies appended can be believed.
 * Behind `hops` proxies the caller is the `hops`-th entry from the right (the left-most when there
 * are fewer); with none trusted, the connection's own address.
 */
export function callerAddress(forwardedFor: string | undefined, remote: string, hops: number): string {
  if (hops === 0) return remote;
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return remote;
  return entries[Math.max(0, entries.length - hops)];
}

/** TRUST_PROXY: how many proxies stand in front of the server (0 or unset: none). */
export function trustedHops(setting: string | undefined): number {
  if (setting === undefined || setting === '') return 0;
  if (!/^\d{1,2}$/.test(setting))
    throw new Error(`TRUST_PROXY must be the number of proxies in front of the server, 0 to 99 (it is "${setting}")`);
  return Number(setting);
}
