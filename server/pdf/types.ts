// What the PDF calls give the renderer: a pdfmake document definition (its content in plain
// objects), and the renderer itself, which the Node entry provides (server/pdf/node.ts). The
// in-browser mock has none, so these types import nothing.

/** A node of a pdfmake document (text, table, columns, canvas, qr, image...), as plain data. */
export type PdfContent = string | PdfNode | PdfContent[];
export interface PdfNode {
  [key: string]: unknown;
}

/** A whole pdfmake document definition. */
export interface PdfDocument {
  content: PdfContent;
  [key: string]: unknown;
}

export interface PdfRenderer {
  /** The document as PDF bytes, its text in the embedded CJK-capable font (subset to the glyphs used). */
  render(document: PdfDocument): Promise<Uint8Array>;
  /** A logo's bytes as an image the PDF can embed (PNG or JPEG), or undefined when it cannot be read. */
  image?(bytes: Uint8Array, mime: string): Promise<Uint8Array | undefined>;
}

/** The font family every document is set in. */
export const PDF_FONT = 'NotoSansSC';
