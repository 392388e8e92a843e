// Importing a survey listing: CSV and XLSX files (the XLSX written here with write-excel-file),
// headers in each of the console's languages and the usual abbreviations, in any order and with
// units, extra columns ignored; each kind of refusal names its line and column; stations at the
// same depth merged with a warning; and any survey written out as CSV reads back the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import {
  IMPORT_REASONS,
  importSurvey,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  parseSurveyCsv,
  readHeader,
  readNumber,
  type SurveyImport,
} from '../../kernel/survey/import';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function xlsx(rows: unknown[][]): Promise<Uint8Array> {
  const cells = rows.map((row) => row.map((value) => (value === null ? null : { value: value as string | number })));
  return new Uint8Array(await (await writeXlsxFile(cells, {}).toBlob()).arrayBuffer());
}

function stationsOf(result: SurveyImport) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.stations;
}

function refusalOf(result: SurveyImport) {
  if (result.ok) throw new Error(`accepted ${result.stations.length} stations`);
  return result.refusal;
}

const EXPECTED = [
  { md: 0, inc: 0, azi: 0 },
  { md: 500, inc: 2.5, azi: 120.25 },
  { md: 530, inc: 5, azi: 121 },
];

describe('good files', () => {
  it('reads a CSV with English abbreviations, columns in any order and extra ones ignored', async () => {
    const csv = 'Azi,TVD,MD,Comment,Inc\n0,0,0,tie-on,0\n120.25,499.9,500,,2.5\n121,529.8,530,"end, for now",5\n';
    const result = await importSurvey(utf8(csv));
    expect(result).toEqual({ ok: true, format: 'csv', stations: EXPECTED, warnings: [] });
  });

  it.each([
    ['English', 'Measured Depth (m),Inclination (°),Azimuth (°)'],
    ['English, other spellings', 'MD [m], Incl. , AZIM'],
    ['Chinese', '测深/m,井斜角/(°),方位角/(°)'],
    ['Chinese, other words', '井深（m）,井斜,方位'],
    ['Spanish', 'Profundidad medida (m),Inclinación (°),Azimut (°)'],
    ['Spanish, other spelling', 'PROFUNDIDAD MEDIDA,INCLINACION,ACIMUT'],
    ['Japanese', '測深 (MD),傾斜角,方位角'],
    ['Japanese, other words', '測深(m),傾斜,方位'],
  ])('reads headers in %s', async (_, header) => {
    const csv = `${header}\n0,0,0\n500,2.5,120.25\n530,5,121\n`;
    expect(stationsOf(await importSurvey(utf8(csv)))).toEqual(EXPECTED);
  });

  it('reads an XLSX with title lines above the header, numbers and number texts', async () => {
    const file = await xlsx([
      ['Well X-1 survey listing', null, null, null],
      [null, null, null, null],
      ['Inc', 'MD (m)', 'Azi', 'Tool'],
      [0, 0, 0, 'gyro'],
      [2.5, '500', 120.25, 'MWD'],
      [5, 530, '121°', 'MWD'],
    ]);
    expect(await importSurvey(file)).toEqual({ ok: true, format: 'xlsx', stations: EXPECTED, warnings: [] });
    // As an ArrayBuffer too, the way a browser's File hands it over.
    expect(stationsOf(await importSurvey(file.slice().buffer))).toEqual(EXPECTED);
  });

  it('reads a semicolon-separated file with decimal commas, as Spanish Excel writes it, in Windows-1252', async () => {
    const text = 'Profundidad medida;Inclinación;Azimut\r\n0;0;0\r\n500;2,5;120,25\r\n530;5;121\r\n';
    const windows1252 = Uint8Array.from(text, (ch) => ch.charCodeAt(0)); // every character here is below U+0100
    expect(stationsOf(await importSurvey(windows1252))).toEqual(EXPECTED);
  });

  it('reads a CSV in GB18030, as Chinese Excel saves it, and one in UTF-8 with a byte-order mark', async () => {
    // 井深,井斜,方位 in GB18030
    const header = [0xbe, 0xae, 0xc9, 0xee, 0x2c, 0xbe, 0xae, 0xd0, 0xb1, 0x2c, 0xb7, 0xbd, 0xce, 0xbb];
    expect(new TextDecoder('gb18030').decode(Uint8Array.from(header))).toBe('井深,井斜,方位');
    const gb = Uint8Array.from([...header, ...utf8('\n0,0,0\n500,2.5,120.25\n530,5,121\n')]);
    expect(stationsOf(await importSurvey(gb))).toEqual(EXPECTED);
    expect(stationsOf(await importSurvey(utf8('\uFEFFMD,Inc,Azi\n0,0,0\n500,2.5,120.25\n530,5,121')))).toEqual(EXPECTED);
  });

  it('reads tab-separated UTF-16 ("Unicode text" from Excel)', async () => {
    const text = 'MD\tInc\tAzi\n0\t0\t0\n500\t2.5\t120.25\n530\t5\t121\n';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) bytes[2 + 2 * i] = text.charCodeAt(i);
    expect(stationsOf(await importSurvey(bytes))).toEqual(EXPECTED);
  });

  it('skips blank lines and a header repeated on a later page, and reads azimuth 360 as 0', async () => {
    const csv = 'MD,Inc,Azi\n0,0,0\n\n500,2.5,120.25\nMD,Inc,Azi\n530,5,121\n560,5,360\n';
    expect(stationsOf(parseSurveyCsv(csv))).toEqual([...EXPECTED, { md: 560, inc: 5, azi: 0 }]);
  });
});

