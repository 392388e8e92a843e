// Reading a survey listing a person uploads (CSV or XLSX) into stations for the minimum-curvature
// computation. The columns of measured depth, inclination and azimuth are found by their headers
// — in any order, in any of the console's languages or the usual English abbreviations, with or
// without a unit such as "MD (m)" — and every other column is ignored. Either every line is good
// and the answer is the stations (with a warning for each pair at the same depth, merged), or
// the file is refused with a reason key, the line (1-based, as a spreadsheet shows it) and the
// column at fault, so nothing half-read is ever stored. Pure: runs in Node and in the browser.
import { SHEET_LIMITS } from '../contract/limits';
import { SHEET_REASONS, type SheetRead, type SheetRow, readSpreadsheet } from '../sheet/read';
import {
  checkStation,
  mergeStations,
  normaliseAzimuth,
  SAME_DEPTH_M,
  type MergeWarning,
  type SourcedStation,
  type StationField,
  type SurveyStation,
} from './minimum-curvature';

/** Largest file accepted, checked before anything is parsed. */
export const MAX_IMPORT_BYTES = SHEET_LIMITS.maxBytes;
/** Most stations (data lines) one file may hold. */
export const MAX_IMPORT_ROWS = SHEET_LIMITS.maxRows;
/** How far down the header line is looked for (title lines may come first). */
const HEADER_SEARCH_LINES = SHEET_LIMITS.headerLines;

/** Why a file is refused: the reader's reasons (any spreadsheet), then a listing's own. Keys the console translates. */
export const IMPORT_REASONS = [
  ...SHEET_REASONS,
  'missingColumn',
  'duplicateColumn',
  'unsupportedUnit',
  'noStations',
  'missingValue',
  'notANumber',
  'outOfRange',
  'depthNotIncreasing',
] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];

export interface ImportRefusal {
  reason: ImportReason;
  /** The line at fault, 1-based as a spreadsheet or text editor numbers it. */
  line?: number;
  /** The column at fault, by meaning. */
  column?: StationField;
  /** Its position, 1-based (A = 1 in a spreadsheet). */
  columnNumber?: number;
  /** Its header as written in the file. */
  header?: string;
  /** The offending cell as written. */
  value?: string;
  /** The limit broken: bytes, entries, lines, columns or characters. */
  limit?: number;
}

export type SurveyImport =
  { ok: true; format: 'csv' | 'xlsx'; stations: SurveyStation[]; warnings: MergeWarning[] } | { ok: false; refusal: ImportRefusal };

/**
 * Header names per column, lower case, without spaces, dots, dashes, underscores, colons or
 * accents: English and its abbreviations, Chinese, Spanish, Japanese.
 */
const HEADER_NAMES: Record<StationField, readonly string[]> = {
  md: [
    'md',
    'measureddepth',
    'mdepth',
    'depth',
    '测深',
    '井深',
    '斜深',
    '测量井深',
    '测量深度',
    '深度',
    'profundidadmedida',
    'profmedida',
    'profundidad',
    'pm',
    '測深',
    '測定深度',
    '掘削深度',
  ],
  inc: ['inc', 'incl', 'inclination', 'dev', 'deviation', '井斜', '井斜角', '斜度', 'inclinacion', '傾斜', '傾斜角'],
  azi: ['azi', 'az', 'azim', 'azimuth', 'azimut', 'acimut', '方位', '方位角'],
};
const FIELD_OF_NAME = new Map(Object.entries(HEADER_NAMES).flatMap(([field, names]) => names.map((name) => [name, field as StationField])));

/** Units in a header that mean the values are not in metres or degrees. */
const WRONG_UNITS = new Set([
  'ft',
  'feet',
  'foot',
  'usft',
  'pies',
  'pie',
  '英尺',
  'フィート',
  'rad',
  'radian',
  'radians',
  'gon',
  'grad',
  '弧度',
  'ラジアン',
]);

const FIELDS: readonly StationField[] = ['md', 'inc', 'azi'];

