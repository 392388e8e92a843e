// What a file really is, read from its first bytes: a name says .png, the bytes must say PNG.
// A file whose bytes do not match its extension is refused, so nothing is served under a
// content type it does not have.
import { FILE_TYPES, type FileType, extensionOf } from '../../kernel/contract/uploads';

type Sniff = (head: Uint8Array) => boolean;

const starts =
  (...bytes: number[]): Sniff =>
  (head) =>
    bytes.every((b, i) => head[i] === b);
const ascii = (head: Uint8Array, from: number, to: number) => String.fromCharCode(...head.subarray(from, to));

const zip = starts(0x50, 0x4b, 0x03, 0x04); // docx, xlsx, pptx, odt, ods
const ole = starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1); // doc, xls, ppt
const text: Sniff = (head) => !head.includes(0);
const jpeg = starts(0xff, 0xd8, 0xff);

const SNIFFS: Record<string, Sniff> = {
  '.png': starts(0x89, 0x50, 0x4e, 0x47),
  '.jpg': jpeg,
  '.jpeg': jpeg,
  '.gif': starts(0x47, 0x49, 0x46, 0x38),
  '.webp': (head) => ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP',
  '.pdf': starts(0x25, 0x50, 0x44, 0x46),
  '.docx': zip,
  '.xlsx': zip,
  '.pptx': zip,
  '.odt': zip,
  '.ods': zip,
  '.doc': ole,
  '.xls': ole,
  '.ppt': ole,
  '.csv': text,
  '.txt': text,
};

/** The type of a file named `name` holding `bytes`, or undefined when it may not be uploaded. */
export function fileTypeOf(name: string, bytes: Uint8Array): (FileType & { extension: string }) | undefined {
  const extension = extensionOf(name);
  const type = Object.hasOwn(FILE_TYPES, extension) ? FILE_TYPES[extension] : undefined;
  const sniff = SNIFFS[extension];
  return type && sniff?.(bytes.subarray(0, 4096)) ? { ...type, extension } : undefined;
}
