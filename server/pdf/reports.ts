// The reports' documents, from records already read (pure: register.ts reads them). Each is one
// A4 document in the reader's language, set in the embedded CJK-capable font.
import { getPath } from '../../kernel/schema/registry';
import type { WellStation } from '../../kernel/survey/wells';
import { type Company, facts, grid, reportDocument, section, signatures } from './frame';
import type { Printer } from './format';
import type { PdfContent, PdfDocument, PdfNode } from './types';

type Row = Record<string, unknown> & { id: number };

const WELL = 'project';
const WELL_HEADER = [
  'wellNumber',
  'wellType',
  'wellCategory',
  'oilArea',
  'region',
  'workArea',
  'clientUnit',
  'ownerUnit',
  'drillTeamNo',
  'location',
  'designDepth',
  'startDate',
];

const pairsOf = (p: Printer, resource: string, record: Row, paths: string[]): [string, string][] =>
  paths.map((path) => [p.label(resource, path), p.value(resource, record, path)]);

/** The station columns, as the trajectory panel names them. */
const column = (p: Printer, name: string) => p.t(`app.trajectory.columns.${name}`);

// ---------------------------------------------------------------- daily drilling report

export interface DailyData {
  report: Row;
  trip?: Row;
  well?: Row;
  instruments: Row[];
  /** The well's stations that came from this report. */
  stations: WellStation[];
}

export function dailyReport(p: Printer, company: Company, { report, trip, well, instruments, stations }: DailyData): PdfDocument {
  const R = 'daily';
  const wellName = well ? String(well.wellNumber ?? '') : '';
  const content: PdfContent[] = [];
  const revision = report.revision as { at?: string; values?: { field: string; value: number }[] } | undefined;
  if (revision?.at) {
    const changed = (revision.values ?? []).map((v) => `${p.label(R, v.field)} → ${p.number(v.value)}`).join('; ');
    content.push({
      margin: [0, 6, 0, 0],
      table: {
        widths: ['*'],
        body: [[{ text: [{ text: `${p.t('pdf.daily.revised', { at: p.time(revision.at) })}  `, bold: true }, changed], color: '#a40000' }]],
      },
      layout: { hLineColor: () => '#a40000', vLineColor: () => '#a40000' },
    });
  }
  content.push(section(p.t('pdf.well_header')));
  content.push(
    facts([
      ...(well ? pairsOf(p, WELL, well, WELL_HEADER) : []),
      [p.label(R, 'day'), p.value(R, report, 'day')],
      [p.label(R, 'status'), p.value(R, report, 'status')],
      [p.label(R, 'submittedBy'), p.value(R, report, 'submittedBy')],
    ]),
  );
  content.push(section(p.t('pdf.daily.trip')));
  if (trip)
    content.push(
      facts(
        pairsOf(p, 'trip', trip, [
          'tripNumber',
          'currentOpening',
          'startTime',
          'endTime',
          'startDepth',
          'endDepth',
          'instrumentSource',
          'instrumentManufacturer',
          'instrumentModel',
          'screwModel',
          'drillStringAssembly',
        ]),
      ),
    );
  content.push({ text: p.t('pdf.daily.instruments'), bold: true, margin: [0, 4, 0, 2] });
  content.push(
    grid(
      p,
      ['name', 'type', 'serialNumber', 'model', 'hour', 'calibrationUntil'].map((f) => p.label('device', f)),
      instruments.map((d) => ['name', 'type', 'serialNumber', 'model', 'hour', 'calibrationUntil'].map((f) => p.value('device', d, f))),
    ),
  );
  content.push(section(p.label(R, 'drillingParams')));
  content.push(
    facts(
      pairsOf(
        p,
        R,
        report,
        [
          'measuredDepth',
          'inclination',
          'azimuth',
          'verticalDepth',
          'horizontalDisplacement',
          'maxDoglegSeverity',
          'weightOnBit',
          'rotarySpeed',
        ].map((f) => `drillingParams.${f}`),
      ),
    ),
  );
  content.push({ text: p.t('pdf.daily.stations'), bold: true, margin: [0, 4, 0, 2] });
  content.push(
    grid(
      p,
      [column(p, 'md'), column(p, 'inc'), column(p, 'azi'), column(p, 'tvd'), p.t('pdf.displacement'), column(p, 'dls')],
      stations.map((s) => [s.md, s.inc, s.azi, s.tvd, s.closure, s.dls].map((v) => p.number(v))),
      undefined,
      p.t('pdf.daily.no_stations'),
    ),
  );
  content.push(section(p.label(R, 'mudParams')));
  content.push(
    facts(
      pairsOf(
        p,
        R,
        report,
        ['pumpPressure', 'flowRate', 'density', 'viscosity', 'circulatingTemp', 'chloride', 'ph'].map((f) => `mudParams.${f}`),
      ),
    ),
  );
  content.push(section(p.label(R, 'efficiency')));
  content.push(
    facts(
      pairsOf(
        p,
        R,
        report,
        [
          'workingCondition',
          'instrumentStatus',
          'currentDepth',
          'dailyFootage',
          'directionalFootage',
          'pureDrillingTime',
          'circulatingTime',
          'waitingTime',
          'nptTime',
          'plugBackDepth',
        ].map((f) => `efficiency.${f}`),
      ),
    ),
  );
  content.push(section(p.label(R, 'timeLog')));
  const log = Array.isArray(report.timeLog) ? (report.timeLog as Record<string, unknown>[]) : [];
  const logFields = ['from', 'to', 'activity', 'depthFrom', 'depthTo', 'npt', 'nptCategory', 'nptCause', 'device', 'comment'];
  content.push(
    grid(
      p,
      logFields.map((f) => p.label(R, `timeLog.${f}`)),
      log.map((row) =>
        logFields.map((f) =>
          f === 'npt' ? (row.npt === true ? p.t('pdf.npt') : '') : p.text(R, `timeLog.${f}`, (row as Record<string, unknown>)[f]),
        ),
      ),
      [28, 28, '*', 38, 38, 26, '*', '*', '*', '*'],
    ),
  );
  const npt = getPath(report, 'efficiency.nptTime');
  if (typeof npt === 'number')
    content.push({ text: p.t('pdf.daily.npt_total', { hours: p.number(npt) }), bold: true, margin: [0, 3, 0, 0] });
  content.push(section(p.label(R, 'workingSummary')));
  content.push({ text: String(report.workingSummary ?? '') || p.t('pdf.none') });
  content.push(
    signatures(p, [
      [p.t('pdf.sign.prepared'), p.value(R, report, 'submittedBy')],
      [p.t('pdf.sign.checked'), ''],
      [p.t('pdf.sign.client'), ''],
    ]),
  );
  return reportDocument(p, company, p.t('pdf.daily.title'), [wellName, p.value(R, report, 'day')].filter(Boolean).join(' · '), content);
}

