// JSON request bodies from an operation's body schema: valid ones, and each mutation family's way
// of breaking them. Mutations that no JavaScript value can express (hex numbers, deep nesting,
// bytes that are not UTF-8) are spliced into the JSON text in place of a marker string.
import fc from 'fast-check';
import type { JsonSchema } from './document';
import {
  BAD_UTF8,
  JSON_NUMBER_TEXTS,
  JSON_SPELLINGS,
  LONE_SURROGATE_ESCAPES,
  NASTY_STRINGS,
  UNKNOWN_NAMES,
  WRONG_CONTENT_TYPES,
  hugeStrings,
  outOfRange,
} from './samples';
import { type FieldPath, branchOf, fieldPaths, typesOf, valuesOf } from './schema-values';
import { utf8 } from './wire';

/** A body as bytes with its content type and what was done to it. */
export interface BodyMutation {
  body: Uint8Array;
  contentType: string | undefined;
  note: string;
}

const MARKER = '\u0001fuzz-marker\u0001';
const JSON_TYPE = 'application/json';

type Json = Record<string, unknown>;

/** A copy of `value` with `path` set (intermediate groups created); the root itself when the path is empty. */
function setAt(value: unknown, path: string[], item: unknown): unknown {
  if (path.length === 0) return item;
  const base: Json = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Json) } : {};
  const [head, ...rest] = path;
  // defineProperty keeps "__proto__" an ordinary field, as JSON.parse makes it on the server.
  Object.defineProperty(base, head, { value: setAt(base[head], rest, item), enumerable: true, writable: true, configurable: true });
  return base;
}

function deleteAt(value: unknown, path: string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const [head, ...rest] = path;
  const copy = { ...(value as Json) };
  if (rest.length === 0) delete copy[head];
  else copy[head] = deleteAt(copy[head], rest);
  return copy;
}

const pathText = (path: string[]) => (path.length ? path.join('.') : 'the whole body');
const bodyOf = (value: unknown, note: string, contentType: string | undefined = JSON_TYPE): BodyMutation => ({
  body: utf8(JSON.stringify(value)),
  contentType,
  note,
});

/** The JSON text of `value` with `path` replaced by raw bytes (a number text, deep nesting, broken UTF-8). */
function spliced(value: unknown, path: string[], raw: Uint8Array | string, note: string): BodyMutation {
  const text = JSON.stringify(setAt(value, path, MARKER));
  const at = text.indexOf(JSON.stringify(MARKER));
  const before = utf8(text.slice(0, at));
  const after = utf8(text.slice(at + JSON.stringify(MARKER).length));
  const middle = typeof raw === 'string' ? utf8(raw) : raw;
  const body = new Uint8Array(before.length + middle.length + after.length);
  body.set(before);
  body.set(middle, before.length);
  body.set(after, before.length + middle.length);
  return { body, contentType: JSON_TYPE, note };
}

/** Pieces a body mutation works with: the valid bodies and the fields of the schema. */
interface Shape {
  valid: fc.Arbitrary<unknown>;
  fields: FieldPath[];
  schema: JsonSchema;
}

/** A valid body and one field of those matching `which` (the whole body when none match and `orWhole`). */
function withField(shape: Shape, which: (field: FieldPath) => boolean, orWhole = true): fc.Arbitrary<[unknown, FieldPath]> | undefined {
  const fields = shape.fields.filter(which);
  const choices = fields.length > 0 ? fields : orWhole ? [{ path: [], schema: shape.schema }] : [];
  if (choices.length === 0) return undefined;
  return fc.tuple(shape.valid, fc.constantFrom(...choices));
}

const isType = (type: string) => (field: FieldPath) => typesOf(field.schema).includes(type);

/** Values of each JSON type, to put where the schema wants another. */
const OF_EACH_TYPE: [string, unknown][] = [
  ['boolean', true],
  ['number', 12],
  ['number', -3.5],
  ['string', 'text'],
  ['array', [1, 'a']],
  ['object', { a: 1 }],
];

