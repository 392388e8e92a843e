// multipart/form-data bodies for upload operations, written by hand so that they can also be
// malformed: files of every kind and size, hostile file names, missing or repeated parts, wrong framing.
import fc from 'fast-check';
import type { JsonSchema } from './document';
import { BAD_UTF8, NASTY_STRINGS, WRONG_CONTENT_TYPES } from './samples';
import type { BodyMutation } from './json-body';
import { utf8 } from './wire';

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

interface Part {
  name: string;
  filename?: Uint8Array | string;
  bytes: Uint8Array;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function multipart(parts: Part[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const filename =
      part.filename === undefined
        ? []
        : [utf8('; filename="'), typeof part.filename === 'string' ? utf8(part.filename) : part.filename, utf8('"')];
    chunks.push(
      utf8(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`),
      ...filename,
      utf8('\r\nContent-Type: application/octet-stream\r\n\r\n'),
      part.bytes,
      utf8('\r\n'),
    );
  }
  chunks.push(utf8(`--${BOUNDARY}--\r\n`));
  return concat(chunks);
}

/** The first bytes of each kind of file the server may take, and of a few it must not. */
const HEADS: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37],
  xlsx: [0x50, 0x4b, 0x03, 0x04],
  doc: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  txt: [0x68, 0x65, 0x6c, 0x6c, 0x6f],
  exe: [0x4d, 0x5a, 0x90, 0x00],
  svg: [...utf8('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
};

const files = fc
  .tuple(
    fc.constantFrom(...Object.keys(HEADS)),
    fc.constantFrom(...Object.keys(HEADS), 'jpeg', 'PNG', 'html', ''),
    fc.uint8Array({ maxLength: 600 }),
    fc.stringMatching(/^[\w-]{1,20}$/),
  )
  .map(([kind, extension, tail, stem]): Part => ({
    name: 'file',
    filename: extension ? `${stem}.${extension}` : stem,
    bytes: new Uint8Array([...HEADS[kind], ...tail]),
  }));

const body = (parts: Part[], note: string, contentType = MULTIPART): BodyMutation => ({ body: multipart(parts), contentType, note });
const describe = (part: Part) =>
  `${typeof part.filename === 'string' ? JSON.stringify(part.filename.slice(0, 60)) : 'a name'} of ${part.bytes.length.toLocaleString('en')} bytes`;

/** Every mutation family of an upload body, by name (the schema only says a part holds a file). */
export function multipartFamilies(_schema: JsonSchema): Record<string, fc.Arbitrary<BodyMutation>> {
  return {
    valid: files.map((part) => body([part], `a file ${describe(part)}`)),
    strings: fc
      .tuple(
        files,
        fc.oneof(
          fc.constantFrom(...NASTY_STRINGS),
          fc.constantFrom(
            'a'.repeat(10_000),
            '../../../../tmp/x.png',
            '..\\..\\x.pdf',
            'x.png\u0000.exe',
            'ü中😀.pdf',
            'x".png',
            'x\r\nX-Injected: 1.png',
          ),
        ),
      )
      .map(([part, filename]) => body([{ ...part, filename }], `file name ${JSON.stringify(filename.slice(0, 60))}`)),
    empties: fc
      .constantFrom<[Part[], string]>(
        [[], 'no part at all'],
        [[{ name: 'file', bytes: utf8('just text, no file name') }], 'file sent as a text field'],
        [[{ name: 'file', filename: 'empty.png', bytes: new Uint8Array() }], 'an empty file'],
        [[{ name: 'other', filename: 'x.png', bytes: new Uint8Array(HEADS.png) }], 'the file under another field name'],
      )
      .map(([parts, note]) => body(parts, note)),
    structure: fc.oneof(
      fc
        .constantFrom(300_000, 3_000_000)
        .map((size) =>
          body(
            [{ name: 'file', filename: 'big.png', bytes: new Uint8Array(size).fill(7).fill(0x89, 0, 1) }],
            `a file of ${size.toLocaleString('en')} bytes`,
          ),
        ),
      files.map((part) =>
        body(
          Array.from({ length: 300 }, () => part),
          `300 file parts ${describe(part)}`,
        ),
      ),
    ),
    encoding: fc
      .tuple(files, fc.constantFrom(...BAD_UTF8))
      .map(([part, bytes]) =>
        body(
          [{ ...part, filename: new Uint8Array([0x61, ...bytes, 0x2e, 0x70, 0x6e, 0x67]) }],
          `file name with bytes ${bytes.map((b) => b.toString(16)).join(' ')}`,
        ),
      ),
    'content-type': fc
      .tuple(
        files,
        fc.constantFrom(
          ...WRONG_CONTENT_TYPES,
          'multipart/form-data',
          'multipart/form-data; boundary=other',
          'multipart/mixed; boundary=' + BOUNDARY,
          'application/json',
        ),
      )
      .map(([part, contentType]): BodyMutation => ({
        body: multipart([part]),
        contentType,
        note: `a file with Content-Type ${contentType === undefined ? 'absent' : JSON.stringify(contentType)}`,
      })),
    types: fc.constant<BodyMutation>({
      body: utf8('{"file":"not a file"}'),
      contentType: 'application/json',
      note: 'a JSON body instead of a file',
    }),
  };
}
