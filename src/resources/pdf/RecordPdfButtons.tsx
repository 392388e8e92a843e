// A record's printable things, on its record page and in its row of a list: its report as a PDF
// (a daily report, a well's survey report, an instrument's history, a dossier) and its QR label,
// for the resources the server makes them for (kernel/pdf/names.ts).
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Identifier, useListContext } from 'react-admin';
import { LABEL_SHEETS, MAX_LABELS, RECORD_PDFS } from '../../../kernel/pdf/names';
import { PdfButton } from './PdfButton';

export function RecordPdfButtons({ resource, id, compact }: { resource: string; id: Identifier; compact?: boolean }) {
  // On a phone the buttons are their icons, as the record page's others are.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const report = RECORD_PDFS[resource];
  const labels = LABEL_SHEETS[resource];
  return (
    <>
      {report && <PdfButton path={report.path} query={{ id: String(id) }} label={report.label} compact={compact || phone} />}
      {labels && !compact && <PdfButton path={labels} query={{ ids: String(id) }} label="app.pdf.label" qr compact={phone} />}
    </>
  );
}

/** The list's bulk action: a sheet of labels of the rows chosen, in the list's order. */
export function LabelsBulkButton({ resource }: { resource: string }) {
  const { selectedIds = [], data = [] } = useListContext();
  const path = LABEL_SHEETS[resource];
  if (!path) return null;
  const order = new Map(data.map((record, i) => [String(record.id), i]));
  const ids = [...selectedIds].sort((a, b) => (order.get(String(a)) ?? 0) - (order.get(String(b)) ?? 0)).slice(0, MAX_LABELS);
  return <PdfButton path={path} query={{ ids: ids.join(',') }} label="app.pdf.labels" qr disabled={ids.length === 0} />;
}
