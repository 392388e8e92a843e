// What the published document says is wrong with a request, judged on the bytes as sent: query
// values read strictly by their declared type, the body's media type, its encoding (UTF-8, no lone
// surrogates), its JSON syntax and its schema. A request with any problem must be refused.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { JsonSchema, Operation } from './document';
import { declaredTypes } from './schema-values';
import type { FuzzRequest } from './wire';

/** Decimal steps (0.01) judged on their decimal writing, as the server's own validation does. */
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false, multipleOfPrecision: 9, validateFormats: true }));
ajv.addFormat('binary', true);

const compiled = new WeakMap<JsonSchema, ReturnType<typeof ajv.compile>>();
function validatorFor(schema: JsonSchema) {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

const summary = (error: { keyword: string }) => (['oneOf', 'anyOf', 'if', 'not'].includes(error.keyword) ? 1 : 0);

export function schemaProblems(schema: JsonSchema, value: unknown, where: string): string[] {
  const validate = validatorFor(schema);
  if (validate(value)) return [];
  // Under oneOf/anyOf every branch reports; the deepest errors say most, the summaries least.
  const errors = [...(validate.errors ?? [])].sort((a, b) => summary(a) - summary(b) || b.instancePath.length - a.instancePath.length);
  return errors.slice(0, 3).map((e) => `${where}${e.instancePath} ${e.message}`);
}

const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Percent-decodes strictly: undefined when an escape is broken or the bytes are not UTF-8. */
export function decodeComponent(raw: string): string | undefined {
  if (/%(?![0-9a-fA-F]{2})/.test(raw)) return undefined;
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '%') {
      bytes.push(parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (raw[i] === '+') bytes.push(0x20);
    else bytes.push(...new TextEncoder().encode(raw[i]));
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/** A query value read as its declared type would be (a number before a string), or a problem. */
function readQueryValue(schema: JsonSchema, text: string): { value: unknown } | { problem: string } {
  const declared = declaredTypes(schema);
  if (declared.includes('integer') && INTEGER.test(text) && Number.isSafeInteger(Number(text))) return { value: Number(text) };
  if (declared.includes('number') && NUMBER.test(text) && Number.isFinite(Number(text))) return { value: Number(text) };
  if (declared.includes('boolean') && (text === 'true' || text === 'false')) return { value: text === 'true' };
  if (declared.includes('string') || declared.length === 0) return { value: text };
  return { problem: `${JSON.stringify(text.slice(0, 40))} is not written as ${declared.join(' or ')}` };
}

function queryProblems(operation: Operation, query: string): string[] {
  const problems: string[] = [];
  const given = new Map<string, string>();
  for (const part of query.split('&').filter(Boolean)) {
    const [rawName, ...rest] = part.split('=');
    const name = decodeComponent(rawName);
    const value = decodeComponent(rest.join('='));
    if (name === undefined || value === undefined) {
      problems.push(`query ${JSON.stringify(part.slice(0, 40))} is not UTF-8 percent-encoded text`);
      continue;
    }
    if (!given.has(name)) given.set(name, value);
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const given_ = given.get(parameter.name);
    const text = given_ === '' && parameter.allowEmptyValue ? undefined : given_;
    if (text === undefined) {
      if (parameter.required) problems.push(`query ${parameter.name} is required`);
      continue;
    }
    const read = readQueryValue(parameter.schema, text);
    if ('problem' in read) problems.push(`query ${parameter.name}: ${read.problem}`);
    else problems.push(...schemaProblems(parameter.schema, read.value, `query ${parameter.name}`));
  }
  return problems;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Unpaired UTF-16 surrogates anywhere in a parsed JSON value, keys included (iterative: bodies nest deep). */
function hasLoneSurrogate(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return true;
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) pending.push(key, item);
    }
  }
  return false;
}

/**
 * The API's convention for empty values: in an object, null and "" mean "not given", at any depth,
 * and a group left with nothing given is not given either. The schemas describe given values only.
 */
export function notGiven(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 64) return value;
  const entries: [string, unknown][] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === '') continue;
    const inner = notGiven(item, depth + 1);
    if (inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(inner).length === 0) continue;
    entries.push([key, inner]);
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of entries) Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
  return out;
}

function bodyProblems(operation: Operation, request: FuzzRequest): string[] {
  const body = operation.body;
  if (!body) return [];
  const empty = !request.body || request.body.length === 0;
  if (empty) return body.required ? ['the body is required'] : [];
  const [mediaType, ...parameters] = (request.contentType ?? '').split(';').map((s) => s.trim().toLowerCase());
  const schema = body.content[mediaType];
  if (!mediaType) return ['no Content-Type'];
  if (!schema) return [`Content-Type ${mediaType} is not one the operation takes (${Object.keys(body.content).join(', ')})`];
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length);
  if (charset && charset !== 'utf-8' && charset !== 'utf8') return [`charset ${charset} is not UTF-8`];
  if (mediaType !== 'application/json') return [];
  let text: string;
  try {
    text = strictUtf8.decode(request.body);
  } catch {
    return ['the body is not valid UTF-8'];
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [`the body is not JSON (${(error as Error).message.slice(0, 60)})`];
  }
  // Valid UTF-8 cannot hold a surrogate: only a \uD800-\uDFFF escape in the JSON text can put one in.
  if (/\\u[dD][89a-fA-F]/.test(text) && hasLoneSurrogate(value)) return ['the body holds a lone UTF-16 surrogate, which no UTF-8 text can'];
  return schemaProblems(schema, notGiven(value), 'body');
}

/** Everything the document says is wrong with this request (empty: the document accepts it). */
export function documentProblems(operation: Operation, request: FuzzRequest): string[] {
  const size = request.body?.length ?? 0;
  if (operation.bodyMaxBytes !== undefined && size > operation.bodyMaxBytes)
    return [`the body (${size} bytes) is over the limit of ${operation.bodyMaxBytes}`];
  return [...queryProblems(operation, request.query), ...bodyProblems(operation, request)];
}
