// Reading a spreadsheet a person uploads — CSV (or tab- or semicolon-separated) text, or the first
// sheet of an XLSX workbook — into rows of cells, every limit of SHEET_LIMITS checked before the
// work it guards: the size before anything is read; an XLSX's entry count and its parts' declared
// sizes before anything is inflated, and each part's real size while it is inflated, a little at a
// time (a part that unpacks to more than it declares is refused there, not after); lines while they
// are parsed, the parser stopping at the limit; columns and cell lengths as each line comes.
// One reader for every import (records of any resource, a well's survey listing). Pure and
// synchronous: the server runs it in a worker thread (server/sheets/), the browser's mock inline.
import Papa from 'papaparse';
import { Inflate } from 'fflate';
import { Parser } from 'saxen';
import { SHEET_LIMITS, type SheetLimits } from '../contract/limits';

/** A cell as read: text, a number, a boolean, a date (an XLSX cell formatted as one), or empty. */
export type SheetCell = string | number | boolean | Date | null;
export type SheetRow = SheetCell[];

/** Why a file is refused: keys the console and the server translate (`sheet.refusal.<reason>`). */
export const SHEET_REASONS = [
  'emptyFile',
  'fileTooLarge',
  'unsupportedFormat',
  'unreadableFile',
  'tooManyEntries',
  'unpackedTooLarge',
  'tooManyRows',
  'tooManyColumns',
  'cellTooLong',
] as const;
export type SheetReason = (typeof SHEET_REASONS)[number];

export interface SheetRefusal {
  reason: SheetReason;
  /** The limit broken (bytes, entries, lines, columns, characters). */
  limit?: number;
  /** The line at fault, 1-based as a spreadsheet numbers it. */
  line?: number;
  /** The column at fault, 1-based (A = 1). */
  columnNumber?: number;
}

export type SheetRead = { ok: true; format: 'csv' | 'xlsx'; rows: SheetRow[] } | { ok: false; refusal: SheetRefusal };

/** Thrown inside a parse to stop it at once; caught by readSpreadsheet. */
class Refused extends Error {
  constructor(readonly refusal: SheetRefusal) {
    super(refusal.reason);
  }
}

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // an .xlsx is a zip archive
const OLE = [0xd0, 0xcf, 0x11, 0xe0]; // the old binary .xls

/** Most lines read: the data lines, and the title lines that may stand above the header. */
const maxLines = (limits: SheetLimits) => limits.maxRows + limits.headerLines + 1;

/** Checks one line as it is read: its number of columns and each cell's length. */
function checkLine(row: readonly SheetCell[], line: number, limits: SheetLimits) {
  if (row.length > limits.maxColumns) throw new Refused({ reason: 'tooManyColumns', limit: limits.maxColumns, line });
  for (let i = 0; i < row.length; i++) {
    const cell = row[i];
    if (typeof cell === 'string' && cell.length > limits.maxCellLength)
      throw new Refused({ reason: 'cellTooLong', limit: limits.maxCellLength, line, columnNumber: i + 1 });
  }
}

/**
 * The spreadsheet in `file`, CSV or XLSX (told apart by content, not by name), or why it is
 * refused. `looksRight` picks, among the code pages a CSV file not in UTF-8 may be written in,
 * the first whose first lines it recognises (an importer's header line).
 */
export function readSpreadsheet(
  file: Uint8Array,
  limits: SheetLimits = SHEET_LIMITS,
  looksRight?: (rows: SheetRow[]) => boolean,
): SheetRead {
  if (file.byteLength > limits.maxBytes) return { ok: false, refusal: { reason: 'fileTooLarge', limit: limits.maxBytes } };
  if (file.byteLength === 0) return { ok: false, refusal: { reason: 'emptyFile' } };
  try {
    if (startsWith(file, OLE)) return { ok: false, refusal: { reason: 'unsupportedFormat' } };
    if (startsWith(file, ZIP)) return finish('xlsx', readXlsx(file, limits));
    const utf16 = (file[0] === 0xff && file[1] === 0xfe) || (file[0] === 0xfe && file[1] === 0xff);
    if (!utf16 && file.subarray(0, 4096).includes(0)) return { ok: false, refusal: { reason: 'unsupportedFormat' } }; // binary
    return finish('csv', readCsv(decodeCsv(file, looksRight), limits));
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    return { ok: false, refusal: { reason: 'unreadableFile' } };
  }
}

