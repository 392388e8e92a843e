// The upload mechanism's pure parts: the `x-upload` keyword checked in schema files (on the
// schema check's fixture), what an upload field's value names, which kinds a field accepts, and
// a file's size as a person reads it.
import { describe, expect, it } from 'vitest';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { acceptedExtensions, acceptsMime, extensionOf, storedNameOf, thumbnailOfUrl } from '../../kernel/contract/uploads';
import { formatFileSize } from '../../src/resources/files/fileSize';
import { type Fixture, soundFixture } from '../fixtures/schemas';

function problems(breakIt: (f: Fixture) => void): string[] {
  const f = soundFixture();
  breakIt(f);
  return checkSchemas(f.files, f.config, f.routes, f.known).map(formatProblem);
}

describe('the x-upload keyword', () => {
  it('is taken on a top-level text field', () => {
    expect(
      problems((f) => (f.files['well.json'].properties.photo = { type: 'string', maxLength: 200, 'x-upload': { accept: 'image' } })),
    ).toEqual([]);
  });

  it('is refused with an unknown kind', () => {
    expect(problems((f) => (f.files['well.json'].properties.photo = { type: 'string', 'x-upload': { accept: 'video' } }))).toEqual([
      'schemas/well.json#/properties/photo/x-upload/accept: must be one of "image", "document", "any"',
    ]);
  });

  it('is refused on a number, in a group, or beside a format', () => {
    expect(
      problems((f) => {
        const well = f.files['well.json'];
        well.properties.scan = { type: 'integer', 'x-upload': { accept: 'image' } };
        well.properties.sketch = { type: 'string', format: 'date', 'x-upload': { accept: 'any' } };
        well.definitions.contact.properties.picture = { type: 'string', 'x-upload': { accept: 'image' } };
      }),
    ).toEqual([
      "schemas/well.json#/properties/scan/x-upload: x-upload needs a field of type string: it holds the file's URL",
      'schemas/well.json#/properties/sketch/x-upload: x-upload cannot stand beside format: the value is the URL the upload answered',
      'schemas/well.json#/definitions/contact/properties/picture/x-upload: x-upload works only on a field written directly in properties, not inside a group or definition',
    ]);
  });
});

describe('upload values', () => {
  it('name a stored file only by the URL the server answers', () => {
    expect(storedNameOf('/dev-api/upload/file/0123456789abcdef0123456789abcdef.png')).toBe('0123456789abcdef0123456789abcdef.png');
    for (const other of [
      'https://x/dev-api/upload/file/0123456789abcdef0123456789abcdef.png',
      '/dev-api/upload/file/../secret.png',
      '/dev-api/upload/file/0123.png',
      42,
      null,
    ]) {
      expect(storedNameOf(other), String(other)).toBeUndefined();
    }
    expect(thumbnailOfUrl('/dev-api/upload/file/0123456789abcdef0123456789abcdef.png')).toBe(
      '/dev-api/upload/thumbnail/0123456789abcdef0123456789abcdef.png',
    );
  });

  it('are of the kinds their field accepts', () => {
    expect(acceptedExtensions('image')).toEqual(['.png', '.jpg', '.jpeg', '.gif', '.webp']);
    expect(acceptedExtensions('document')).toContain('.pdf');
    expect(acceptedExtensions('document')).not.toContain('.png');
    expect(acceptsMime('image', 'image/webp')).toBe(true);
    expect(acceptsMime('image', 'application/pdf')).toBe(false);
    expect(acceptsMime('any', 'text/csv; charset=utf-8')).toBe(true);
    expect(extensionOf('Report.Final.PDF')).toBe('.pdf');
    expect(extensionOf('.pdf')).toBe('');
  });
});

describe('file sizes', () => {
  const t = (key: string, options?: Record<string, unknown>) => `${options?.value} ${key.split('.').pop()}`;
  it('read in bytes, KB or MB, the number written the reader’s way', () => {
    expect(formatFileSize(512, 'en', t)).toBe('512 B');
    expect(formatFileSize(1536, 'en', t)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024, 'en', t)).toBe('10 MB');
    expect(formatFileSize(2.25 * 1024 * 1024, 'es', t)).toBe('2,3 MB');
  });
});
