// GET /project/daily/charts?id=<well>: a well's figures from its daily reports, read from the
// database: the hours of non-productive time by category and by cause (over the rows of the
// reports' time logs marked npt), and the current depth of each report's day against the well's
// planned depth.
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { echo } from '../../kernel/contract/limits';
import { getPath } from '../../kernel/schema/registry';
import { clockMinutes } from '../../kernel/schema/time-log';
import { fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Row, Store } from '../store/types';
import { DAILY, reportsOfWell } from './time-log';
import { idParameter } from '../resources/docs';
import { DAILY_CHARTS_PATH, type DailyCharts } from '../../kernel/daily/names';

const WELL = 'project';
const PLANNED = 'designDepth';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The hours of each key, most first; rows without a key under null. */
const ranked = (hours: Map<string | null, number>) =>
  [...hours]
    .map(([key, value]) => ({ key, hours: round2(value) }))
    .sort((a, b) => b.hours - a.hours || String(a.key).localeCompare(String(b.key)));

/** The figures of a well's reports (pure: the reports as read, in the order of their days). */
export function chartsOf(well: Row, reports: Row[]): DailyCharts {
  const [byCategory, byCause] = [new Map<string | null, number>(), new Map<string | null, number>()];
  let total = 0;
  for (const report of reports) {
    const rows = Array.isArray(report[DAILY.log]) ? (report[DAILY.log] as Record<string, unknown>[]) : [];
    for (const row of rows) {
      const [from, to] = [clockMinutes(row.from), clockMinutes(row.to)];
      if (row.npt !== true || from === undefined || to === undefined || to <= from) continue;
      const hours = (to - from) / 60;
      total += hours;
      const [category, cause] = [(row.nptCategory as string) || null, (row.nptCause as string) || null];
      byCategory.set(category, (byCategory.get(category) ?? 0) + hours);
      byCause.set(cause, (byCause.get(cause) ?? 0) + hours);
    }
  }
  const depth = reports.flatMap((report) => {
    const value = getPath(report, DAILY.depth);
    return typeof value === 'number' ? [{ day: String(report[DAILY.day]), depth: value }] : [];
  });
  const planned = well[PLANNED];
  return {
    designDepth: typeof planned === 'number' ? planned : null,
    depth,
    nptHours: round2(total),
    byCategory: ranked(byCategory),
    byCause: ranked(byCause),
  };
}

const BUCKETS = {
  type: 'array',
  items: { type: 'object', required: ['key', 'hours'], properties: { key: { type: ['string', 'null'] }, hours: { type: 'number' } } },
};

export function registerDailyCharts(api: Api, store: Store) {
  api.on(
    {
      method: 'GET',
      path: DAILY_CHARTS_PATH,
      access: { resource: WELL },
      doc: {
        tags: [WELL],
        summary: "A well's non-productive hours by category and cause, and its depth per report day against its planned depth",
        parameters: [idParameter('id', 'the well')],
        data: {
          type: 'object',
          required: ['designDepth', 'depth', 'nptHours', 'byCategory', 'byCause'],
          properties: {
            designDepth: { type: ['number', 'null'], description: 'planned total depth, m' },
            depth: {
              type: 'array',
              items: { type: 'object', required: ['day', 'depth'], properties: { day: { type: 'string' }, depth: { type: 'number' } } },
            },
            nptHours: { type: 'number', description: 'hours of non-productive time over all reports' },
            byCategory: BUCKETS,
            byCause: BUCKETS,
          },
        },
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const t = c.get('t');
      const raw = c.req.query('id') ?? '';
      const id = parseInteger(raw);
      if (id === undefined) {
        const message = t('server.bad_record_id', { param: 'id', value: echo(raw) });
        return fail(c, Code.invalidInput, message, { errors: [{ field: 'id', message }] });
      }
      const well = await store.get(WELL, id);
      if (!well)
        return fail(c, Code.notFound, t('server.not_found', { resource: t(`resources.${WELL}.name`, { smart_count: 1, _: WELL }), id }));
      return ok(c, chartsOf(well, await reportsOfWell(store, id)));
    },
  );
}