const isBlank = (cell: SheetCell) => cell === null || (typeof cell === 'string' && cell.trim() === '');

function finish(format: 'csv' | 'xlsx', rows: SheetRow[]): SheetRead {
  if (rows.every((row) => row.every(isBlank))) return { ok: false, refusal: { reason: 'emptyFile' } };
  return { ok: true, format, rows };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** Rows of CSV text, the separator guessed by papaparse; the parser stops at the line limit. */
export function readCsv(text: string, limits: SheetLimits = SHEET_LIMITS): SheetRow[] {
  const rows: SheetRow[] = [];
  const most = maxLines(limits);
  let refusal: SheetRefusal | undefined;
  const body = text.replace(/^\uFEFF/, '');
  // The separator and line break guessed from the first lines only: papaparse would otherwise
  // parse the whole text once for each separator it tries before reading a line of it.
  const { meta } = Papa.parse<string[]>(body.slice(0, 64 * 1024), { preview: 20 });
  Papa.parse<string[]>(body, {
    delimiter: meta.delimiter,
    newline: meta.linebreak as Papa.ParseConfig['newline'],
    skipEmptyLines: false,
    step: (result, parser) => {
      if (refusal) return;
      const line = rows.length + 1;
      if (line > most) {
        refusal = { reason: 'tooManyRows', limit: limits.maxRows, line };
        return parser.abort();
      }
      try {
        checkLine(result.data, line, limits);
      } catch (error) {
        refusal = (error as Refused).refusal;
        return parser.abort();
      }
      rows.push(result.data.map((cell) => (cell === '' ? null : cell)));
    },
  });
  if (refusal) throw new Refused(refusal);
  return rows;
}

/**
 * Text of a CSV file. Excel writes UTF-8 only when asked ("CSV UTF-8"), UTF-16 for "Unicode
 * text", and otherwise the system's code page: GB18030 in China, Shift_JIS in Japan, Windows-1252
 * in Spain. Bytes that are not UTF-8 are decoded with each of those, keeping the first whose
 * first lines `looksRight` recognises, else the first that decodes.
 */
function decodeCsv(bytes: Uint8Array, looksRight?: (rows: SheetRow[]) => boolean): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const candidates: string[] = [];
    for (const encoding of ['gb18030', 'shift_jis', 'windows-1252']) {
      try {
        const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
        if (looksRight?.(readCsv(text.slice(0, 16_384)).slice(0, 60))) return text;
        candidates.push(text);
      } catch {
        // not this encoding (or its first lines break a limit: the whole text is read below)
      }
    }
    return candidates[0] ?? new TextDecoder('windows-1252').decode(bytes);
  }
}

// ---------------------------------------------------------------------------------------------
// XLSX: a zip archive of XML parts

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const unreadable = () => new Refused({ reason: 'unreadableFile' });

/** The archive's table of contents, from its central directory: nothing is inflated here. */
function zipEntries(b: Uint8Array, limits: SheetLimits): ZipEntry[] {
  let end = b.length - 22;
  const stop = Math.max(0, b.length - 22 - 65_535);
  while (end >= stop && u32(b, end) !== 0x06054b50) end--;
  if (end < stop) throw unreadable();
  const count = u16(b, end + 10);
  const directory = u32(b, end + 16);
  if (count === 0xffff || directory === 0xffffffff) throw unreadable(); // zip64: no spreadsheet of this size needs it
  if (count > limits.maxEntries) throw new Refused({ reason: 'tooManyEntries', limit: limits.maxEntries });
  const entries: ZipEntry[] = [];
  let declared = 0;
  let at = directory;
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw unreadable();
    const nameLength = u16(b, at + 28);
    const entry = {
      method: u16(b, at + 10),
      compressedSize: u32(b, at + 20),
      size: u32(b, at + 24),
      name: new TextDecoder().decode(b.subarray(at + 46, at + 46 + nameLength)),
      offset: u32(b, at + 42),
    };
    declared += entry.size;
    if (declared > limits.maxUnpackedBytes) throw new Refused({ reason: 'unpackedTooLarge', limit: limits.maxUnpackedBytes });
    entries.push(entry);
    at += 46 + nameLength + u16(b, at + 30) + u16(b, at + 32);
  }
  return entries;
}

/** A slice of compressed data pushed at a time: it inflates to at most about a thousand times as much (1 MB). */
const INFLATE_STEP = 1024;