describe('stations at the same depth', () => {
  it('are merged, the first line kept, with a warning naming both lines', async () => {
    const csv = 'MD,Inc,Azi\n0,0,0\n500,2.5,120.25\n500,2.7,120.5\n530,5,121\n';
    const result = await importSurvey(utf8(csv));
    expect(stationsOf(result)).toEqual(EXPECTED);
    expect(result.ok && result.warnings).toEqual([
      {
        md: 500,
        kept: { md: 500, inc: 2.5, azi: 120.25, source: 'import', line: 3 },
        dropped: { md: 500, inc: 2.7, azi: 120.5, source: 'import', line: 4 },
        source: 'import',
      },
    ]);
  });

  it('are merged in an XLSX too, with the source the caller names', async () => {
    const file = await xlsx([
      ['MD', 'Inc', 'Azi'],
      [0, 0, 0],
      [0, 0, 0],
      [500, 2.5, 120.25],
      [530, 5, 121],
    ]);
    const result = await importSurvey(file, 'listing.xlsx');
    expect(stationsOf(result)).toEqual(EXPECTED);
    expect(result.ok && result.warnings.map((w) => [w.md, w.kept.line, w.dropped.line, w.source])).toEqual([[0, 2, 3, 'listing.xlsx']]);
  });
});

describe('refusals name the line and the column', () => {
  it.each([
    [
      'a word for a number',
      'MD,Inc,Azi\n0,0,0\n500,two,120\n',
      { reason: 'notANumber', line: 3, column: 'inc', columnNumber: 2, header: 'Inc', value: 'two' },
    ],
    [
      'an empty cell',
      'Azi,MD,Inc\n0,0,0\n120,500,\n',
      { reason: 'missingValue', line: 3, column: 'inc', columnNumber: 3, header: 'Inc', value: '' },
    ],
    [
      'an inclination over 180°',
      'MD,Inc,Azi\n0,0,0\n500,181,120\n',
      { reason: 'outOfRange', line: 3, column: 'inc', columnNumber: 2, header: 'Inc', value: '181' },
    ],
    [
      'a negative azimuth',
      'MD,Inc,Azi\n0,0,0\n500,1,-5\n',
      { reason: 'outOfRange', line: 3, column: 'azi', columnNumber: 3, header: 'Azi', value: '-5' },
    ],
    [
      'a depth going back up',
      'MD (m),Inc,Azi\n0,0,0\n500,1,5\n\n490,1,5\n',
      { reason: 'depthNotIncreasing', line: 5, column: 'md', columnNumber: 1, header: 'MD (m)', value: '490' },
    ],
    [
      'an ambiguous thousands separator',
      'MD;Inc;Azi\n1,500;1;5\n',
      { reason: 'notANumber', line: 2, column: 'md', columnNumber: 1, header: 'MD', value: '1,500' },
    ],
  ])('%s', async (_, csv, refusal) => {
    expect(refusalOf(await importSurvey(utf8(csv)))).toEqual(refusal);
  });

  it('a bad cell in an XLSX is named by its spreadsheet line and column', async () => {
    const file = await xlsx([['Survey'], ['Azimut', 'Profundidad medida', 'Inclinación'], [0, 0, 0], [120, 500, 'n/a']]);
    expect(refusalOf(await importSurvey(file))).toEqual({
      reason: 'notANumber',
      line: 4,
      column: 'inc',
      columnNumber: 3,
      header: 'Inclinación',
      value: 'n/a',
    });
  });

  it('a missing column names the header line and the column', async () => {
    expect(refusalOf(await importSurvey(utf8('\nMD,Azi,TVD\n0,0,0\n')))).toEqual({ reason: 'missingColumn', line: 2, column: 'inc' });
    expect(refusalOf(await importSurvey(utf8('depth of hole,angle\n1,2\n')))).toEqual({ reason: 'missingColumn', line: 1, column: 'md' });
  });

  it('two columns for the same thing, or depths in feet, are refused at the header', async () => {
    expect(refusalOf(parseSurveyCsv('MD,Inc,Azi,Measured depth\n0,0,0,0\n'))).toEqual({
      reason: 'duplicateColumn',
      line: 1,
      column: 'md',
      columnNumber: 4,
      header: 'Measured depth',
    });
    expect(refusalOf(parseSurveyCsv('MD (ft),Inc,Azi\n0,0,0\n'))).toEqual({
      reason: 'unsupportedUnit',
      line: 1,
      column: 'md',
      columnNumber: 1,
      header: 'MD (ft)',
    });
  });

  it('empty files, a header without stations', async () => {
    expect(refusalOf(await importSurvey(new Uint8Array()))).toEqual({ reason: 'emptyFile' });
    expect(refusalOf(await importSurvey(utf8(' \n\n')))).toEqual({ reason: 'emptyFile' });
    expect(refusalOf(await importSurvey(await xlsx([[null]])))).toEqual({ reason: 'emptyFile' });
    expect(refusalOf(await importSurvey(utf8('title\n\nMD,Inc,Azi\n\n')))).toEqual({ reason: 'noStations', line: 3 });
  });

  it('too large a file is refused before it is read', async () => {
    const huge = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x30);
    expect(refusalOf(await importSurvey(huge))).toEqual({ reason: 'fileTooLarge', limit: MAX_IMPORT_BYTES });
  });

  it('too many lines are refused at the first one over the limit', async () => {
    const lines = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `${i * 0.1},1,1`);
    expect(refusalOf(parseSurveyCsv(`MD,Inc,Azi\n${lines.join('\n')}`))).toEqual({
      reason: 'tooManyRows',
      line: MAX_IMPORT_ROWS + 2,
      limit: MAX_IMPORT_ROWS,
    });
    expect(stationsOf(parseSurveyCsv(`MD,Inc,Azi\n${lines.slice(1).join('\n')}`))).toHaveLength(MAX_IMPORT_ROWS);
  });

  it('an old binary .xls, other binary files and a broken .xlsx', async () => {
    expect(refusalOf(await importSurvey(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])))).toEqual({
      reason: 'unsupportedFormat',
    });
    expect(refusalOf(await importSurvey(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])))).toEqual({ reason: 'unsupportedFormat' });
    expect(refusalOf(await importSurvey(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])))).toEqual({ reason: 'unreadableFile' });
  });

  it('every reason key a refusal can carry is listed for translation', () => {
    expect(new Set(IMPORT_REASONS).size).toBe(IMPORT_REASONS.length);
    for (const reason of ['emptyFile', 'fileTooLarge', 'tooManyRows', 'missingColumn', 'notANumber', 'outOfRange', 'depthNotIncreasing'])
      expect(IMPORT_REASONS).toContain(reason);
  });
});