// ---------------------------------------------------------------- survey report

export interface SurveyData {
  well: Row;
  stations: WellStation[];
  vsAzimuth: number;
  tieOn?: { md: number; tvd: number; north: number; east: number };
  totals?: Record<string, number>;
}

/** Stations printed in groups of this many, a rule between groups, as survey listings are read. */
const BLOCK = 5;

/**
 * The station table's rows: each a group of BLOCK stations, a column's values one a line. A
 * thousand stations make two hundred rows rather than a thousand, which keeps a long well's
 * report quick to lay out.
 */
function stationBlocks(stations: WellStation[], names: readonly (keyof WellStation)[]): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < stations.length; i += BLOCK) {
    const block = stations.slice(i, i + BLOCK);
    rows.push(names.map((name) => block.map((s) => (s[name] as number).toFixed(2)).join('\n')));
  }
  return rows;
}

const PLOT_W = 250;
const PLOT_H = 200;

/** A line plot of points (x right, y down as given) fitted into a frame with equal scales, its range under it. */
function plot(p: Printer, title: string, points: { x: number; y: number }[], xName: string, yName: string, yDown: boolean): PdfNode {
  const xs = points.map((q) => q.x);
  const ys = points.map((q) => q.y);
  const [x0, x1] = [Math.min(0, ...xs), Math.max(0, ...xs)];
  const [y0, y1] = [Math.min(0, ...ys), Math.max(0, ...ys)];
  const span = Math.max(x1 - x0, y1 - y0, 1);
  const scale = Math.min((PLOT_W - 20) / span, (PLOT_H - 20) / span);
  const px = (x: number) => 10 + (x - x0) * scale;
  const py = (y: number) => (yDown ? 10 + (y - y0) * scale : PLOT_H - 10 - (y - y0) * scale);
  const shapes: PdfNode[] = [
    { type: 'rect', x: 0, y: 0, w: PLOT_W, h: PLOT_H, lineWidth: 0.5, lineColor: '#8a9199' },
    { type: 'line', x1: px(0), y1: 0, x2: px(0), y2: PLOT_H, lineWidth: 0.3, lineColor: '#c5cad0', dash: { length: 2 } },
    { type: 'line', x1: 0, y1: py(0), x2: PLOT_W, y2: py(0), lineWidth: 0.3, lineColor: '#c5cad0', dash: { length: 2 } },
  ];
  if (points.length > 1)
    shapes.push({ type: 'polyline', lineWidth: 1, lineColor: '#1f5fa8', points: points.map((q) => ({ x: px(q.x), y: py(q.y) })) });
  if (points.length > 0) {
    const last = points[points.length - 1];
    shapes.push({ type: 'ellipse', x: px(last.x), y: py(last.y), r1: 2, r2: 2, color: '#a40000' });
  }
  const range = (name: string, a: number, b: number) => `${name} ${p.number(a, 1)} … ${p.number(b, 1)} m`;
  return {
    stack: [
      { text: title, bold: true, margin: [0, 0, 0, 3] },
      { canvas: shapes },
      { text: `${range(xName, x0, x1)}   ${range(yName, y0, y1)}`, style: 'small', margin: [0, 2, 0, 0] },
    ],
  };
}

