// The one spreadsheet reader every import uses: each limit is checked before the work it guards.
// A zip bomb is refused from its table of contents without inflating anything, a part that unpacks
// to more than it declares is refused as soon as it passes that, a CSV of a million lines stops at
// the line limit while it is parsed, and columns and cell lengths are held to theirs. What is read
// is the same in CSV and XLSX: text, numbers, booleans, dates.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { SHEET_LIMITS } from '../../kernel/contract/limits';
import { readSpreadsheet } from '../../kernel/sheet/read';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const cells = rows.map((row) =>
    row.map((value) => (value === null ? null : value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd' } : { value })),
  );
  return new Uint8Array(await (await writeXlsxFile(cells as never, {}).toBlob()).arrayBuffer());
}

/**
 * A zip archive of these parts, deflated, each declaring `declared[name]` as its unpacked size
 * when given (a lie, for a bomb), else its true size.
 */
function zip(parts: Record<string, Uint8Array>, declared: Record<string, number> = {}): Uint8Array {
  const locals: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(parts)) {
    const nameBytes = utf8(name);
    const data = deflateRawSync(content, { level: 1 });
    const size = declared[name] ?? content.length;
    const local = new Uint8Array(30 + nameBytes.length);
    const view = new DataView(local.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(8, 8, true);
    view.setUint32(18, data.length, true);
    view.setUint32(22, size, true);
    view.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    const entry = new Uint8Array(46 + nameBytes.length);
    const e = new DataView(entry.buffer);
    e.setUint32(0, 0x02014b50, true);
    e.setUint16(10, 8, true);
    e.setUint32(20, data.length, true);
    e.setUint32(24, size, true);
    e.setUint16(28, nameBytes.length, true);
    e.setUint32(42, offset, true);
    entry.set(nameBytes, 46);
    locals.push(local, data);
    central.push(entry);
    offset += local.length + data.length;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const v = new DataView(end.buffer);
  v.setUint32(0, 0x06054b50, true);
  v.setUint16(8, central.length, true);
  v.setUint16(10, central.length, true);
  v.setUint32(12, directorySize, true);
  v.setUint32(16, offset, true);
  const all = [...locals, ...central, end];
  const out = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const WORKBOOK = utf8('<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>');
const RELS = utf8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>');
/** A sheet of `rows` lines of one number each: some 40 bytes a line, which deflate packs a thousand to one. */
const sheetOf = (rows: number) => utf8(`<worksheet><sheetData>${'<row><c><v>1</v></c></row>'.repeat(rows)}</sheetData></worksheet>`);

describe('what is read', () => {
  it('reads the same table from CSV and XLSX: text, numbers, booleans and dates', async () => {
    const fromXlsx = readSpreadsheet(
      await xlsx([
        ['名称', 'n', 'ok', 'day'],
        ['井 1', 2.5, true, new Date(Date.UTC(2026, 2, 1))],
        [null, 'x', false, null],
      ]),
    );
    expect(fromXlsx).toEqual({
      ok: true,
      format: 'xlsx',
      rows: [
        ['名称', 'n', 'ok', 'day'],
        ['井 1', 2.5, true, new Date(Date.UTC(2026, 2, 1))],
        [null, 'x', false],
      ],
    });
    const fromCsv = readSpreadsheet(utf8('\uFEFF名称,n\n"井 1",2.5\n,x\n'));
    expect(fromCsv).toEqual({ ok: true, format: 'csv', rows: [['名称', 'n'], ['井 1', '2.5'], [null, 'x'], [null]] });
  });

  it('tells a CSV file’s code page by the header the importer expects', () => {
    const header = '井深,井斜\n1,2\n';
    const gb18030 = new Uint8Array([0xbe, 0xae, 0xc9, 0xee, 0x2c, 0xbe, 0xae, 0xd0, 0xb1, 0x0a, 0x31, 0x2c, 0x32, 0x0a]);
    const read = readSpreadsheet(gb18030, SHEET_LIMITS, (rows) => rows.some((row) => row.includes('井深')));
    expect(read.ok && read.rows[0]).toEqual(header.split('\n')[0].split(','));
  });

  it('refuses what is not a spreadsheet', () => {
    expect(readSpreadsheet(new Uint8Array())).toEqual({ ok: false, refusal: { reason: 'emptyFile' } });
    expect(readSpreadsheet(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toEqual({
      ok: false,
      refusal: { reason: 'unsupportedFormat' },
    });
    expect(readSpreadsheet(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({
      ok: false,
      refusal: { reason: 'unreadableFile' },
    });
  });
});

describe('limits before work', () => {
  it('refuses a file over the size limit without reading it', () => {
    const limits = { ...SHEET_LIMITS, maxBytes: 10 };
    expect(readSpreadsheet(utf8('a,b,c\n1,2,3\n'), limits)).toEqual({ ok: false, refusal: { reason: 'fileTooLarge', limit: 10 } });
  });

  it('refuses a zip bomb from its table of contents, at once and without inflating it', () => {
    // 60 MB of sheet in a few tens of KB, declared as such: refused on the declared size.
    const bomb = zip({ 'xl/workbook.xml': WORKBOOK, 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': sheetOf(2_400_000) });
    expect(bomb.byteLength).toBeLessThan(400_000);
    const limits = { ...SHEET_LIMITS, maxUnpackedBytes: 16 * 1024 * 1024 };
    const started = performance.now();
    expect(readSpreadsheet(bomb, limits)).toEqual({ ok: false, refusal: { reason: 'unpackedTooLarge', limit: limits.maxUnpackedBytes } });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('refuses a part that unpacks to more than it declares as soon as it passes that', () => {
    // Declares 2 KB, holds 60 MB: inflating stops at the first step past 2 KB.
    const liar = zip(
      { 'xl/workbook.xml': WORKBOOK, 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': sheetOf(2_400_000) },
      { 'xl/worksheets/sheet1.xml': 2048 },
    );
    const started = performance.now();
    expect(readSpreadsheet(liar)).toEqual({ ok: false, refusal: { reason: 'unpackedTooLarge', limit: SHEET_LIMITS.maxUnpackedBytes } });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses an archive of too many entries before reading any', () => {
    const parts = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`x/${i}.xml`, utf8('<a/>')]));
    expect(readSpreadsheet(zip(parts), { ...SHEET_LIMITS, maxEntries: 32 })).toEqual({
      ok: false,
      refusal: { reason: 'tooManyEntries', limit: 32 },
    });
  });

  it('stops a CSV of a million lines at the line limit while parsing it', () => {
    const lines = (count: number) => utf8('MD,Inc,Azi\n' + '1,2,3\n'.repeat(count));
    const time = (file: Uint8Array) => {
      const started = performance.now();
      const read = readSpreadsheet(file);
      return { read, ms: performance.now() - started };
    };
    const most = SHEET_LIMITS.maxRows + SHEET_LIMITS.headerLines + 1;
    const justOver = time(lines(most + 10));
    const million = time(lines(1_000_000));
    expect(million.read).toEqual({ ok: false, refusal: { reason: 'tooManyRows', limit: SHEET_LIMITS.maxRows, line: most + 1 } });
    expect(justOver.read).toEqual(million.read);
    // Ten times the lines, not ten times the work: parsing stopped where the limit was reached.
    expect(million.ms).toBeLessThan(justOver.ms * 4 + 100);
  });

  it('stops an XLSX at the line limit while parsing it', () => {
    const many = zip({ 'xl/workbook.xml': WORKBOOK, 'xl/_rels/workbook.xml.rels': RELS, 'xl/worksheets/sheet1.xml': sheetOf(300) });
    expect(readSpreadsheet(many, { ...SHEET_LIMITS, maxRows: 100, headerLines: 0 })).toEqual({
      ok: false,
      refusal: { reason: 'tooManyRows', limit: 100, line: 102 },
    });
  });

  it('holds columns and cell lengths to their limits, naming the line', async () => {
    const limits = { ...SHEET_LIMITS, maxColumns: 3, maxCellLength: 5 };
    expect(readSpreadsheet(utf8('a,b,c\n1,2,3,4\n'), limits)).toEqual({
      ok: false,
      refusal: { reason: 'tooManyColumns', limit: 3, line: 2 },
    });
    expect(readSpreadsheet(utf8('a,b\n1,123456\n'), limits)).toEqual({
      ok: false,
      refusal: { reason: 'cellTooLong', limit: 5, line: 2, columnNumber: 2 },
    });
    expect(readSpreadsheet(await xlsx([['a', 'b', 'c', 'd']]), limits)).toMatchObject({ ok: false, refusal: { reason: 'tooManyColumns' } });
  });
});
