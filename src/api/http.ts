// The shared client of every call: base /dev-api, 5000 ms timeout, X-Token when signed in,
// `{code: 20000, data}` envelopes. Anything else rejects with a message a person can read, and
// with what happened: a refusal carries the server's code; no answer at all carries code 0 and why.
import { HttpError } from 'react-admin';
import { pageIsLeaving, passwordChangeDue, sessionEnded } from './events';
import { getToken } from './token';

import { API_BASE, Code, SESSION_CODES } from '../../kernel/contract/codes';

export { API_BASE, SESSION_CODES };
export const REQUEST_TIMEOUT_MS = 5000;
export const SUCCESS_CODE = Code.ok;

export interface Envelope<T = unknown> {
  code: number;
  data?: T;
  msg?: string;
  message?: string;
  errors?: { field: string; message: string }[];
  /** What exactly a refusal found at fault, for a screen to point at (a file's line and column). */
  refusal?: unknown;
  /** The other records a write changed (a parent's totals, an instrument's hours), for the screen to read again. */
  changed?: { resource: string; id: number }[];
}

type Translate = (key: string, options?: Record<string, unknown>) => string;
let translate: Translate = (key) => key;
let language = 'en';

/** The console hands its translator and language to the HTTP layer once i18n is ready. */
export function configureHttp(options: { translate: Translate; language: string }) {
  translate = options.translate;
  language = options.language;
}

/**
 * Why a call got no answer: the network or the server could not be reached ('network', also an
 * answer that is not an envelope, such as a proxy's 502 page), the 5 seconds ran out ('timeout'),
 * or the browser cut the call off because the page is being unloaded ('aborted').
 */
export type NoAnswer = 'network' | 'timeout' | 'aborted';

/** A refusal from the server, carrying its code and the fields it names; or no answer (code 0 and `kind`). */
export class ApiError extends HttpError {
  constructor(
    message: string,
    readonly code: number,
    errors?: Record<string, string>,
    /** Set only when the server did not answer (code 0). */
    readonly kind?: NoAnswer,
    /** What a refusal's envelope carries beside its message (the other well an instrument is on). */
    readonly data?: unknown,
    /** The envelope's `refusal`: what exactly was found at fault (an imported file's line and column). */
    readonly refusal?: unknown,
    /** False when the refusal came without words of the server's own: the message is then a default. */
    readonly explained = true,
  ) {
    super(message, 200, errors ? { errors } : undefined);
    // HttpError sets its own prototype; restore ours so `instanceof ApiError` holds.
    Object.setPrototypeOf(this, ApiError.prototype);
    this.name = 'ApiError';
  }
}

export function decodeEnvelope<T>(envelope: Envelope<T>): { data: T; msg?: string; changed?: Envelope['changed'] } {
  if (envelope.code === SUCCESS_CODE)
    return envelope.changed
      ? { data: envelope.data as T, msg: envelope.msg, changed: envelope.changed }
      : { data: envelope.data as T, msg: envelope.msg };
  if (SESSION_CODES.includes(envelope.code)) sessionEnded.emit();
  if (envelope.code === Code.passwordChangeDue) passwordChangeDue.emit();
  const errors = envelope.errors?.length ? Object.fromEntries(envelope.errors.map((e) => [e.field, e.message])) : undefined;
  const said = envelope.message || envelope.msg;
  throw new ApiError(said || translate('app.http.error'), envelope.code, errors, undefined, envelope.data, envelope.refusal, Boolean(said));
}

function noAnswer(error: unknown): NoAnswer {
  if (pageIsLeaving()) return 'aborted';
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  if (error instanceof DOMException && error.name === 'AbortError') return 'aborted';
  return 'network';
}

/** The error of a call that got no envelope; `detail` goes into the network message. */
function unanswered(error: unknown, detail: string): ApiError {
  const kind = noAnswer(error);
  const message =
    kind === 'timeout'
      ? translate('app.http.timeout', { seconds: REQUEST_TIMEOUT_MS / 1000 })
      : translate('app.http.network', { message: detail });
  return new ApiError(message, 0, undefined, kind);
}

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

function urlOf(path: string, query: RequestOptions['query']): URL {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

function send(url: URL, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': language };
  const token = getToken();
  if (token) headers['X-Token'] = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** Answers asked for ahead of their call, by URL; each serves the first GET of its URL under the same session, once. */
const early = new Map<string, { response: Promise<Response>; token?: string }>();
/** An early answer not asked for by then was a wrong guess: dropped. */
const EARLY_LIFETIME_MS = 10_000;

/**
 * Sends a GET now whose answer a screen about to mount will ask for (the first list's page after
 * sign-in, while the console's code loads), so that the screen's call finds it on its way.
 */
export function requestEarly(path: string, query?: RequestOptions['query']) {
  const url = urlOf(path, query).href;
  const response = send(new URL(url), { query });
  response.catch(() => undefined); // a failure reaches the call that takes this answer, as its own
  const entry = { response, token: getToken() };
  early.set(url, entry);
  setTimeout(() => early.get(url) === entry && early.delete(url), EARLY_LIFETIME_MS);
}

export async function request<T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; msg?: string; changed?: Envelope['changed'] }> {
  const url = urlOf(path, options.query);
  const ahead = (options.method ?? 'GET') === 'GET' ? early.get(url.href) : undefined;
  if (ahead) early.delete(url.href);

  let response: Response;
  try {
    response = await (ahead && ahead.token === getToken() ? ahead.response : send(url, options));
  } catch (error) {
    throw unanswered(error, (error as Error).message);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch (error) {
    // Not an envelope (a proxy's error page), or a body cut off by the timeout or an unload.
    throw unanswered(error, `HTTP ${response.status}`);
  }
  return decodeEnvelope(envelope);
}