export function surveyReport(p: Printer, company: Company, { well, stations, vsAzimuth, tieOn, totals }: SurveyData): PdfDocument {
  const wellName = String(well.wellNumber ?? '');
  const datum = tieOn
    ? p.t('pdf.survey.datum_tieon', {
        md: p.number(tieOn.md),
        tvd: p.number(tieOn.tvd),
        north: p.number(tieOn.north),
        east: p.number(tieOn.east),
      })
    : p.t('pdf.survey.datum_wellhead');
  const content: PdfContent[] = [
    section(p.t('pdf.well_header')),
    facts(pairsOf(p, WELL, well, [...WELL_HEADER, 'xCoord', 'yCoord'])),
    section(p.t('pdf.survey.basis')),
    facts(
      [
        [p.t('pdf.survey.datum'), datum],
        [p.t('pdf.survey.units'), p.t('pdf.survey.units_text')],
        [p.t('pdf.survey.method'), p.t('pdf.survey.method_text')],
        [p.t('pdf.survey.vs_azimuth'), `${p.number(vsAzimuth)}°`],
        [p.t('app.trajectory.totals.stations'), String(stations.length)],
        [p.t('app.trajectory.totals.md'), totals?.md !== undefined ? `${p.number(totals.md)} m` : ''],
        [p.t('app.trajectory.totals.closure'), totals?.closure !== undefined ? `${p.number(totals.closure)} m` : ''],
        [p.t('app.trajectory.totals.maxInclination'), totals?.maxInclination !== undefined ? `${p.number(totals.maxInclination)}°` : ''],
        [p.t('app.trajectory.totals.maxDls'), totals?.maxDls !== undefined ? `${p.number(totals.maxDls)} °/30 m` : ''],
      ],
      2,
    ),
  ];
  if (stations.length > 0)
    content.push({
      margin: [0, 10, 0, 0],
      unbreakable: true,
      columns: [
        plot(
          p,
          p.t('app.trajectory.plan'),
          stations.map((s) => ({ x: s.east, y: s.north })),
          p.t('app.trajectory.axis.east'),
          p.t('app.trajectory.axis.north'),
          false,
        ),
        plot(
          p,
          p.t('app.trajectory.section', { azimuth: p.number(vsAzimuth) }),
          stations.map((s) => ({ x: s.vs, y: s.tvd })),
          p.t('app.trajectory.axis.vs'),
          p.t('app.trajectory.axis.tvd'),
          true,
        ),
      ],
      columnGap: 16,
    });
  content.push(section(p.t('app.trajectory.stations_title')));
  const names = ['md', 'inc', 'azi', 'tvd', 'north', 'east', 'vs', 'dls'] as const;
  content.push(
    grid(
      p,
      names.map((name) => column(p, name)),
      stationBlocks(stations, names),
      undefined,
      p.t('pdf.survey.no_stations'),
    ),
  );
  return reportDocument(p, company, p.t('pdf.survey.title'), wellName, content);
}

