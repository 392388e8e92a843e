// The PDF deliverables and the QR labels, made on the server in the reader's language:
// GET /project/daily/pdf?id=<report>    the daily drilling report of a day;
// GET /project/survey/pdf?id=<well>     the well's survey report (every station, plan and section);
// GET /device/history/pdf?id=<device>   an instrument's history (runs, hours, wells, repairs, calibrations);
// GET /device/dossier/pdf?id=<dossier>  a filled dossier, naming its instrument;
// GET /device/labels?ids=1,2,3          QR labels of instruments (3 × 8 on an A4 sheet by default);
// GET /device/attr/labels?ids=1,2       QR labels of spare parts.
// Each needs the read permission of the records it prints. The renderer (pdfmake and its font)
// is the Node entry's, loaded on the first PDF asked for; the in-browser mock has none.
import { Code } from '../../kernel/contract/codes';
import { storedNameOf } from '../../kernel/contract/uploads';
import { echo } from '../../kernel/contract/limits';
import { parseParam } from '../../kernel/forms/param';
import { LABEL_SHEETS, MAX_LABELS, RECORD_PDFS } from '../../kernel/pdf/names';
import type { FieldDefinition } from '../../kernel/forms/types';
import { type Registry, getPath } from '../../kernel/schema/registry';
import { recordPath, viewPaths } from '../../kernel/routes/tree';
import { wellStations } from '../../kernel/survey/wells';
import { type AppContext, fail } from '../context';
import type { Api, OperationDoc } from '../http/endpoints';
import { idIn, notFound } from '../forms/form-calls';
import { idParameter } from '../resources/docs';
import type { Files } from '../files/service';
import type { Parameters } from '../settings/parameters';
import type { Row, Store } from '../store/types';
import type { WellSurveys } from '../survey/wells';
import { createPrinter, type Printer } from './format';
import type { Company } from './frame';
import { type DossierField, type Label, dailyReport, dossierReport, historyReport, labelSheet, surveyReport } from './reports';
import type { PdfDocument, PdfRenderer } from './types';

export const PDF_PATHS = {
  daily: RECORD_PDFS.daily.path,
  survey: RECORD_PDFS.project.path,
  history: RECORD_PDFS.device.path,
  dossier: RECORD_PDFS.dossier.path,
  deviceLabels: LABEL_SHEETS.device,
  partLabels: LABEL_SHEETS.accessory,
} as const;

export { MAX_LABELS };
const GRID = { columns: { default: 3, min: 1, max: 6 }, rows: { default: 8, min: 1, max: 14 } };

export interface PdfDeps {
  registry: Registry;
  store: Store;
  renderer: PdfRenderer;
  parameters: Parameters;
  files?: Files;
  wellSurveys: WellSurveys[];
}

const pdfDoc = (tags: string[], summary: string, parameters: Record<string, unknown>[]): OperationDoc => ({
  tags,
  summary,
  description:
    'A4, in the language of Accept-Language (zh, en, es, ja), with the company name and logo of the system parameters; Chinese and Japanese are text in an embedded font.',
  parameters,
  file: 'application/pdf',
  codes: [Code.invalidInput, Code.notFound],
});

const rowsWhere = async (store: Store, resource: string, field: string, value: number, sort = 'id') =>
  (await store.list(resource, { conditions: [{ field, op: 'eq', value }], sort: { field: sort, order: 'ASC' }, page: 1, limit: 100_000 }))
    .rows;

const ids = (rows: Row[], path: string) => rows.map((row) => getPath(row, path));