/**
 * One part's bytes, inflated a step at a time and refused as soon as they pass the size the
 * archive declares for it (which the limits were checked against) or what is left of the budget.
 */
function inflateEntry(b: Uint8Array, entry: ZipEntry, budget: { left: number }, limits: SheetLimits): Uint8Array {
  const local = entry.offset;
  if (local + 30 > b.length || u32(b, local) !== 0x04034b50) throw unreadable();
  const start = local + 30 + u16(b, local + 26) + u16(b, local + 28);
  const data = b.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw unreadable();
  const most = Math.min(entry.size, budget.left);
  if (entry.method === 0) {
    if (data.length > most) throw new Refused({ reason: 'unpackedTooLarge', limit: limits.maxUnpackedBytes });
    budget.left -= data.length;
    return data;
  }
  if (entry.method !== 8) throw unreadable();
  const out = new Uint8Array(most);
  let length = 0;
  const inflate = new Inflate((chunk) => {
    if (length + chunk.length > most) throw new Refused({ reason: 'unpackedTooLarge', limit: limits.maxUnpackedBytes });
    out.set(chunk, length);
    length += chunk.length;
  });
  for (let at = 0; at < data.length; at += INFLATE_STEP) {
    const end = Math.min(at + INFLATE_STEP, data.length);
    inflate.push(data.subarray(at, end), end === data.length);
  }
  if (data.length === 0) inflate.push(new Uint8Array(0), true);
  budget.left -= length;
  return out.subarray(0, length);
}

type Attributes = Record<string, string>;
/** Calls `open` and `close` with each element's local name (without a namespace prefix), and `text` with text in it. */
function walkXml(
  xml: string,
  on: { open?: (name: string, attrs: () => Attributes) => void; close?: (name: string) => void; text?: (text: string) => void },
) {
  const parser = new Parser();
  let failure: unknown;
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  if (on.open)
    parser.on('openTag', (name: string, attrs: () => Attributes, _decode: unknown, selfClosing: boolean) => {
      on.open!(local(name), attrs);
      if (selfClosing) on.close?.(local(name));
    });
  if (on.close) parser.on('closeTag', (name: string, _decode: unknown, selfClosing: boolean) => !selfClosing && on.close!(local(name)));
  if (on.text) {
    parser.on('text', (text: string, decode: (s: string) => string) => on.text!(decode(text)));
    parser.on('cdata', (text: string) => on.text!(text));
  }
  parser.on('error', (error: unknown) => {
    failure = error;
  });
  parser.parse(xml);
  if (failure) throw unreadable();
}

/** Whether a number format shows a date or a time: the built-in ones, and any whose code has day, month, year, hour or second. */
function isDateFormat(id: number, code: string | undefined): boolean {
  if ((id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58)) return true;
  if (code === undefined) return false;
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Excel's day number as the date and time it shows, in UTC (the wall clock written, no zone). */
function excelDate(serial: number, date1904: boolean): Date {
  const days = serial + (date1904 ? 1462 : 0);
  return new Date(Math.round((days - 25569) * 86_400_000));
}

/** "BC12" → column 55 (0-based), from a cell reference. */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) & ~32; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return i === 0 ? undefined : column - 1;
}

