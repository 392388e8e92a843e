// What must hold of every answer, whatever was asked: no server failure; an answer the document
// describes; exactly the access x-access grants; a request the document calls invalid refused;
// nothing changed by a refusal or a read; messages that echo at most 100 characters of the input.
import { type ApiDocument, type Operation, grants } from './document';
import { type Caller, signsIn } from './callers';
import { type Snapshot, changes } from './database';
import { schemaProblems } from './verdict';
import type { Answer, FuzzRequest, TokenPlacement } from './wire';

export const OK = 20000;
export const FORBIDDEN = 40003;
/** The codes that say a token is no (longer a) session. */
export const TOKEN_CODES = [50008, 50014];
const ECHO_LIMIT = 100;
/**
 * A quoted value is written between quotes the raw request may hold too (`"position":"ééé`), so
 * a window this much longer than the limit is what proves an echo past it.
 */
const QUOTES = 2;

export interface Exchange {
  document: ApiDocument;
  operation: Operation;
  caller: Caller;
  request: FuzzRequest;
  token: TokenPlacement;
  /** What the document says is wrong with the request (empty when it accepts it). */
  problems: string[];
  answer: Answer;
  before: Snapshot;
  after: Snapshot;
}

interface Envelope {
  code?: unknown;
  message?: unknown;
  msg?: unknown;
  data?: unknown;
  errors?: { message?: unknown }[];
}

function answerProblems({ operation, document, answer }: Exchange): string[] {
  if (answer.status >= 500) return [`HTTP ${answer.status}: a server failure`];
  const declared = operation.responses[String(answer.status)] ?? operation.responses.default;
  if (!declared) return [`HTTP ${answer.status}, which the document does not describe for this operation`];
  const mediaType = answer.contentType.split(';')[0].trim().toLowerCase();
  const isJson = mediaType === 'application/json';
  // No media type declared: the document leaves the body open (a file), and says nothing to check.
  if (declared.types.length === 0 && !isJson) return [];
  const out: string[] = [];
  if (
    declared.types.length > 0 &&
    !declared.types.some((type) => type === mediaType || type === '*/*' || (type.endsWith('/*') && mediaType.startsWith(type.slice(0, -1))))
  ) {
    out.push(
      `answer Content-Type ${JSON.stringify(answer.contentType)}, which the document does not declare (${declared.types.join(', ')})`,
    );
  }
  if (answer.json === undefined) return isJson ? [...out, 'the answer says JSON but is not'] : out;
  // The envelope rules hold where the document describes an envelope.
  if (!declared.json) return out;
  out.push(...schemaProblems(declared.json, answer.json, 'answer'));
  const envelope = answer.json as Envelope;
  if (typeof envelope.code === 'number' && document.codes.size > 0 && !document.codes.has(envelope.code))
    out.push(`code ${envelope.code} is not among the codes the document names`);
  if (
    envelope.code !== OK &&
    !(typeof envelope.message === 'string' && envelope.message) &&
    !(typeof envelope.msg === 'string' && envelope.msg)
  )
    out.push('a refusal without a message');
  return out;
}

function accessProblems({ operation, caller, token, answer, problems }: Exchange): string[] {
  const envelope = (answer.json ?? {}) as Envelope;
  const code = envelope.code as number;
  const assumed = operation.accessDeclared ? '' : ' (x-access absent: assumed)';
  const access = JSON.stringify(operation.access);
  if (operation.access === 'public') {
    return code === FORBIDDEN || TOKEN_CODES.includes(code) ? [`code ${code} for a public operation${assumed}`] : [];
  }
  const signedIn = signsIn(token, caller, operation);
  const refusedWithData = envelope.data !== undefined ? ['a refusal for access that carries data'] : [];
  // A request the document calls invalid may be refused for that first (a body too large is best
  // refused before it is read), as long as nothing is granted and no data goes out.
  const otherRefusal = problems.length > 0 && code !== OK ? refusedWithData : undefined;
  if (!signedIn) {
    const where = token ? `a token ${token.in === 'query' ? 'in the query' : 'in the header'} that signs nobody in here` : 'no token';
    return TOKEN_CODES.includes(code)
      ? refusedWithData
      : (otherRefusal ?? [`code ${code} with ${where}; expected ${TOKEN_CODES.join(' or ')}`]);
  }
  const allowed = grants(operation.access, caller.roles);
  if (allowed)
    return code === FORBIDDEN || TOKEN_CODES.includes(code)
      ? [`code ${code} for ${caller.name}, whom x-access ${access} grants${assumed}`]
      : [];
  const denied = `code ${code} for ${caller.name} (roles ${JSON.stringify(caller.roles)}), whom x-access ${access} does not grant; expected ${FORBIDDEN}${assumed}`;
  return code === FORBIDDEN ? refusedWithData : (otherRefusal ?? [denied]);
}

/** Every string of a JSON value, keys included, or the text itself. */
function stringsIn(request: FuzzRequest): string[] {
  const out = [decodeURIComponentLoose(request.query)];
  if (request.body) out.push(new TextDecoder().decode(request.body));
  return out.filter((s) => s.length > ECHO_LIMIT);
}

function decodeURIComponentLoose(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A message that repeats more than ECHO_LIMIT consecutive characters of what the client sent. */
function echoProblems({ request, answer }: Exchange): string[] {
  const envelope = (answer.json ?? {}) as Envelope;
  const messages = [
    envelope.message,
    envelope.msg,
    ...(Array.isArray(envelope.errors) ? envelope.errors.map((e) => e?.message) : []),
  ].filter((m): m is string => typeof m === 'string' && m.length > ECHO_LIMIT);
  if (messages.length === 0) return [];
  const inputs = stringsIn(request);
  for (const message of messages) {
    // Every window of a short message; in a long one, every 50th (an echo of 150 characters or more cannot hide between them).
    const step = message.length > 2_000 ? 50 : 1;
    for (let start = 0, tried = 0; start + ECHO_LIMIT + QUOTES < message.length && tried < 2_000; start += step, tried++) {
      const window = message.slice(start, start + ECHO_LIMIT + QUOTES + 1);
      if (inputs.some((input) => input.includes(window)))
        return [
          `a message echoes more than ${ECHO_LIMIT} characters of the input (${message.length.toLocaleString('en')} characters long)`,
        ];
    }
  }
  return [];
}

function effectProblems({ operation, problems, answer, before, after }: Exchange): string[] {
  const code = (answer.json as Envelope | undefined)?.code;
  const out: string[] = [];
  if (problems.length > 0 && code === OK) out.push(`accepted a request the document calls invalid: ${problems.slice(0, 3).join('; ')}`);
  const mayWrite = (operation.method !== 'GET' || operation.writes) && code === OK;
  const changed = changes(before, after);
  if (!mayWrite && changed.length > 0)
    out.push(`${code === OK ? 'a read' : `a refusal (${String(code)})`} changed the database: ${changed.join(', ')}`);
  return out;
}

/** Everything wrong with one exchange, in words (empty: all is well). */
export function violations(exchange: Exchange): string[] {
  const answer = answerProblems(exchange);
  if (exchange.answer.status >= 500 || exchange.answer.json === undefined) return [...answer, ...effectProblems(exchange)];
  return [...answer, ...accessProblems(exchange), ...effectProblems(exchange), ...echoProblems(exchange)];
}
