// How the server reads an uploaded spreadsheet: through the one safe reader (kernel/sheet/read.ts),
// in a worker thread on the Node server (worker.ts: the event loop keeps answering meanwhile),
// inline in the browser's mock. Every import (records, survey listings) reads through this.
import { SHEET_LIMITS, type SheetLimits } from '../../kernel/contract/limits';
import { type SheetRead, type SheetRow, readSpreadsheet } from '../../kernel/sheet/read';
import { looksLikeSurvey } from '../../kernel/survey/import';
import { normalizeHeader } from '../../kernel/import/headers';

/**
 * What the first lines of the file should show, for telling a CSV file's code page: a survey
 * listing's header, or a header naming one of these (normalized) names.
 */
export type SheetExpectation = { survey: true } | { names: string[] };

/** Reads the file's bytes, which it may take over (a worker is handed them): the caller does not use them after. */
export type SheetReader = (file: Uint8Array, expect?: SheetExpectation, limits?: SheetLimits) => Promise<SheetRead>;

/** The check a reading of the first lines passes when the code page is right. */
export function looksRightFor(expect: SheetExpectation | undefined): ((rows: SheetRow[]) => boolean) | undefined {
  if (!expect) return undefined;
  if ('survey' in expect) return looksLikeSurvey;
  const names = new Set(expect.names);
  return (rows) => rows.some((row) => row.some((cell) => typeof cell === 'string' && names.has(normalizeHeader(cell).name)));
}

/** Reads on the calling thread: the browser's mock, and tests of what is read rather than where. */
export const inlineSheetReader: SheetReader = async (file, expect, limits = SHEET_LIMITS) =>
  readSpreadsheet(file, limits, looksRightFor(expect));