function readXlsx(b: Uint8Array, limits: SheetLimits): SheetRow[] {
  const entries = zipEntries(b, limits);
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\/+/, ''), entry]));
  const budget = { left: limits.maxUnpackedBytes };
  const text = (name: string): string | undefined => {
    const entry = byName.get(name);
    return entry && new TextDecoder().decode(inflateEntry(b, entry, budget, limits));
  };

  // The first sheet, as the workbook orders them, and whether its dates count from 1904.
  const workbook = text('xl/workbook.xml');
  if (workbook === undefined) throw unreadable();
  let firstSheetRel: string | undefined;
  let date1904 = false;
  walkXml(workbook, {
    open: (name, attrs) => {
      if (name === 'sheet' && firstSheetRel === undefined) {
        const a = attrs();
        firstSheetRel = Object.entries(a).find(([key]) => key === 'r:id' || key.endsWith(':id'))?.[1];
      }
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attrs().date1904);
    },
  });
  let sheetPath = 'xl/worksheets/sheet1.xml';
  const relations = text('xl/_rels/workbook.xml.rels');
  if (relations && firstSheetRel) {
    walkXml(relations, {
      open: (name, attrs) => {
        const a = attrs();
        if (name !== 'Relationship' || a.Id !== firstSheetRel || !a.Target) return;
        sheetPath = a.Target.startsWith('/') ? a.Target.slice(1) : `xl/${a.Target.replace(/^\.\//, '')}`;
      },
    });
  }

  // Shared strings: the text of each <si>, its runs joined, phonetic guides (<rPh>) left out.
  const shared: string[] = [];
  const strings = text('xl/sharedStrings.xml');
  if (strings !== undefined) {
    let current: string | undefined;
    let inText = false;
    let phonetic = 0;
    walkXml(strings, {
      open: (name) => {
        if (name === 'si') current = '';
        else if (name === 'rPh') phonetic++;
        else if (name === 't' && phonetic === 0) inText = true;
      },
      close: (name) => {
        if (name === 'si') {
          if (current !== undefined && current.length > limits.maxCellLength)
            throw new Refused({ reason: 'cellTooLong', limit: limits.maxCellLength });
          shared.push(current ?? '');
          current = undefined;
        } else if (name === 'rPh') phonetic--;
        else if (name === 't') inText = false;
      },
      text: (value) => {
        if (inText && current !== undefined) current += value;
      },
    });
  }

  // Which cell styles show dates.
  const dateStyles = new Set<number>();
  const styles = text('xl/styles.xml');
  if (styles !== undefined) {
    const formats = new Map<number, string>();
    let inCellXfs = false;
    let index = 0;
    walkXml(styles, {
      open: (name, attrs) => {
        if (name === 'numFmt') {
          const a = attrs();
          formats.set(Number(a.numFmtId), a.formatCode ?? '');
        } else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(attrs().numFmtId ?? 0);
          if (isDateFormat(id, formats.get(id))) dateStyles.add(index);
          index++;
        }
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
  }

  const sheet = text(sheetPath);
  if (sheet === undefined) throw unreadable();
  const rows: SheetRow[] = [];
  const most = maxLines(limits);
  let row: SheetRow | undefined;
  let cell: { column: number; type: string; style: number; value: string; inValue: boolean } | undefined;
  let nextColumn = 0;
  walkXml(sheet, {
    open: (name, attrs) => {
      if (name === 'row') {
        const a = attrs();
        const number = Number(a.r);
        const at = Number.isInteger(number) && number > rows.length ? number : rows.length + 1;
        if (at > most) throw new Refused({ reason: 'tooManyRows', limit: limits.maxRows, line: at });
        while (rows.length < at - 1) rows.push([]);
        row = [];
        nextColumn = 0;
      } else if (name === 'c' && row) {
        const a = attrs();
        const column = columnOf(a.r) ?? nextColumn;
        if (column >= limits.maxColumns) throw new Refused({ reason: 'tooManyColumns', limit: limits.maxColumns, line: rows.length + 1 });
        cell = { column, type: a.t ?? 'n', style: Number(a.s ?? 0), value: '', inValue: false };
      } else if ((name === 'v' || name === 't') && cell) cell.inValue = true;
    },
    text: (value) => {
      if (cell?.inValue) {
        cell.value += value;
        if (cell.value.length > limits.maxCellLength)
          throw new Refused({ reason: 'cellTooLong', limit: limits.maxCellLength, line: rows.length + 1, columnNumber: cell.column + 1 });
      }
    },
    close: (name) => {
      if ((name === 'v' || name === 't') && cell) cell.inValue = false;
      else if (name === 'c' && cell && row) {
        let value: SheetCell = null;
        const raw = cell.value;
        if (cell.type === 's') value = shared[Number(raw)] ?? null;
        else if (cell.type === 'str' || cell.type === 'inlineStr') value = raw;
        else if (cell.type === 'b') value = raw === '1';
        else if (cell.type === 'e') value = raw;
        else if (raw !== '') {
          const number = Number(raw);
          value = !Number.isFinite(number) ? raw : dateStyles.has(cell.style) ? excelDate(number, date1904) : number;
        }
        if (value === '') value = null;
        while (row.length < cell.column) row.push(null);
        row[cell.column] = value;
        nextColumn = cell.column + 1;
        cell = undefined;
      } else if (name === 'row' && row) {
        while (row.length > 0 && row[row.length - 1] === null) row.pop();
        rows.push(row);
        row = undefined;
      }
    },
  });
  return rows;
}
