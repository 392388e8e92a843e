// The hostile values the mutations draw from: numbers written every way a parser might accept,
// strings that break storage, logs or markup, and bytes that are not UTF-8.
import fc from 'fast-check';
import type { JsonSchema } from './document';

/** Integers written as text in ways a lax parser reads as numbers (hex, exponent, padding, signs, other digits). */
export const NUMBER_TEXTS = [
  '0x10',
  '0X1A',
  '0b11',
  '0o7',
  '1e2',
  '1E400',
  '-1E400',
  '1e-7',
  '05',
  '007',
  '+5',
  ' 5',
  '5 ',
  '\t5',
  '5\n',
  '5.0',
  '5.5',
  '.5',
  '5.',
  '-0',
  '-1',
  '0',
  '1_000',
  '1,000',
  '9007199254740993',
  '-9007199254740993',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  'abc',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '[1]',
  '１２',
  '١٢',
  '½',
  '',
];

/** Raw JSON number texts: some are not JSON at all (hex, leading zeros, NaN), some overflow to Infinity. */
export const JSON_NUMBER_TEXTS = [
  '0x10',
  '010',
  '-010',
  '1e2',
  '1E400',
  '-1E400',
  '1e-400',
  '-0',
  '+1',
  '.5',
  '1.',
  '1.0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1_000',
  '0b1',
  '１',
  '9007199254740993',
  '123456789012345678901234567890',
];

/** Numbers a schema's bounds, type and step refuse, worked out from the schema. */
export function outOfRange(schema: JsonSchema): number[] {
  const values = [2 ** 53, -(2 ** 53), 2 ** 63, 1e308, -1e308, 5e-324, 0.1 + 0.2];
  const { minimum, maximum, multipleOf, exclusiveMinimum, exclusiveMaximum } = schema as Record<string, number | undefined>;
  if (minimum !== undefined) values.push(minimum - 1, minimum - 1e-9);
  if (maximum !== undefined) values.push(maximum + 1, maximum + 1e-9);
  if (exclusiveMinimum !== undefined) values.push(exclusiveMinimum);
  if (exclusiveMaximum !== undefined) values.push(exclusiveMaximum);
  if (multipleOf !== undefined) values.push((minimum ?? 0) + multipleOf / 3);
  if (schema.type === 'integer') values.push(1.5, -0.5, (minimum ?? 1) + 0.25);
  return values;
}

/** Strings that break things downstream: SQL, markup, format strings, terminals, normalisation, NUL. */
export const NASTY_STRINGS = [
  "'; DROP TABLE crew; --",
  '" OR 1=1 --',
  '%',
  '%s%n%x',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '\u0000',
  'a\u0000b',
  '\r\n\r\n',
  '\u202eevil',
  '\ufeff',
  '\u200b',
  'Ω̸̢̛̺̫͎̫̦',
  '😀👩‍👩‍👧‍👦',
  'ﷺ',
  '..\\..\\',
  '../../etc/passwd',
  ' ',
  '\t',
  'NULL',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
];

/** Strings far longer than anything a field means to hold, the longest just over 1 MB of UTF-8. */
export const hugeStrings = (schema: JsonSchema): fc.Arbitrary<string> => {
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const bytes = [10_000, 100_000, 1_100_000];
  return fc.oneof(
    ...(maxLength !== undefined ? [fc.constantFrom('x', '中', '😀').map((unit) => unit.repeat(maxLength + 1))] : []),
    fc
      .tuple(fc.constantFrom(...bytes), fc.constantFrom('x', 'é', '中', '😀'))
      .map(([size, unit]) => unit.repeat(Math.ceil(size / new TextEncoder().encode(unit).length))),
  );
};

/** Byte sequences that no UTF-8 decoder may accept: a stray continuation, a cut sequence, an encoded surrogate, overlong forms, beyond U+10FFFF. */
export const BAD_UTF8: number[][] = [
  [0xff],
  [0x80],
  [0xc3],
  [0xc3, 0x28],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xfe, 0xff],
];

/** Lone surrogates written as JSON escapes: valid JSON syntax, but no UTF-8 text can hold them. */
export const LONE_SURROGATE_ESCAPES = ['\\ud800', '\\udfff', 'a\\ud83d', '\\ude00b', '\\udc00\\ud800'];

/** The same bad bytes in a query, percent-encoded, and broken escapes. */
export const BAD_QUERY_ESCAPES = ['%FF', '%80', '%C3', '%C3%28', '%ED%A0%80', '%C0%AF', '%F4%90%80%80', '%', '%zz', '%%', '%E2%82'];

/** Names of fields no schema declares, some of them dangerous to a JavaScript server. */
export const UNKNOWN_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'extra',
  'ID',
  ' id',
  '',
  'id ',
  '$where',
  'a.b',
  'leader.name',
];

/** Content types a JSON endpoint must refuse, and two spellings it must accept. */
export const WRONG_CONTENT_TYPES: (string | undefined)[] = [
  undefined,
  '',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'text/json',
  'application/jsonp',
  'application/json-patch+json',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  '*/*',
  'application/octet-stream',
];
export const JSON_SPELLINGS = ['application/json; charset=utf-8', 'Application/JSON', 'application/json;charset=UTF-8'];
