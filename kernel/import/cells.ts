// A spreadsheet cell as the value of a field: numbers (with a decimal comma, or as text), days and
// times however spreadsheets and people write them, yes and no in the four languages. Pure.
import type { SheetCell } from '../sheet/read';
import { readNumber } from '../survey/import';

export type CellProblem = 'notANumber' | 'notADate' | 'notATime' | 'notABoolean';

/** The cell as trimmed text ('' when empty); a date cell as its day, or day and time. */
export function cellText(cell: SheetCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  return String(cell).trim();
}

export function cellNumber(cell: SheetCell): number | CellProblem {
  if (typeof cell === 'boolean' || cell instanceof Date) return 'notANumber';
  const read = readNumber(cell);
  return typeof read === 'number' ? read : 'notANumber';
}

const YES = new Set(['true', 'yes', 'y', '1', 'on', '是', '对', '有', 'si', 'sí', 'verdadero', 'はい', '有り', 'あり', '✓', '√']);
const NO = new Set(['false', 'no', 'n', '0', 'off', '否', '不', '无', '無', 'falso', 'いいえ', 'なし', '✗', '×']);

export function cellBoolean(cell: SheetCell): boolean | CellProblem {
  if (typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : 'notABoolean';
  const text = cellText(cell).toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return 'notABoolean';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Day, month, year and the time of day a cell writes, without a zone; undefined when it writes none. */
function wallClock(cell: SheetCell): { y: number; mo: number; d: number; h: number; mi: number; s: number; zoned?: Date } | undefined {
  if (cell instanceof Date) {
    return {
      y: cell.getUTCFullYear(),
      mo: cell.getUTCMonth() + 1,
      d: cell.getUTCDate(),
      h: cell.getUTCHours(),
      mi: cell.getUTCMinutes(),
      s: cell.getUTCSeconds(),
    };
  }
  const text = cellText(cell).normalize('NFKC');
  // 2026-03-01, 2026/3/1, 2026.3.1, 2026年3月1日, with an optional time 8:00 or 08:00:30 (or T08:00).
  const match =
    /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|T)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(
      text,
    );
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = match;
  const parts = { y: Number(y), mo: Number(mo), d: Number(d), h: Number(h), mi: Number(mi), s: Number(s) };
  const check = new Date(Date.UTC(parts.y, parts.mo - 1, parts.d, parts.h, parts.mi, parts.s));
  if (check.getUTCMonth() !== parts.mo - 1 || check.getUTCDate() !== parts.d || parts.h > 23 || parts.mi > 59 || parts.s > 59)
    return undefined;
  return zone
    ? {
        ...parts,
        zoned: new Date(
          `${y}-${pad(parts.mo)}-${pad(parts.d)}T${pad(parts.h)}:${pad(parts.mi)}:${pad(parts.s)}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`,
        ),
      }
    : parts;
}

/** A day, `YYYY-MM-DD`. */
export function cellDate(cell: SheetCell): string | CellProblem {
  const at = wallClock(cell);
  return at ? `${at.y}-${pad(at.mo)}-${pad(at.d)}` : 'notADate';
}

/** An instant, ISO 8601: a time without a zone is the server's local time, as a person typing it means it. */
export function cellDateTime(cell: SheetCell): string | CellProblem {
  const at = wallClock(cell);
  if (!at) return 'notATime';
  if (at.zoned) return Number.isNaN(at.zoned.getTime()) ? 'notATime' : at.zoned.toISOString();
  return new Date(at.y, at.mo - 1, at.d, at.h, at.mi, at.s).toISOString();
}

/** The items of a list cell: "147, 215.9", "a；b", one per line. */
export const cellItems = (cell: SheetCell): string[] =>
  cellText(cell)
    .split(/[,;，；、\n]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