/** The name and unit a header cell holds: "Measured depth (m)" → measureddepth, m. */
export function readHeader(cell: unknown): { name: string; unit: string } {
  let text = String(cell ?? '')
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // accents: Inclinación → Inclinacion
    .normalize('NFC')
    .toLowerCase()
    .trim();
  let unit = '';
  const cut = text.search(/[([{【/,，]/);
  if (cut > 0) {
    unit = text.slice(cut).replace(/[()[\]{}【】/,，\s]/g, '');
    text = text.slice(0, cut);
  }
  const trailing = /\s+(m|ft|feet|deg|degrees?|°|º|度|米|rad)$/.exec(text.trim());
  if (trailing && !unit) {
    unit = trailing[1];
    text = text.trim().slice(0, trailing.index);
  }
  return { name: text.replace(/[\s._\-:：°º]/g, ''), unit };
}

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A cell's number, or why there is none. Accepts "12.5", "1e3", "45°", and a decimal comma "12,5". */
export function readNumber(cell: unknown): number | 'missingValue' | 'notANumber' {
  if (cell === null || cell === undefined) return 'missingValue';
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : 'notANumber';
  if (typeof cell !== 'string') return 'notANumber';
  if (PLAIN_NUMBER.test(cell)) return Number(cell); // the usual case, without the work below
  let text = cell.normalize('NFKC').trim().replace(/[°º]$/, '').trim();
  if (text === '') return 'missingValue';
  // A decimal comma, as Spanish spreadsheets write it; "1,234" is refused: a thousands separator?
  if (/^[+-]?\d+,\d+$/.test(text) && !/^[+-]?\d{1,3},\d{3}$/.test(text)) text = text.replace(',', '.');
  if (!PLAIN_NUMBER.test(text)) return 'notANumber';
  return Number(text);
}

const isBlank = (cell: unknown) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
const cellText = (cell: unknown) => (cell instanceof Date ? cell.toISOString() : String(cell ?? ''));

/** A depth cell that is a depth header: the header repeated on a later page. */
const isRepeatedHeader = (cell: unknown) =>
  typeof cell === 'string' && readNumber(cell) === 'notANumber' && FIELD_OF_NAME.get(readHeader(cell).name) === 'md';

interface HeaderLine {
  index: number;
  columns: Record<StationField, number>;
}

/** The header line and where each column is, or why not. */
function findHeader(rows: readonly (readonly unknown[])[]): HeaderLine | ImportRefusal {
  let firstFilled = -1;
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_LINES); index++) {
    const row = rows[index];
    if (row.every(isBlank)) continue;
    if (firstFilled < 0) firstFilled = index;
    const found: Partial<Record<StationField, number>> = {};
    for (let column = 0; column < row.length; column++) {
      const { name, unit } = readHeader(row[column]);
      const field = FIELD_OF_NAME.get(name);
      if (!field) continue;
      const at = { line: index + 1, column: field, columnNumber: column + 1, header: cellText(row[column]) };
      if (found[field] !== undefined) return { reason: 'duplicateColumn', ...at };
      if (WRONG_UNITS.has(unit)) return { reason: 'unsupportedUnit', ...at };
      found[field] = column;
    }
    if (Object.keys(found).length === 0) continue;
    const missing = FIELDS.find((field) => found[field] === undefined);
    if (missing) return { reason: 'missingColumn', line: index + 1, column: missing };
    return { index, columns: found as Record<StationField, number> };
  }
  if (firstFilled < 0) return { reason: 'emptyFile' };
  return { reason: 'missingColumn', line: firstFilled + 1, column: 'md' };
}

/**
 * Stations from the rows of a sheet or a CSV file (row i is line i + 1; in a CSV file whose quoted
 * cells hold line breaks the lines after one are counted as rows). Blank lines are skipped, and so
 * is a header repeated further down (printed listings repeat it on every page).
 */
export function stationsFromRows(rows: readonly (readonly unknown[])[], format: 'csv' | 'xlsx', source = 'import'): SurveyImport {
  const header = findHeader(rows);
  if ('reason' in header) return { ok: false, refusal: header };
  const { md: mdColumn, inc: incColumn, azi: aziColumn } = header.columns;
  /** The refusal of line `index` for the cell of `field`. */
  const refuse = (reason: ImportReason, index: number, field: StationField): SurveyImport => {
    const column = header.columns[field];
    return {
      ok: false,
      refusal: {
        reason,
        line: index + 1,
        column: field,
        columnNumber: column + 1,
        header: cellText(rows[header.index][column]),
        value: cellText(rows[index][column]),
      },
    };
  };
  const stations: SourcedStation[] = [];
  for (let index = header.index + 1; index < rows.length; index++) {
    const row = rows[index];
    if (row.every(isBlank) || isRepeatedHeader(row[mdColumn])) continue;
    if (stations.length === MAX_IMPORT_ROWS)
      return { ok: false, refusal: { reason: 'tooManyRows', line: index + 1, limit: MAX_IMPORT_ROWS } };
    const md = readNumber(row[mdColumn]);
    if (typeof md === 'string') return refuse(md, index, 'md');
    const inc = readNumber(row[incColumn]);
    if (typeof inc === 'string') return refuse(inc, index, 'inc');
    const azi = readNumber(row[aziColumn]);
    if (typeof azi === 'string') return refuse(azi, index, 'azi');
    const problem = checkStation({ md, inc, azi });
    if (problem) return refuse(problem.reason, index, problem.field);
    if (stations.length > 0 && md < stations[stations.length - 1].md - SAME_DEPTH_M) return refuse('depthNotIncreasing', index, 'md');
    stations.push({ md, inc, azi: normaliseAzimuth(azi), source, line: index + 1 });
  }
  if (stations.length === 0) return { ok: false, refusal: { reason: 'noStations', line: header.index + 1 } };
  const merged = mergeStations([stations]);
  return { ok: true, format, stations: merged.stations.map(({ md, inc, azi }) => ({ md, inc, azi })), warnings: merged.warnings };
}

/** A survey listing from CSV text. */
export function parseSurveyCsv(text: string, source = 'import'): SurveyImport {
  if (text.trim() === '') return { ok: false, refusal: { reason: 'emptyFile' } };
  return importSurvey(new TextEncoder().encode(text), source);
}

/** Whether these first lines hold a survey listing's header: how a CSV file's code page is told. */
export const looksLikeSurvey = (rows: SheetRow[]) => !('reason' in findHeader(rows));

/** A survey listing from a spreadsheet read by the safe reader (kernel/sheet/read.ts), or the reader's refusal. */
export function surveyFromSheet(read: SheetRead, source = 'import'): SurveyImport {
  if (!read.ok) return { ok: false, refusal: read.refusal };
  return stationsFromRows(read.rows, read.format, source);
}

/**
 * A survey listing from an uploaded file's bytes, CSV or XLSX (told apart by content, not by
 * name), read inline by the safe reader: the limits are checked before the work they guard.
 */
export function importSurvey(file: Uint8Array | ArrayBuffer, source = 'import'): SurveyImport {
  const bytes = file instanceof Uint8Array ? file : new Uint8Array(file);
  return surveyFromSheet(readSpreadsheet(bytes, SHEET_LIMITS, looksLikeSurvey), source);
}