// ---------------------------------------------------------------- instrument history

export interface HistoryData {
  device: Row;
  runs: Row[];
  repairs: Row[];
  calibrations: Row[];
  wells: Row[];
}

export function historyReport(p: Printer, company: Company, { device, runs, repairs, calibrations, wells }: HistoryData): PdfDocument {
  const D = 'device';
  const name = String(device.name ?? `#${device.id}`);
  const hours = runs.reduce((sum, run) => sum + (typeof run.usetime === 'number' ? run.usetime : 0), 0);
  const places = wellsOf(runs, wells);
  const cells = (resource: string, rows: Row[], paths: string[]) => rows.map((row) => paths.map((path) => p.value(resource, row, path)));
  const heads = (resource: string, paths: string[]) => paths.map((path) => p.label(resource, path));
  const RUN = ['starttime', 'endtime', 'usetime', 'project', 'trip', 'startcl', 'endcl', 'status'];
  const REPAIR = ['songTime', 'songReason', 'returnTime', 'solve', 'feedback'];
  const CALIBRATION = ['date', 'result', 'nextDue', 'certificateNo', 'lab'];
  const content: PdfContent[] = [
    section(p.t('pdf.history.instrument')),
    facts(
      pairsOf(p, D, device, [
        'name',
        'type',
        'status',
        'serialNumber',
        'manufacturer',
        'model',
        'firmwareVersion',
        'purchaseDate',
        'location',
        'base',
        'hour',
        'houring',
        'calibrationUntil',
      ]),
    ),
    {
      text: p.t('pdf.history.summary', {
        runs: runs.length,
        hours: p.number(hours),
        repairs: repairs.length,
        calibrations: calibrations.length,
        wells: places.length,
      }),
      bold: true,
      margin: [0, 6, 0, 0],
    },
    section(p.t('pdf.history.runs')),
    grid(p, heads('userecord', RUN), cells('userecord', runs, RUN)),
    section(p.t('pdf.history.wells')),
    grid(
      p,
      [
        p.label('userecord', 'project'),
        p.t('pdf.history.from'),
        p.t('pdf.history.to'),
        p.t('pdf.history.runs'),
        p.label('userecord', 'usetime'),
      ],
      places.map((place) => [
        p.name('project', place.well),
        p.time(place.from),
        place.to === null ? p.t('pdf.history.still_there') : p.time(place.to),
        String(place.runs),
        `${p.number(place.hours)} h`,
      ]),
    ),
    section(p.t('pdf.history.repairs')),
    grid(p, heads('fitrecord', REPAIR), cells('fitrecord', repairs, REPAIR)),
    section(p.t('pdf.history.calibrations')),
    grid(p, heads('calibration', CALIBRATION), cells('calibration', calibrations, CALIBRATION)),
  ];
  return reportDocument(p, company, p.t('pdf.history.title'), name, content);
}

interface Place {
  well: number;
  from: string;
  /** When it left; null while it is still assigned there. */
  to: string | null;
  runs: number;
  hours: number;
}

/**
 * Where an instrument has been: each well it ran in or was assigned to, from the first time it
 * was there to the last (open while an assignment has not ended), with its runs and hours there;
 * in the order it first went there.
 */
