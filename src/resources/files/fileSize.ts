// A file's size as a person reads it: bytes under a kilobyte, then KB, then MB, with the number
// written the reader's way and the unit translated (app.files.units.*).
type Translate = (key: string, options?: Record<string, unknown>) => string;

const KB = 1024;
const MB = 1024 * 1024;

export function formatFileSize(bytes: number, locale: string, translate: Translate): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, 'MB'] : bytes >= KB ? [bytes / KB, 'KB'] : [bytes, 'B'];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 'B' ? 0 : 1 }).format(value);
  return translate(`app.files.units.${unit}`, { value: number });
}
