// Where the server makes a record's PDF and a sheet of QR labels, shared by the server's calls
// (server/pdf/register.ts) and the console's buttons (src/resources/pdf/).

/** A record's report: GET `path?id=<record id>`; `label` is the console button's message key. */
export interface RecordPdf {
  path: string;
  label: string;
}

/** The report of each resource that has one. */
export const RECORD_PDFS: Readonly<Record<string, RecordPdf>> = {
  daily: { path: '/project/daily/pdf', label: 'app.pdf.open' },
  project: { path: '/project/survey/pdf', label: 'app.pdf.survey' },
  device: { path: '/device/history/pdf', label: 'app.pdf.history' },
  dossier: { path: '/device/dossier/pdf', label: 'app.pdf.open' },
};

/** The label sheet of each resource whose records get QR labels: GET `path?ids=1,2,3`. */
export const LABEL_SHEETS: Readonly<Record<string, string>> = {
  device: '/device/labels',
  accessory: '/device/attr/labels',
};

/** At most this many labels in one sheet request (ten sheets of 3 × 8). */
export const MAX_LABELS = 240;

/**
 * The record id a label's address names, given the record page's route pattern (`/device/record/:id`):
 * what a scanner types is the address in full (`https://host/device/record/12`), or its path alone.
 * Undefined when the text is not such an address.
 */
export function recordIdOfAddress(text: string, pattern: string): number | undefined {
  let path: string;
  try {
    path = new URL(text.trim(), 'http://label.invalid').pathname;
  } catch {
    return undefined;
  }
  const [before, after = ''] = pattern.split(':id');
  if (!path.startsWith(before) || !path.endsWith(after)) return undefined;
  const id = path.slice(before.length, path.length - after.length);
  return /^[1-9][0-9]{0,15}$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : undefined;
}
