// Query strings from an operation's declared parameters: valid ones, and each mutation family's
// way of breaking them (the value text, the encoding, missing or unknown parameters). Queries stay
// under about 12 kB, and with the longest token the request head stays under Node's 16 kB: Node itself
// refuses longer request heads (HTTP 431) before the app sees them.
import fc from 'fast-check';
import type { Operation, Parameter } from './document';
import { queryTokenParameter } from './document';
import { BAD_QUERY_ESCAPES, NASTY_STRINGS, NUMBER_TEXTS, outOfRange } from './samples';
import { branchOf, typesOf, valuesOf } from './schema-values';

type Pairs = [string, string][];

/** The query parameters the suite generates (the session token goes with the caller instead). */
export const queryParameters = (operation: Operation): Parameter[] =>
  operation.parameters.filter((p) => p.in === 'query' && p.name !== queryTokenParameter(operation));

const written = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const pairsOf = new WeakMap<Operation, fc.Arbitrary<Pairs>>();

/** Values for every required parameter and for some optional ones. */
export function validPairs(operation: Operation): fc.Arbitrary<Pairs> {
  let pairs = pairsOf.get(operation);
  if (!pairs) {
    pairs = buildPairs(operation);
    pairsOf.set(operation, pairs);
  }
  return pairs;
}

function buildPairs(operation: Operation): fc.Arbitrary<Pairs> {
  const parameters = queryParameters(operation);
  const model = Object.fromEntries(parameters.map((p) => [p.name, valuesOf(p.schema).map(written)]));
  return fc
    .record(model, { requiredKeys: parameters.filter((p) => p.required).map((p) => p.name) })
    .map((values) => Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export const encode = (pairs: Pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

/** A mutated query: the encoded text and what was done. */
export interface QueryMutation {
  query: string;
  note: string;
}

/** Sets one parameter to a text, encoded (or raw when `raw`), keeping the other values. */
function replaced(pairs: Pairs, name: string, text: string, raw = false): string {
  const others = encode(pairs.filter(([k]) => k !== name));
  const value = raw ? `${encodeURIComponent(name)}=${text}` : encode([[name, text]]);
  return [others, value].filter(Boolean).join('&');
}

/** One parameter (of those matching `which`) set to a text drawn from `texts`. */
function oneParameter(
  operation: Operation,
  which: (p: Parameter) => boolean,
  texts: (p: Parameter) => fc.Arbitrary<string>,
  label: string,
  raw = false,
) {
  const candidates = queryParameters(operation).filter(which);
  if (candidates.length === 0) return undefined;
  return fc.tuple(validPairs(operation), fc.constantFrom(...candidates)).chain(([pairs, parameter]) =>
    texts(parameter).map((text): QueryMutation => ({
      query: replaced(pairs, parameter.name, text, raw),
      note: `${label}: ${parameter.name} = ${JSON.stringify(text.slice(0, 60))}`,
    })),
  );
}

const numeric = (p: Parameter) => typesOf(p.schema).includes('number');

export const queryMutations: Record<string, (operation: Operation) => fc.Arbitrary<QueryMutation> | undefined> = {
  types: (operation) =>
    oneParameter(
      operation,
      (p) => !typesOf(p.schema).includes('string') || Array.isArray(p.schema.enum),
      () => fc.constantFrom('abc', 'true', '[]', '{}', 'null', '1,2', 'undefined', '+unknown', '-'),
      'wrong type',
    ),
  numbers: (operation) =>
    oneParameter(
      operation,
      numeric,
      (p) => fc.constantFrom(...NUMBER_TEXTS, ...outOfRange(branchOf(p.schema, 'number')).map(String)),
      'number text',
    ),
  strings: (operation) =>
    oneParameter(
      operation,
      () => true,
      () =>
        fc.oneof(
          fc.constantFrom(...NASTY_STRINGS),
          fc.constantFrom('x'.repeat(8_000), 'é'.repeat(1_000)),
          fc.string({ unit: 'binary', maxLength: 200 }),
        ),
      'string',
    ),
  empties: (operation) =>
    oneParameter(
      operation,
      () => true,
      () => fc.constantFrom('', 'null', 'undefined', ' '),
      'empty',
    ),
  encoding: (operation) => {
    const junk = fc.constantFrom(...BAD_QUERY_ESCAPES);
    const declared = oneParameter(
      operation,
      () => true,
      () => junk.map((escape) => `1${escape}`),
      'not UTF-8',
      true,
    );
    const anywhere = fc.tuple(validPairs(operation), junk).map(([pairs, escape]): QueryMutation => ({
      query: [encode(pairs), `x${escape}=${escape}`].filter(Boolean).join('&'),
      note: `not UTF-8: unknown parameter x${escape}`,
    }));
    return declared ? fc.oneof(declared, anywhere) : anywhere;
  },
  unknown: (operation) =>
    fc
      .tuple(
        validPairs(operation),
        fc.array(
          fc.tuple(
            fc.constantFrom('zzz', 'token2', '__proto__', 'constructor', 'page[]', 'sort', 'limit', 'id', 'q'),
            fc.constantFrom('1', 'abc', '', '-1', '0x10'),
          ),
          { minLength: 1, maxLength: 3 },
        ),
      )
      .map(([pairs, extra]): QueryMutation => ({
        query: encode([...pairs, ...extra]),
        note: `extra or repeated parameters: ${encode(extra)}`,
      })),
  structure: (operation) =>
    fc
      .tuple(validPairs(operation), fc.constantFrom(300, 600), fc.constantFrom(...queryParameters(operation).map((p) => p.name), 'zzz'))
      .map(([pairs, count, name]): QueryMutation => ({
        query: [encode(pairs), encode(Array.from({ length: count }, (_, i) => [name, String(i + 1)]))].filter(Boolean).join('&'),
        note: `${count} repetitions of ${name}`,
      })),
  required: (operation) => {
    const required = queryParameters(operation).filter((p) => p.required);
    if (required.length === 0) return undefined;
    return fc.tuple(validPairs(operation), fc.constantFrom(...required)).map(([pairs, parameter]): QueryMutation => ({
      query: encode(pairs.filter(([k]) => k !== parameter.name)),
      note: `without the required ${parameter.name}`,
    }));
  },
};

/** The operation's path with each `{name}` filled in with a value of its schema. */
export function concretePaths(operation: Operation): fc.Arbitrary<string> {
  const parameters = operation.parameters.filter((p) => p.in === 'path');
  if (parameters.length === 0) return fc.constant(operation.path);
  return fc
    .tuple(...parameters.map((p) => valuesOf(p.schema).map(written)))
    .map((values) => parameters.reduce((path, p, i) => path.replace(`{${p.name}}`, encodeURIComponent(values[i])), operation.path));
}