export function registerPdfCalls(api: Api, deps: PdfDeps) {
  const { registry, store, renderer, parameters, files } = deps;
  const has = (...names: string[]) => names.every((name) => Boolean(registry.resources[name]));

  async function company(): Promise<Company> {
    const values = await parameters.current();
    const name = values.companyName ?? '';
    const stored = storedNameOf(values.companyLogo);
    if (!stored || !files || !renderer.image) return { name };
    const found = await files.read(stored);
    const logo = found ? await renderer.image(found.bytes, found.mime) : undefined;
    return { name, logo };
  }

  const printerOf = (c: AppContext) => createPrinter(registry, store, c.get('t'), c.get('language'));

  async function answer(c: AppContext, document: PdfDocument, fileName: string) {
    const bytes = await renderer.render(document);
    const safe =
      [...fileName]
        .map((ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
        .join('')
        .slice(0, 120) || 'report';
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(`${safe}.pdf`)}`,
    });
  }

  // ---------------------------------------------------------------- daily drilling report
  if (has('daily', 'trip', 'project', 'device'))
    api.on(
      {
        method: 'GET',
        path: PDF_PATHS.daily,
        access: { resource: 'daily' },
        doc: pdfDoc(['daily'], 'The daily drilling report of a day as a PDF', [idParameter('id', 'the daily report')]),
      },
      async (c) => {
        const id = idIn(c, 'id');
        if (id instanceof Response) return id;
        const report = await store.get('daily', id);
        if (!report) return notFound(c, 'daily', id);
        const trip = typeof report.tripNumber === 'number' ? await store.get('trip', report.tripNumber) : undefined;
        const wellId = typeof report.wellId === 'number' ? report.wellId : undefined;
        const well = wellId === undefined ? undefined : await store.get('project', wellId);
        const instrumentIds = Array.isArray(trip?.instruments) ? (trip.instruments as number[]) : [];
        const instruments = instrumentIds.length
          ? (
              await store.list('device', {
                conditions: [{ field: 'id', op: 'in', value: instrumentIds }],
                sort: { field: 'id', order: 'ASC' },
                page: 1,
                limit: instrumentIds.length,
              })
            ).rows
          : [];
        const surveys = deps.wellSurveys.find((w) => w.resource === 'project');
        const found = surveys && wellId !== undefined ? await surveys.trajectoryOf(store, wellId) : undefined;
        const stations = found ? wellStations(found.trajectory).filter((s) => s.source === 'daily' && s.ref === id) : [];
        const p = await printerOf(c);
        const log = Array.isArray(report.timeLog) ? (report.timeLog as Row[]) : [];
        await p.load('device', ids(log, 'device'));
        const document = dailyReport(p, await company(), { report, trip, well, instruments, stations });
        return answer(c, document, `${String(well?.wellNumber ?? 'well')} ${String(report.day ?? id)}`);
      },
    );

  // ---------------------------------------------------------------- survey report
  for (const wells of deps.wellSurveys)
    api.on(
      {
        method: 'GET',
        path: wells.resource === 'project' ? PDF_PATHS.survey : `/${wells.resource}/survey/pdf`,
        access: { resource: wells.resource },
        doc: pdfDoc([wells.resource], 'The survey report of a well as a PDF: datum, units and method, every station, plan and section', [
          idParameter('id', 'the well'),
        ]),
      },
      async (c) => {
        const id = idIn(c, 'id');
        if (id instanceof Response) return id;
        const found = await wells.trajectoryOf(store, id);
        if (!found) return notFound(c, wells.resource, id);
        const { trajectory, well } = found;
        const p = await printerOf(c);
        const document = surveyReport(p, await company(), {
          well,
          stations: wellStations(trajectory),
          vsAzimuth: trajectory.vsAzimuth,
          tieOn: trajectory.tieOn,
          totals: trajectory.totals as unknown as Record<string, number> | undefined,
        });
        return answer(c, document, `${String(well.wellNumber ?? id)} ${p.t('pdf.survey.title')}`);
      },
    );

  // ---------------------------------------------------------------- instrument history
  if (has('device', 'userecord', 'fitrecord', 'calibration', 'projectdevice'))
    api.on(
      {
        method: 'GET',
        path: PDF_PATHS.history,
        access: { resource: 'device' },
        doc: pdfDoc(['device'], "An instrument's history as a PDF: runs, hours, wells, repairs and calibrations", [
          idParameter('id', 'the instrument'),
        ]),
      },
      async (c) => {
        const id = idIn(c, 'id');
        if (id instanceof Response) return id;
        const device = await store.get('device', id);
        if (!device) return notFound(c, 'device', id);
        const [runs, repairs, calibrations, wells] = await Promise.all([
          rowsWhere(store, 'userecord', 'device', id, 'starttime'),
          rowsWhere(store, 'fitrecord', 'device', id, 'songTime'),
          rowsWhere(store, 'calibration', 'device', id, 'date'),
          rowsWhere(store, 'projectdevice', 'device', id, 'assignedAt'),
        ]);
        const p = await printerOf(c);
        await p.load('project', [...ids(runs, 'project'), ...ids(wells, 'project')]);
        await p.load('trip', ids(runs, 'trip'));
        const document = historyReport(p, await company(), { device, runs, repairs, calibrations, wells });
        return answer(c, document, `${String(device.name ?? id)} ${p.t('pdf.history.title')}`);
      },
    );

  // ---------------------------------------------------------------- filled dossier
  if (has('dossier', 'device'))
    api.on(
      {
        method: 'GET',
        path: PDF_PATHS.dossier,
        access: { resource: 'dossier' },
        doc: pdfDoc(['dossier'], 'A filled dossier as a PDF, naming its instrument', [idParameter('id', 'the dossier')]),
      },
      async (c) => {
        const id = idIn(c, 'id');
        if (id instanceof Response) return id;
        const dossier = await store.get('dossier', id);
        if (!dossier) return notFound(c, 'dossier', id);
        const device = typeof dossier.device === 'number' ? await store.get('device', dossier.device) : undefined;
        const p = await printerOf(c);
        if (registry.resources.dosstemplate) await p.load('dosstemplate', [dossier.gid]);
        const document = dossierReport(p, await company(), dossier, device, dossierFields(p, dossier));
        return answer(c, document, `${String(device?.name ?? '')} ${String(dossier.name ?? id)}`.trim());
      },
    );

  // ---------------------------------------------------------------- QR labels
  const pages = viewPaths(registry.routes);
  const labelCall = (path: string, resource: string, detail: string[]) => {
    const pattern = pages[resource]?.record ?? pages[resource]?.show ?? pages[resource]?.edit;
    if (!registry.resources[resource] || !pattern) return;
    api.on(
      {
        method: 'GET',
        path,
        access: { resource },
        doc: {
          tags: [resource],
          summary: `A sheet of QR labels of ${resource} records: each its name in large type and a QR code of the address of its record page`,
          description: `The address is made from this request's origin and the console's record page (${pattern}); scanning it opens the record after sign-in.`,
          parameters: [
            {
              name: 'ids',
              in: 'query',
              required: true,
              description: `record ids separated by commas, at most ${MAX_LABELS}, printed in this order`,
              schema: { type: 'string', pattern: '^[0-9]+(,[0-9]+)*$' },
            },
            {
              name: 'columns',
              in: 'query',
              required: false,
              description: 'labels across a sheet',
              schema: { type: 'integer', minimum: GRID.columns.min, maximum: GRID.columns.max, default: GRID.columns.default },
            },
            {
              name: 'rows',
              in: 'query',
              required: false,
              description: 'labels down a sheet',
              schema: { type: 'integer', minimum: GRID.rows.min, maximum: GRID.rows.max, default: GRID.rows.default },
            },
          ],
          file: 'application/pdf',
          codes: [Code.invalidInput, Code.notFound],
        },
      },
      async (c) => {
        const t = c.get('t');
        const refuse = (param: string, message: string) => fail(c, Code.invalidInput, message, { errors: [{ field: param, message }] });
        const raw = c.req.query('ids') ?? '';
        const list = raw.split(',').map((part) => part.trim());
        const wanted = list.map((part) => (/^[1-9][0-9]{0,15}$/.test(part) ? Number(part) : NaN));
        if (raw === '' || wanted.some((id) => !Number.isSafeInteger(id)) || wanted.length > MAX_LABELS)
          return refuse('ids', t('pdf.bad_ids', { value: echo(raw), max: MAX_LABELS }));
        const size: Record<string, number> = {};
        for (const [param, bounds] of Object.entries(GRID)) {
          const given = c.req.query(param);
          const value = given === undefined ? bounds.default : /^[0-9]{1,2}$/.test(given) ? Number(given) : NaN;
          if (!(value >= bounds.min && value <= bounds.max))
            return refuse(param, t('pdf.bad_grid', { param, value: echo(given ?? ''), min: bounds.min, max: bounds.max }));
          size[param] = value;
        }
        const unique = [...new Set(wanted)];
        const rows = (
          await store.list(resource, {
            conditions: [{ field: 'id', op: 'in', value: unique }],
            sort: { field: 'id', order: 'ASC' },
            page: 1,
            limit: unique.length,
          })
        ).rows;
        const byId = new Map(rows.map((row) => [row.id, row]));
        const missing = unique.find((id) => !byId.has(id));
        if (missing !== undefined) return notFound(c, resource, missing);
        const p = await printerOf(c);
        const origin = new URL(c.req.url).origin;
        const by = registry.resources[resource]['x-resource'].recordRepresentation;
        const labels: Label[] = wanted.map((id) => {
          const row = byId.get(id)!;
          return {
            name: String(getPath(row, by) ?? `#${id}`),
            detail: detail
              .map((path) => p.value(resource, row, path))
              .filter(Boolean)
              .join(' · '),
            address: `${origin}${recordPath(pattern, id)}`,
          };
        });
        const title = t('pdf.labels.title', { name: t(`resources.${resource}.name`, { smart_count: 2, _: resource }) });
        return answer(c, labelSheet(labels, size.columns, size.rows, title), title);
      },
    );
  };
  labelCall(PDF_PATHS.deviceLabels, 'device', ['type', 'serialNumber']);
  labelCall(PDF_PATHS.partLabels, 'accessory', []);
}

/** A dossier's values as its template's fields name them: an option's label, a file counted, a number with its unit. */
function dossierFields(p: Printer, dossier: Row): DossierField[] {
  const definitions = Array.isArray(dossier.typelist) ? (dossier.typelist as FieldDefinition[]) : [];
  const values = (dossier.values && typeof dossier.values === 'object' ? dossier.values : {}) as Record<string, unknown>;
  return definitions.map((definition) => {
    const value = values[definition.name];
    const title = definition.unit ? `${definition.title} (${definition.unit})` : definition.title;
    const options = parseParam(definition.param).options;
    const labelOf = (v: unknown) => options.find((o) => String(o.value) === String(v))?.label ?? String(v);
    let text: string;
    if (value === undefined || value === null || value === '') text = '';
    else if (definition.type === 'upload' || definition.type === 'uploads')
      text = p.t('pdf.dossier.files', { smart_count: Array.isArray(value) ? value.length : 1 });
    else if (typeof value === 'boolean') text = p.t(value ? 'pdf.yes' : 'pdf.no');
    else if (Array.isArray(value)) text = value.map(labelOf).join(', ');
    else if (options.length > 0) text = labelOf(value);
    else text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return { title, value: text };
  });
}
