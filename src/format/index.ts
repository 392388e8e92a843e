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
