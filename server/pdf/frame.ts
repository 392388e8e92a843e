// The page every report is printed on: A4, the company's logo and name at the top of each page
// with the report's title, page numbers at the foot; and the few blocks reports are made of.
import type { Printer } from './format';
import { PDF_FONT, type PdfContent, type PdfDocument, type PdfNode } from './types';

/** The company as the parameters name it. */
export interface Company {
  name: string;
  /** Its logo as PNG or JPEG bytes, when it has one that can be embedded. */
  logo?: Uint8Array;
}

const MARGIN = 36;
const RULE = '#8a9199';

const dataUrl = (bytes: Uint8Array) => `data:image/${bytes[0] === 0x89 ? 'png' : 'jpeg'};base64,${Buffer.from(bytes).toString('base64')}`;

export function reportDocument(p: Printer, company: Company, title: string, subtitle: string, content: PdfContent[]): PdfDocument {
  const logo = company.logo ? dataUrl(company.logo) : undefined;
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN, 72, MARGIN, 44],
    info: { title: `${title} ${subtitle}`.trim(), author: company.name, creator: company.name, producer: company.name },
    defaultStyle: { font: PDF_FONT, fontSize: 8.5, lineHeight: 1.15 },
    styles: {
      section: { fontSize: 10.5, bold: true, margin: [0, 10, 0, 4], color: '#1f3b57' },
      head: { bold: true, fillColor: '#eef2f6' },
      small: { fontSize: 7.5, color: '#555' },
    },
    header: () => ({
      margin: [MARGIN, 22, MARGIN, 0],
      columns: [
        ...(logo ? [{ image: logo, fit: [90, 32], width: 'auto', margin: [0, 0, 8, 0] }] : []),
        { text: company.name, bold: true, fontSize: 11, width: '*', margin: [0, 8, 0, 0] },
        {
          stack: [
            { text: title, bold: true, fontSize: 13 },
            { text: subtitle, fontSize: 9 },
          ],
          alignment: 'right',
          width: 'auto',
        },
      ],
    }),
    footer: (page: number, pages: number) => ({
      margin: [MARGIN, 14, MARGIN, 0],
      columns: [
        { text: [company.name, `${title} ${subtitle}`.trim()].filter(Boolean).join(' · '), style: 'small' },
        { text: p.t('pdf.page', { page, pages }), style: 'small', alignment: 'right', width: 'auto' },
      ],
    }),
    content: [{ canvas: [{ type: 'line', x1: 0, y1: 0, x2: 595.28 - 2 * MARGIN, y2: 0, lineWidth: 0.8, lineColor: RULE }] }, ...content],
  };
}

export const section = (text: string): PdfNode => ({ text, style: 'section' });

/** Labelled values in `columns` pairs of columns (label, value), empty values left out. */
export function facts(pairs: [string, string][], columns = 3): PdfNode {
  const shown = pairs.filter(([, value]) => value !== '');
  const rows: PdfContent[][] = [];
  for (let i = 0; i < shown.length; i += columns) {
    const row: PdfContent[] = [];
    for (let k = 0; k < columns; k++) {
      const pair = shown[i + k];
      row.push(pair ? { text: pair[0], color: '#555' } : '', pair ? { text: pair[1] } : '');
    }
    rows.push(row);
  }
  if (rows.length === 0) return { text: '' };
  return {
    // Labels get a fixed share of the line, so that a long value never squeezes a label to one character a line.
    table: { widths: Array.from({ length: columns }, () => [columns > 2 ? 62 : 90, '*']).flat(), body: rows },
    layout: 'noBorders',
  };
}

/** A table with a header row repeated on each page; `none` shown instead when it has no row. */
export function grid(p: Printer, head: string[], rows: string[][], widths?: (string | number)[], none?: string): PdfNode {
  if (rows.length === 0) return { text: none ?? p.t('pdf.none'), italics: true, color: '#555' };
  return {
    table: {
      headerRows: 1,
      widths: widths ?? head.map(() => '*'),
      body: [head.map((text) => ({ text, style: 'head' })), ...rows],
    },
    layout: {
      hLineWidth: (i: number) => (i <= 1 ? 0.8 : 0.3),
      vLineWidth: () => 0,
      hLineColor: () => RULE,
      paddingTop: () => 1.5,
      paddingBottom: () => 1.5,
    },
  };
}

/** Lines to sign on: a name under each, with the date. */
export function signatures(p: Printer, who: [string, string][]): PdfNode {
  return {
    margin: [0, 24, 0, 0],
    unbreakable: true,
    columns: who.map(([role, name]) => ({
      stack: [
        { text: name, margin: [0, 0, 0, 2], minHeight: 12 },
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 150, y2: 0, lineWidth: 0.6 }] },
        { text: role, style: 'small', margin: [0, 2, 0, 0] },
        { text: `${p.t('pdf.sign.date')}: ______________`, style: 'small', margin: [0, 8, 0, 0] },
      ],
    })),
  };
}
