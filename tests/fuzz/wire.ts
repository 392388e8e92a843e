// One request as the suite sends it (raw query text and raw body bytes, so that it can carry
// what a well-behaved client never would), the answer as it came back, and short previews of both.
import type { Operation } from './document';

export interface FuzzRequest {
  /** The mutation family that made it ('valid' for none). */
  family: string;
  /** What was done to a valid request, in words. */
  note: string;
  /** The operation's path with its path parameters filled in. */
  path: string;
  /** Query text without '?', percent-encoded as sent (it may hold broken escapes on purpose). */
  query: string;
  contentType?: string;
  body?: Uint8Array;
}

/** Where the caller's session token goes. */
export type TokenPlacement = { in: 'header' | 'query'; value: string } | undefined;

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** The parsed JSON, or undefined when the answer is not JSON. */
  json: unknown;
  ms: number;
}

export const utf8 = (text: string) => new TextEncoder().encode(text);

export async function send(base: string, operation: Operation, request: FuzzRequest, token: TokenPlacement): Promise<Answer> {
  const query = [request.query, token?.in === 'query' ? `token=${encodeURIComponent(token.value)}` : ''].filter(Boolean).join('&');
  // A connection per request: a kept-alive one can be closed by the server while the suite's
  // event loop is busy generating, and a request sent on it then gets no answer through no fault of the server's.
  const headers: Record<string, string> = { Connection: 'close' };
  if (request.contentType !== undefined) headers['Content-Type'] = request.contentType;
  if (token?.in === 'header') headers['X-Token'] = token.value;
  const started = performance.now();
  const response = await fetch(`${base}${request.path}${query ? `?${query}` : ''}`, {
    method: operation.method,
    headers,
    body: request.body as BodyInit | undefined,
    redirect: 'manual',
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json, ms };
}

/** At most `max` characters of a text, saying how long it was when cut. */
export function clip(text: string, max = 240): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length.toLocaleString('en')} characters)`;
}

/** A request in one readable paragraph: method, path and query, headers, body. */
export function describeRequest(operation: Operation, request: FuzzRequest, token: TokenPlacement): string {
  const body = request.body ? new TextDecoder('utf-8', { fatal: false }).decode(request.body) : undefined;
  const tokenText = token ? (token.in === 'header' ? `X-Token: ${clip(token.value, 24)}` : 'token in the query') : 'no token';
  return [
    `${operation.method} ${request.path}${request.query ? `?${clip(request.query)}` : ''}`,
    `  [${request.family}] ${request.note}`,
    `  ${tokenText}; Content-Type: ${request.contentType ?? '(none)'}`,
    ...(body !== undefined
      ? [
          `  body (${request.body!.length.toLocaleString('en')} bytes): ${JSON.stringify(body.slice(0, 240)).slice(1, -1).slice(0, 300)}${body.length > 240 ? '…' : ''}`,
        ]
      : []),
  ].join('\n');
}

export function describeAnswer(answer: Answer): string {
  return `HTTP ${answer.status} ${answer.contentType} in ${answer.ms.toFixed(0)} ms: ${clip(answer.text)}`;
}