const mutations: Record<string, (shape: Shape) => fc.Arbitrary<BodyMutation> | undefined> = {
  valid: (shape) => shape.valid.map((value) => bodyOf(value, 'as the schema describes it')),

  types: (shape) =>
    withField(shape, () => true)!.chain(([value, field]) => {
      const wrong = OF_EACH_TYPE.filter(([type]) => !typesOf(field.schema).includes(type)).map(([, v]) => v);
      return fc
        .constantFrom(...wrong)
        .map((item) => bodyOf(setAt(value, field.path, item), `wrong type: ${pathText(field.path)} = ${JSON.stringify(item)}`));
    }),

  numbers: (shape) =>
    withField(shape, isType('number'))!.chain(([value, field]) =>
      fc.oneof(
        fc
          .constantFrom(...outOfRange(branchOf(field.schema, 'number')))
          .map((n) => bodyOf(setAt(value, field.path, n), `out of range: ${pathText(field.path)} = ${n}`)),
        fc
          .constantFrom(...JSON_NUMBER_TEXTS)
          .map((raw) => spliced(value, field.path, raw, `number text: ${pathText(field.path)} = ${raw}`)),
      ),
    ),

  strings: (shape) =>
    withField(shape, isType('string'))!.chain(([value, field]) =>
      fc.oneof(
        hugeStrings(branchOf(field.schema, 'string')).map((s) =>
          bodyOf(
            setAt(value, field.path, s),
            `huge string: ${pathText(field.path)} = ${[...s.slice(0, 2)][0]} × ${(s.length / [...s.slice(0, 2)][0].length).toLocaleString('en')}`,
          ),
        ),
        fc
          .constantFrom(...NASTY_STRINGS)
          .map((s) => bodyOf(setAt(value, field.path, s), `string: ${pathText(field.path)} = ${JSON.stringify(s)}`)),
      ),
    ),

  unknown: (shape) => {
    const groups = [[], ...shape.fields.filter(isType('object')).map((f) => f.path)];
    return fc
      .tuple(
        shape.valid,
        fc.constantFrom(...groups),
        fc.oneof(fc.constantFrom(...UNKNOWN_NAMES), fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,12}$/)),
        fc.jsonValue({ maxDepth: 2 }),
      )
      .map(([value, group, name, item]) =>
        bodyOf(setAt(value, [...group, name], item), `unknown field ${pathText([...group, name])} = ${JSON.stringify(item)?.slice(0, 60)}`),
      );
  },

  empties: (shape) =>
    fc.oneof(
      withField(shape, () => true)!.chain(([value, field]) =>
        fc
          .constantFrom<unknown>(null, '', {}, [])
          .map((item) => bodyOf(setAt(value, field.path, item), `empty: ${pathText(field.path)} = ${JSON.stringify(item)}`)),
      ),
      fc
        .constantFrom('null', '""', '{}', '[]', '', ' ', '\n')
        .map((text) => ({ body: utf8(text), contentType: JSON_TYPE, note: `the whole body is ${JSON.stringify(text)}` })),
    ),

  structure: (shape) =>
    withField(shape, () => true)!.chain(([value, field]) =>
      fc.oneof(
        fc
          .tuple(fc.constantFrom(64, 1_000, 100_000), fc.boolean())
          .map(([depth, arrays]) =>
            spliced(
              value,
              field.path,
              arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
              `${depth} levels of ${arrays ? 'arrays' : 'objects'} at ${pathText(field.path)}`,
            ),
          ),
        fc.constantFrom(1_001, 10_000, 150_000).map((length) =>
          bodyOf(
            setAt(
              value,
              field.path,
              Array.from({ length }, (_, i) => i + 1),
            ),
            `an array of ${length.toLocaleString('en')} numbers at ${pathText(field.path)}`,
          ),
        ),
        fc.constantFrom(2, 5_000).map((copies) =>
          bodyOf(
            Array.from({ length: copies }, () => value),
            `the body is an array of ${copies} valid bodies`,
          ),
        ),
      ),
    ),

  encoding: (shape) =>
    withField(shape, isType('string'))!.chain(([value, field]) =>
      fc.oneof(
        fc.constantFrom(...BAD_UTF8).map((bytes) => {
          const raw = new Uint8Array([0x22, 0x61, ...bytes, 0x62, 0x22]); // "a<bytes>b"
          return spliced(
            value,
            field.path,
            raw,
            `not UTF-8: ${pathText(field.path)} holds bytes ${bytes.map((b) => b.toString(16)).join(' ')}`,
          );
        }),
        fc
          .constantFrom(...LONE_SURROGATE_ESCAPES)
          .map((escape) => spliced(value, field.path, `"${escape}"`, `lone surrogate: ${pathText(field.path)} = "${escape}"`)),
      ),
    ),

  'content-type': (shape) =>
    fc
      .tuple(shape.valid, fc.constantFrom(...WRONG_CONTENT_TYPES, ...JSON_SPELLINGS))
      .map(([value, contentType]) =>
        bodyOf(value, `Content-Type ${contentType === undefined ? 'absent' : JSON.stringify(contentType)}`, contentType),
      ),

  required: (shape) => {
    const required = requiredPaths(shape.schema);
    const missing =
      required.length > 0
        ? fc
            .tuple(shape.valid, fc.constantFrom(...required))
            .map(([value, path]) => bodyOf(deleteAt(value, path), `without the required ${pathText(path)}`))
        : undefined;
    const none = fc.constant<BodyMutation>({ body: new Uint8Array(), contentType: JSON_TYPE, note: 'no body at all' });
    return missing ? fc.oneof(missing, none) : none;
  },
};

/** Paths of required fields, groups' required fields included (a group filled in must be whole). */
function requiredPaths(root: JsonSchema, prefix: string[] = []): string[][] {
  const schema = branchOf(root, 'object');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const own = ((schema.required ?? []) as string[]).filter((name) => name in properties).map((name) => [...prefix, name]);
  return [...own, ...Object.entries(properties).flatMap(([name, property]) => requiredPaths(property, [...prefix, name]))];
}

/** Every mutation family of a JSON body schema, by name. */
export function jsonBodyFamilies(schema: JsonSchema): Record<string, fc.Arbitrary<BodyMutation>> {
  const shape: Shape = { valid: valuesOf(schema), fields: fieldPaths(schema), schema };
  const families: Record<string, fc.Arbitrary<BodyMutation>> = {};
  for (const [name, make] of Object.entries(mutations)) {
    const arbitrary = make(shape);
    if (arbitrary) families[name] = arbitrary;
  }
  return families;
}
