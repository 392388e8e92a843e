// The export's table written as a file. Both writers are loaded when a person first exports,
// never with the list itself.
import { type Cell, type DateCell, cellText, type Table } from './exportTable';

/** The byte-order mark that tells Excel a CSV file is UTF-8 (without it, Chinese text is garbled). */
export const BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (`=…`, `@…`, `+…`/`-…` that is not a plain number or
 * phone number) gets a leading apostrophe, so an exported file never runs what someone typed.
 */
export const FORMULA_START = /^[=@\t\r]|^[+-](?![0-9 .-]*$)/;

export type ExportFormat = 'csv' | 'xlsx';

export const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** CSV as Excel opens it: UTF-8 with a byte-order mark, comma-separated, CRLF line ends. */
export async function toCsv(table: Table): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const data = table.rows.map((row) => row.map(cellText));
  return BOM + Papa.unparse({ fields: table.headers, data }, { newline: '\r\n', escapeFormulae: FORMULA_START });
}

/**
 * A date or a time as a spreadsheet keeps one: a date (the wall-clock time the reader saw, as a
 * spreadsheet's dates have no time zone) shown in the same form as the CSV's text.
 */
function dateCell({ date }: DateCell) {
  const [y, mo, d, h = 0, mi = 0] = date.split(/[- :]/).map(Number);
  return { value: new Date(Date.UTC(y, mo - 1, d, h, mi)), type: Date, format: date.length > 10 ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd' };
}

const xlsxCell = (cell: Cell) => (cell !== null && typeof cell === 'object' ? dateCell(cell) : cell);

/** An .xlsx workbook of one sheet: the header row in bold, then the rows, numbers as numbers, dates as dates. */
export async function toXlsx(table: Table, sheet: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const header = table.headers.map((value) => ({ value, fontWeight: 'bold' as const }));
  const widths = table.headers.map((h, i) => ({
    width: Math.min(40, Math.max(8, ...[h, ...table.rows.map((r) => cellText(r[i]))].map(displayWidth))),
  }));
  return writeXlsxFile([header, ...table.rows.map((row) => row.map(xlsxCell))], {
    sheet: sheetName(sheet),
    columns: widths,
    stickyRowsCount: 1,
  }).toBlob();
}

/** How many character cells a text takes: a Chinese or Japanese character takes two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text)
    width += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return width + 1;
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** "<title> <YYYY-MM-DD>.<ext>", without characters a file system refuses. */
export const exportFileName = (title: string, day: string, format: ExportFormat) =>
  `${title.replace(/[\\/:*?"<>|]+/g, '-').trim()} ${day}.${format}`;

/** Writes the table in that format and hands it to the browser's download as "<title> <day>.<ext>". */
export async function downloadTable(table: Table, title: string, day: string, format: ExportFormat): Promise<void> {
  const content = format === 'csv' ? await toCsv(table) : await toXlsx(table, title);
  saveFile(content, exportFileName(title, day, format), format);
}

/** Hands the file to the browser's download. */
export function saveFile(content: Blob | string, name: string, format: ExportFormat) {
  const blob = typeof content === 'string' ? new Blob([content], { type: MIME[format] }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
