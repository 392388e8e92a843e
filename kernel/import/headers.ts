// Matching a spreadsheet's column headers to a resource's fields: by the fields' labels in any of
// the four languages, by their names (and dotted paths), with or without a unit ("井深(m)",
// "Depth (ft)", "Outer diameter / in"); a unit other than the field's is converted where the two
// measure the same thing (feet to metres), and refused where they do not. Pure.

/** A header cell's name, lower case without spaces, punctuation or accents, and the unit it states. */
export function normalizeHeader(cell: unknown): { name: string; unit: string; whole: string } {
  let text = String(cell ?? '')
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .trim()
    .replace(/^\*+|\*+$/g, ''); // a required column marked with a star
  const whole = squeeze(text);
  let unit = '';
  // The unit is the last bracketed group ("Initial gel (10 s) (Pa)" → Pa), else what follows the last slash.
  const bracketed = /^(.*?)\s*[([{【（]([^()[\]{}【】（）]*)[)\]}】）]$/.exec(text);
  const slash = text.lastIndexOf('/');
  if (bracketed && bracketed[1] !== '') {
    unit = bracketed[2].replace(/\s/g, '');
    text = bracketed[1];
  } else if (slash > 0) {
    unit = text.slice(slash + 1).replace(/\s/g, '');
    text = text.slice(0, slash);
  }
  return { name: squeeze(text), unit: normalizeUnit(unit), whole };
}

const squeeze = (text: string) => text.replace(/[\s._\-:：*]/g, '');

/** A unit as written, in one spelling: "M" → m, "°c" → °c, "米" → m, "英尺" → ft. */
function normalizeUnit(unit: string): string {
  const u = unit.replace(/[\s.]/g, '').replace(/^℃$/, '°c').replace(/^℉$/, '°f');
  return UNIT_SYNONYMS[u] ?? u;
}

const UNIT_SYNONYMS: Record<string, string> = {
  米: 'm',
  metre: 'm',
  metres: 'm',
  meter: 'm',
  meters: 'm',
  metros: 'm',
  メートル: 'm',
  feet: 'ft',
  foot: 'ft',
  usft: 'ft',
  pies: 'ft',
  英尺: 'ft',
  フィート: 'ft',
  inch: 'in',
  inches: 'in',
  pulgadas: 'in',
  英寸: 'in',
  '"': 'in',
  '″': 'in',
  毫米: 'mm',
  小时: 'h',
  hours: 'h',
  hour: 'h',
  hr: 'h',
  hrs: 'h',
  horas: 'h',
  時間: 'h',
  度: '°',
  deg: '°',
  degrees: '°',
  grados: '°',
  摄氏度: '°c',
  c: '°c',
  f: '°f',
  元: 'cny',
  rmb: 'cny',
  '¥': 'cny',
  'l/s': 'l/s',
  升每秒: 'l/s',
  兆帕: 'mpa',
};

/** Conversions into a field's unit (lower case): the factor, or a function for an offset scale. */
const CONVERSIONS: Record<string, Record<string, number | ((value: number) => number)>> = {
  m: { ft: 0.3048, km: 1000, cm: 0.01, mm: 0.001 },
  mm: { in: 25.4, cm: 10, m: 1000 },
  '°c': { '°f': (f) => ((f - 32) * 5) / 9, k: (k) => k - 273.15 },
  mpa: { psi: 0.006894757, kpa: 0.001, bar: 0.1, atm: 0.101325 },
  'l/s': { gpm: 0.0630902, 'l/min': 1 / 60, 'm³/min': 1000 / 60, 'm3/min': 1000 / 60 },
  'g/cm³': { ppg: 0.119826, 'kg/m³': 0.001, 'kg/m3': 0.001, 'g/cm3': 1 },
  h: { min: 1 / 60, d: 24 },
  kn: { klbf: 4.448222, t: 9.80665, tf: 9.80665 },
};

/** How a value in `unit` becomes one in the field's `fieldUnit`: identity, a conversion, or undefined when it cannot. */
export function converter(unit: string, fieldUnit: string | undefined): ((value: number) => number) | undefined {
  if (unit === '') return (value) => value;
  const target = normalizeUnit((fieldUnit ?? '').toLowerCase());
  if (target === '') return undefined;
  if (unit === target) return (value) => value;
  const conversion = CONVERSIONS[target]?.[unit];
  if (conversion === undefined) return undefined;
  return typeof conversion === 'number' ? (value) => value * conversion : conversion;
}

/** A field a column may fill, with the names a header may call it by. */
export interface ColumnField {
  /** The dotted path (`leader.name`). */
  path: string;
  /** Its unit (`x-unit`), when a number. */
  unit?: string;
  /** Its labels in each language, and any other names (its unit's labels are not needed: units are read apart). */
  names: string[];
}

/** A header matched to a field: which, and how its numbers are converted; or why it is not. */
export type HeaderMatch =
  | { column: number; header: string; path: string; convert: (value: number) => number; unit: string }
  | { column: number; header: string; path: string; problem: 'unit'; unit: string }
  | { column: number; header: string; path?: undefined };

/** The normalized names each field goes by, for matching and for telling a CSV file's code page. */
export function namesOf(fields: readonly ColumnField[]): Map<string, string> {
  const byName = new Map<string, string>();
  // Paths and last names first, then labels: a label never hides a field's own name.
  for (const field of fields) byName.set(normalizeHeader(field.path).whole, field.path);
  for (const field of fields) {
    const last = normalizeHeader(field.path.slice(field.path.lastIndexOf('.') + 1)).whole;
    if (!byName.has(last)) byName.set(last, field.path);
  }
  for (const field of fields)
    for (const name of field.names) {
      const key = normalizeHeader(name).whole;
      if (key !== '' && !byName.has(key)) byName.set(key, field.path);
    }
  return byName;
}

/**
 * Each header matched to a field by its name, at most one column per field (the first). `chosen`
 * maps a header, as written, to the path the person picked for it (or '' for none) and wins over
 * the guess.
 */
export function matchHeaders(
  headers: readonly unknown[],
  fields: readonly ColumnField[],
  chosen: Record<string, string> = {},
): HeaderMatch[] {
  const byName = namesOf(fields);
  const byPath = new Map(fields.map((field) => [field.path, field]));
  const taken = new Set<string>();
  return headers.map((cell, column) => {
    const header = String(cell ?? '').trim();
    const read = normalizeHeader(header);
    // A label holding a slash or brackets of its own ("租自 / 客户") is matched whole, without a unit.
    const whole = byName.get(read.whole);
    const { name, unit } = whole !== undefined ? { name: read.whole, unit: '' } : read;
    const picked = Object.prototype.hasOwnProperty.call(chosen, header) ? chosen[header] : undefined;
    const path = picked !== undefined ? (byPath.has(picked) ? picked : undefined) : byName.get(name);
    if (path === undefined || taken.has(path) || header === '') return { column, header };
    taken.add(path);
    const convert = converter(unit, byPath.get(path)!.unit);
    return convert ? { column, header, path, convert, unit } : { column, header, path, problem: 'unit' as const, unit };
  });
}
