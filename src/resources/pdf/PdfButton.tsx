// Opens a PDF the server makes (a record's report, a sheet of labels) in a new tab: fetched with
// the session's token and in the console's language, then shown by the browser's own viewer
// (where it can be printed or saved). The tab is opened at the click, before the PDF arrives, so
// that no pop-up blocker stops it.
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { API_BASE } from '../../../kernel/contract/codes';
import { getToken } from '../../api/token';

/** How long the PDF's address stays readable after it was shown (the viewer has read it by then). */
const KEEP_URL_MS = 60_000;

/** Fetches the PDF at `path` (under the API base) and shows it in `tab`, or answers why not. */
export async function openPdf(path: string, query: Record<string, string | number>, language: string, tab: Window | null) {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const response = await fetch(url, { headers: { 'X-Token': getToken() ?? '', 'Accept-Language': language } });
  const type = response.headers.get('Content-Type') ?? '';
  // A refusal is an envelope; the PDF is the file itself.
  if (!type.startsWith('application/pdf')) {
    const message = type.startsWith('application/json') ? ((await response.json()) as { message?: string }).message : undefined;
    throw new Error(message ?? `HTTP ${response.status}`);
  }
  const blob = URL.createObjectURL(await response.blob());
  if (tab) showIn(tab, blob, fileNameOf(response) ?? path);
  else window.location.href = blob;
  setTimeout(() => URL.revokeObjectURL(blob), KEEP_URL_MS);
}

/** The file name the server gave (`filename*=UTF-8''…`), without its extension. */
function fileNameOf(response: Response): string | undefined {
  const match = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('Content-Disposition') ?? '');
  return match ? decodeURIComponent(match[1]).replace(/\.pdf$/i, '') : undefined;
}

/**
 * Shows the PDF in the tab opened for it (a blank page of this console, so under the same rules
 * of what pages may load): the browser's viewer in a frame filling the tab, titled with the file's name.
 */
function showIn(tab: Window, blob: string, title: string) {
  const { document } = tab;
  document.title = title;
  document.body.style.margin = '0';
  const frame = document.createElement('iframe');
  frame.src = blob;
  frame.title = title;
  frame.dataset.pdfFrame = '';
  frame.style.cssText = 'border:0;position:fixed;inset:0;width:100%;height:100%';
  document.body.replaceChildren(frame);
}

export interface PdfButtonProps {
  path: string;
  query: Record<string, string | number>;
  /** The message key of its label. */
  label: string;
  /** A QR code icon (labels) instead of the PDF one. */
  qr?: boolean;
  /** Icon only, the label kept as its accessible name (a list row). */
  compact?: boolean;
  disabled?: boolean;
}

export function PdfButton({ path, query, label, qr, compact, disabled }: PdfButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const text = translate(label);
  const icon = busy ? <CircularProgress size={16} /> : qr ? <QrCode2Icon /> : <PictureAsPdfIcon />;
  return (
    <Button
      size="small"
      startIcon={icon}
      disabled={disabled || busy}
      aria-label={text}
      title={text}
      data-pdf={path}
      onClick={async (event) => {
        // A list row's own click opens the row; this one only opens the PDF.
        event.stopPropagation();
        const tab = window.open('', '_blank');
        setBusy(true);
        try {
          await openPdf(path, query, locale, tab);
        } catch (error) {
          tab?.close();
          notify(translate('app.pdf.failed', { message: (error as Error).message }), { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
      sx={compact ? { fontSize: 0, minWidth: 0, '& .MuiButton-startIcon': { m: 0 } } : { whiteSpace: 'nowrap' }}
    >
      {text}
    </Button>
  );
}