export function wellsOf(runs: Row[], assignments: Row[]): Place[] {
  const byWell = new Map<number, Place>();
  const visit = (well: unknown, from: unknown, to: unknown, run?: Row) => {
    if (typeof well !== 'number' || typeof from !== 'string') return;
    const place = byWell.get(well) ?? { well, from, to: typeof to === 'string' ? to : null, runs: 0, hours: 0 };
    if (from < place.from) place.from = from;
    if (place.to !== null && (typeof to !== 'string' || to > place.to)) place.to = typeof to === 'string' ? to : null;
    if (run) {
      place.runs += 1;
      place.hours += typeof run.usetime === 'number' ? run.usetime : 0;
    }
    byWell.set(well, place);
  };
  for (const run of runs) visit(run.project, run.starttime, run.endtime, run);
  for (const assignment of assignments) visit(assignment.project, assignment.assignedAt, assignment.removedAt ?? null);
  return [...byWell.values()].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

// ---------------------------------------------------------------- filled dossier

export interface DossierField {
  title: string;
  value: string;
}

export function dossierReport(p: Printer, company: Company, dossier: Row, device: Row | undefined, fields: DossierField[]): PdfDocument {
  const S = 'dossier';
  const instrument = device ? String(device.name ?? `#${device.id}`) : p.name('device', dossier.device);
  const content: PdfContent[] = [
    section(p.t('pdf.dossier.instrument')),
    facts([
      [p.label('device', 'name'), instrument],
      ...(device ? pairsOf(p, 'device', device, ['type', 'serialNumber', 'model', 'hour']) : []),
    ]),
    section(String(dossier.name ?? '')),
    facts(pairsOf(p, S, dossier, ['gid', 'revision', 'status', 'createdBy', 'add_time']), 2),
    ...(dossier.intro ? [{ text: String(dossier.intro), margin: [0, 4, 0, 0] }] : []),
    section(p.t('pdf.dossier.values')),
    grid(
      p,
      [p.t('pdf.dossier.field'), p.t('pdf.dossier.value')],
      fields.map((f) => [f.title, f.value]),
      [160, '*'],
    ),
    signatures(p, [
      [p.t('pdf.sign.prepared'), p.value(S, dossier, 'createdBy')],
      [p.t('pdf.sign.checked'), ''],
    ]),
  ];
  return reportDocument(p, company, p.t('pdf.dossier.title'), `${instrument} · ${String(dossier.name ?? '')}`, content);
}

// ---------------------------------------------------------------- labels

export interface Label {
  name: string;
  /** A second line: the type, the serial number. */
  detail: string;
  /** What the QR code holds: the address of the record's page. */
  address: string;
}

const A4 = { w: 595.28, h: 841.89 };
const QUIET = 12;

/** Labels in a grid of `columns` × `rows` per A4 sheet, each a QR code and the name in large type. */
export function labelSheet(labels: Label[], columns: number, rows: number, title: string): PdfDocument {
  const [w, h] = [A4.w / columns, A4.h / rows];
  const qr = Math.min(h - 2 * QUIET, w * 0.45);
  const content: PdfContent[] = [];
  labels.forEach((label, i) => {
    const at = i % (columns * rows);
    if (at === 0 && i > 0) content.push({ text: '', pageBreak: 'before' });
    const [x, y] = [(at % columns) * w, Math.floor(at / columns) * h];
    // Clear space around the code (QR's quiet zone): a scanner finds it beside other labels' text.
    const textX = x + QUIET + qr + QUIET;
    const textW = w - qr - 2 * QUIET - 6;
    content.push({ qr: label.address, fit: qr, margin: [0, 0, 0, 0], absolutePosition: { x: x + QUIET, y: y + (h - qr) / 2 } });
    // The name as large as its length lets it be on one line of the label.
    const size = Math.max(10, Math.min(22, (textW / Math.max(label.name.length, 1)) * 1.45));
    content.push({
      absolutePosition: { x: textX, y: y + 12 },
      columns: [
        {
          width: textW,
          stack: [
            { text: label.name, bold: true, fontSize: size },
            { text: label.detail, fontSize: 7, color: '#444', margin: [0, 3, 0, 0] },
          ],
        },
      ],
    });
  });
  return {
    pageSize: 'A4',
    pageMargins: [0, 0, 0, 0],
    info: { title },
    defaultStyle: { font: 'NotoSansSC' },
    content: content.length > 0 ? content : [{ text: '' }],
  };
}
