// The demo calibration reports: for some instruments, a PNG calibration chart and a PDF
// certificate, drawn from the instrument's id alone, so that every run makes the same files.
// The image and PDF libraries are loaded when asked: the server's demo step and the mock use them.
import { SEED_DATE } from './fake';

export interface DemoReport {
  name: string;
  bytes: Uint8Array;
  uploadedAt: Date;
}

/** The instruments that get reports: every other one of the first few. */
export const reportedDevices = (ids: number[]): number[] => ids.filter((id) => id <= 24 && id % 2 === 1);

const DAY = 24 * 60 * 60 * 1000;
const WIDTH = 460;
const HEIGHT = 300;

/** The calibration error of reading `i` of instrument `id`, in tenths of a degree: small and repeatable. */
const deviation = (id: number, i: number) => Math.round(Math.sin(id * 7.3 + i * 1.9) * 3) / 10;

/** A chart of reference angle against error: grid, zero line, error curve, a band of tolerance. */
function chartPixels(id: number): Uint8Array {
  const pixels = new Uint8Array(WIDTH * HEIGHT * 3).fill(255);
  const paint = (x: number, y: number, [r, g, b]: readonly number[]) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const at = (Math.round(y) * WIDTH + Math.round(x)) * 3;
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
  };
  const header = [24, 144, 255] as const;
  for (let y = 0; y < 28; y++) for (let x = 0; x < WIDTH; x++) paint(x, y, header);
  const top = 48;
  const bottom = HEIGHT - 24;
  const middle = (top + bottom) / 2;
  const [left, right] = [32, 32 + 11 * 36];
  const band = [225, 243, 230] as const;
  for (let y = middle - 50; y <= middle + 50; y++) for (let x = left; x <= right; x++) paint(x, y, band);
  for (let x = left; x <= right; x += 36) for (let y = top; y <= bottom; y++) paint(x, y, [220, 223, 230]);
  for (let y = top; y <= bottom; y += 28) for (let x = left; x <= right; x++) paint(x, y, [220, 223, 230]);
  for (let x = left; x <= right; x++) paint(x, middle, [96, 98, 102]);
  // The error at each of 12 reference angles, joined by straight lines, each point a small square.
  const points = Array.from({ length: 12 }, (_, i) => ({ x: left + i * 36, y: middle - deviation(id, i) * 150 }));
  points.forEach((point, i) => {
    const next = points[i + 1];
    if (next)
      for (let t = 0; t <= 1; t += 1 / 72) paint(point.x + (next.x - point.x) * t, point.y + (next.y - point.y) * t, [245, 108, 108]);
    for (let dx = -2; dx <= 2; dx++) for (let dy = -2; dy <= 2; dy++) paint(point.x + dx, point.y + dy, [48, 49, 51]);
  });
  return pixels;
}

async function chartPng(id: number): Promise<Uint8Array> {
  const { encode } = await import('fast-png');
  return encode({ width: WIDTH, height: HEIGHT, data: chartPixels(id), channels: 3, depth: 8 });
}

/** A one-page certificate: the instrument, the date, the readings against their references, the verdict. */
async function certificatePdf(id: number, deviceName: string, date: Date): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(`Calibration certificate ${deviceName}`);
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const write = (text: string, x: number, y: number, size = 11, face = font) =>
    page.drawText(text, { x, y, size, font: face, color: rgb(0.19, 0.19, 0.2) });
  page.drawRectangle({ x: 0, y: 782, width: 595, height: 60, color: rgb(0.09, 0.56, 1) });
  page.drawText('Calibration certificate', { x: 48, y: 804, size: 22, font: bold, color: rgb(1, 1, 1) });
  write(`Instrument: ${deviceName}`, 48, 740, 13, bold);
  write(`Certificate no.: CAL-${date.getUTCFullYear()}-${String(id).padStart(4, '0')}`, 48, 720);
  write(`Calibrated on: ${date.toISOString().slice(0, 10)}`, 48, 704);
  write('Reference (deg)', 48, 660, 11, bold);
  write('Measured (deg)', 200, 660, 11, bold);
  write('Error (deg)', 352, 660, 11, bold);
  for (let i = 0; i < 12; i++) {
    const reference = i * 30;
    const error = deviation(id, i);
    const y = 640 - i * 18;
    write(reference.toFixed(1), 48, y);
    write((reference + error).toFixed(1), 200, y);
    write(error.toFixed(1), 352, y);
  }
  write('Tolerance: +/- 0.3 deg. Result: within tolerance.', 48, 400, 12, bold);
  return pdf.save({ useObjectStreams: false });
}

/** The reports of one instrument, oldest first: a chart and a certificate, and an older certificate for some. */
export async function demoReports(id: number, deviceName: string): Promise<DemoReport[]> {
  const latest = new Date(SEED_DATE.getTime() - (id * 5 + 3) * DAY);
  const reports: DemoReport[] = [];
  if (id % 3 === 1) {
    const older = new Date(latest.getTime() - 365 * DAY);
    reports.push({
      name: `Calibration certificate ${deviceName} ${older.toISOString().slice(0, 10)}.pdf`,
      bytes: await certificatePdf(id, deviceName, older),
      uploadedAt: older,
    });
  }
  reports.push({ name: `Calibration curve ${deviceName}.png`, bytes: await chartPng(id), uploadedAt: latest });
  reports.push({
    name: `Calibration certificate ${deviceName} ${latest.toISOString().slice(0, 10)}.pdf`,
    bytes: await certificatePdf(id, deviceName, latest),
    uploadedAt: new Date(latest.getTime() + 60 * 60 * 1000),
  });
  return reports;
}
