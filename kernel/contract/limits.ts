// The limits the API holds every caller to, checked before any work is done. The console uses
// the same numbers (a delete of more ids than the server takes is split, never refused).

/** A JSON body larger than this is refused while it arrives; `JSON_BODY_MAX_BYTES` overrides it. */
export const DEFAULT_JSON_BODY_MAX_BYTES = 1024 * 1024;
/** Objects and arrays nested deeper than this are refused (records are a few levels deep). */
export const MAX_JSON_DEPTH = 16;
/** No array in a body may hold more items than this. */
export const MAX_ARRAY_ITEMS = 1000;
/** At most this many ids in one delete or one `ids=` list. */
export const MAX_IDS = 1000;
/** Longer usernames are refused before any lookup. */
export const MAX_USERNAME_LENGTH = 64;
/** A name or value the caller sent is quoted in a message up to this many characters. */
export const MAX_ECHO_LENGTH = 100;

/**
 * A caller's text as a message may quote it: at most MAX_ECHO_LENGTH UTF-16 units, then "…",
 * never cutting a character written as a surrogate pair in two.
 */
export function echo(text: string): string {
  if (text.length <= MAX_ECHO_LENGTH) return text;
  const end = /[\uD800-\uDBFF]/.test(text[MAX_ECHO_LENGTH - 1]) ? MAX_ECHO_LENGTH - 1 : MAX_ECHO_LENGTH;
  return `${text.slice(0, end)}…`;
}

/** How long a password may be: at least 8 characters, and at most 128 (hashing a longer one is work for nothing). */
export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;

/**
 * What a spreadsheet a person uploads (a CSV or XLSX file: an import, a survey listing) may be,
 * checked before the work each limit guards: the file's size before it is read; an XLSX's entry
 * count and the sizes its parts declare before anything is inflated, and each part's real size
 * while it is (a part larger than it declares is refused there); lines while they are parsed,
 * the reading stopping at the limit; columns and each cell's length as they come.
 */
export const SHEET_LIMITS = {
  /** The uploaded file. */
  maxBytes: 20 * 1024 * 1024,
  /** An XLSX's parts together, unpacked (a real sheet of 100,000 rows fits well within it). */
  maxUnpackedBytes: 80 * 1024 * 1024,
  /** Files inside an XLSX (a workbook has a few dozen). */
  maxEntries: 1000,
  /** Data lines (records, stations) below the header. */
  maxRows: 100_000,
  /** Title lines that may stand above the header, beside the data lines. */
  headerLines: 50,
  /** Columns of a line. */
  maxColumns: 256,
  /** Characters of one cell, as Excel allows. */
  maxCellLength: 32_767,
} as const;
export type SheetLimits = { [K in keyof typeof SHEET_LIMITS]: number };

/** A refusal names at most this many problems, whatever their kind; the rest are refused all the same. */
export const MAX_PROBLEMS_REPORTED = 10;

/** Event streams one session may hold open at a time (a tab holds one). */
export const MAX_STREAMS_PER_SESSION = 10;