describe('pieces', () => {
  it('reads a header into a name and a unit', () => {
    expect(readHeader('Measured Depth (m)')).toEqual({ name: 'measureddepth', unit: 'm' });
    expect(readHeader('井斜角/(°)')).toEqual({ name: '井斜角', unit: '°' });
    expect(readHeader('ＭＤ（ｍ）')).toEqual({ name: 'md', unit: 'm' });
    expect(readHeader('Inclinación deg')).toEqual({ name: 'inclinacion', unit: 'deg' });
    expect(readHeader('Azi.')).toEqual({ name: 'azi', unit: '' });
  });

  it('reads numbers strictly', () => {
    expect(['12.5', ' 7 ', '1e3', '45°', '2,75', '-0.5', '.5', 3].map(readNumber)).toEqual([12.5, 7, 1000, 45, 2.75, -0.5, 0.5, 3]);
    expect(['12a', '1,234', '1.2.3', 'NaN', true, new Date(0), Number.NaN].map(readNumber)).toEqual(Array(7).fill('notANumber'));
    expect(['', '  ', null, undefined].map(readNumber)).toEqual(Array(4).fill('missingValue'));
  });
});

describe('round trip', () => {
  it('any valid survey written as CSV reads back the same', () => {
    const survey = fc
      .array(
        fc.record({
          step: fc.integer({ min: 1, max: 100_000 }),
          inc: fc.integer({ min: 0, max: 18_000 }),
          azi: fc.integer({ min: 0, max: 35_999 }),
        }),
        { minLength: 1, maxLength: 50 },
      )
      .map((rows) => {
        let md = 0;
        return rows.map(({ step, inc, azi }) => ({ md: (md += step) / 100, inc: inc / 100, azi: azi / 100 })).filter((s) => s.md <= 20_000);
      })
      .filter((stations) => stations.length > 0);
    fc.assert(
      fc.property(survey, fc.constantFrom(',', ';', '\t'), (stations, separator) => {
        const csv = ['Azi', 'Inc', 'MD'].join(separator) + '\n' + stations.map((s) => [s.azi, s.inc, s.md].join(separator)).join('\n');
        expect(stationsOf(parseSurveyCsv(csv))).toEqual(stations);
      }),
    );
  });
});
