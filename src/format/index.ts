// The product's formatters (relative time, number abbreviation), as pure functions.

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "5 minutes ago", "3 hours ago", "2 days ago": minutes under an hour, hours under a day,
 * else days, pluralised and translated (keys app.format.minutes|hours|days, and just_now).
 */
export function relativeTime(then: Date | string | number, now: Date, translate: Translate): string {
  const seconds = Math.max(0, (now.getTime() - new Date(then).getTime()) / 1000);
  if (seconds < 60) return translate('app.format.just_now');
  if (seconds < 3600) return translate('app.format.minutes', { smart_count: Math.floor(seconds / 60) });
  if (seconds < 86400) return translate('app.format.hours', { smart_count: Math.floor(seconds / 3600) });
  return translate('app.format.days', { smart_count: Math.floor(seconds / 86400) });
}

const UNITS = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 1234 → "1.2k", 5000000 → "5M": the largest unit the number reaches, with `digits` decimals at most. */
export function abbreviateNumber(n: number, digits = 1): string {
  const unit = UNITS.find((u) => Math.abs(n) >= u.value);
  if (!unit) return String(n);
  return `${(n / unit.value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1')}${unit.symbol}`;
}

// Intl formatters are slow to make (tens of microseconds each) and a list page formats hundreds
// of values: each is made once per locale and options, then reused.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string | undefined, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/**
 * A number as `Number.prototype.toLocaleString(locale)` writes it ("1,044.9"); a numeric text is
 * read as its number first, anything else is written as it is.
 */
export function formatNumber(value: unknown, locale?: string, options?: Intl.NumberFormatOptions): string {
  const n = typeof value === 'string' && value !== '' && !isNaN(Number(value)) ? Number(value) : value;
  return typeof n === 'number' ? numberFormat(locale, options).format(n) : String(n);
}

const DATE = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
const DATE_TIME = { ...DATE, hour: 'numeric', minute: 'numeric', second: 'numeric' } as const;

/**
 * A date as `Date.prototype.toLocaleString(locale)` writes it (with `time`), else as
 * `toLocaleDateString(locale)`; a date without a time ("2026-02-15") is read as that day in UTC,
 * so that it shows the same day in every time zone.
 */
export function formatDate(value: Date | string | number, locale?: string, time = false): string {
  const date = value instanceof Date ? value : new Date(value);
  if (isNaN(date.getTime())) return 'Invalid Date';
  if (time) return dateFormat(locale, DATE_TIME).format(date);
  const dayOnly = typeof value === 'string' && value.length <= 10;
  return dateFormat(locale, dayOnly ? { ...DATE, timeZone: 'UTC' } : DATE).format(date);
}

/**
 * Makes the formatters a list uses in `locale` now: the first use of a locale's number and date
 * formats loads their data (milliseconds), better spent while the person types than on the first screen.
 */
export function prepareFormats(locale: string) {
  formatNumber(1044.9, locale);
  formatDate(0, locale, true);
  formatDate(0, locale);
}
