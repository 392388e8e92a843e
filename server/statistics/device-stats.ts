// The instrument statistics calls of the wire contract, counted by the store in the database:
// GET /device/stats?id= — one instrument's total hours in use, runs, footage and runs per month,
// from its usage records; GET /device/pv — how many instruments there are of each type.
import { Code } from '../../kernel/contract/codes';
import { parseInteger } from '../../kernel/contract/integers';
import { echo } from '../../kernel/contract/limits';
import type { Condition } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { idParameter } from '../resources/docs';
import { DEVICE_STATS, type DeviceStats, type PvAnswer, type RunFields, monthSeries, round2 } from '../../kernel/schema/statistics';
import { openExtra, runFieldsOf } from '../../kernel/fleet/open-runs';
import { type AppContext, fail, ok } from '../context';
import type { Api } from '../http/endpoints';
import type { Store } from '../store/types';

const { device, runs, hours, startDepth, endDepth, time } = DEVICE_STATS;

/** A number field holds a value: every number is at least the smallest one there is. */
const hasNumber = (field: string): Condition => ({ field, op: 'gte', value: -Number.MAX_VALUE });

const SERIES = { type: 'array', items: { type: 'number' } };
const STATS_DATA = {
  type: 'object',
  required: ['usetime', 'tang', 'depth', 'chartData'],
  properties: {
    usetime: { type: 'number', description: 'total hours in use' },
    tang: { type: 'integer', minimum: 0, description: 'number of runs' },
    depth: { type: 'number', description: 'total footage in metres: end minus start depth, over the runs that have both' },
    chartData: {
      type: 'object',
      required: ['timeData', 'tangData', 'hourData'],
      properties: {
        timeData: {
          type: 'array',
          items: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$' },
          description: 'months, from the first with runs to the last',
        },
        tangData: { ...SERIES, description: 'runs in each month' },
        hourData: { ...SERIES, description: 'hours in use in each month' },
      },
    },
  },
};
const PV_DATA = {
  type: 'object',
  required: ['pvData'],
  properties: {
    pvData: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'pv'],
        properties: { key: { type: ['integer', 'string'] }, pv: { type: 'integer', minimum: 0 } },
      },
    },
  },
};

/**
 * The totals of the instrument `id` over the usage records whose `parentField` holds it. With the
 * run fields (hours worked out between two times), a run still going on counts its hours up to
 * `now`, in the total and in the month it started.
 */
export async function deviceStats(store: Store, parentField: string, id: number, now: Date, fields?: RunFields): Promise<DeviceStats> {
  const own: Condition[] = [{ field: parentField, op: 'eq', value: id }];
  const [[all], [measured], months, open] = await Promise.all([
    store.aggregate(runs, { sum: [hours] }, own),
    store.aggregate(runs, { sum: [startDepth, endDepth] }, [...own, hasNumber(endDepth)]),
    store.aggregate(runs, { by: time, prefix: 'YYYY-MM'.length, sum: [hours] }, own),
    fields
      ? store.list(runs, {
          conditions: [...own, { field: fields.end, op: 'given', value: false }],
          sort: { field: 'id', order: 'ASC' },
          page: 1,
          limit: 1000,
        })
      : { rows: [] },
  ]);
  const openByMonth = new Map<string, number>();
  let openTotal = 0;
  for (const run of open.rows) {
    const extra = fields ? openExtra(run, fields, now) : 0;
    const month = String(run[time]).slice(0, 'YYYY-MM'.length);
    openTotal += extra;
    openByMonth.set(month, (openByMonth.get(month) ?? 0) + extra);
  }
  return {
    usetime: round2(all.sums[hours] + openTotal),
    tang: all.count,
    depth: round2(measured.sums[endDepth] - measured.sums[startDepth]),
    chartData: monthSeries(
      months
        .filter((m) => typeof m.value === 'string')
        .map((m) => ({ month: m.value as string, runs: m.count, hours: m.sums[hours] + (openByMonth.get(m.value as string) ?? 0) })),
    ),
  };
}

export function registerDeviceStats(api: Api, registry: Registry, store: Store, now: () => Date) {
  const devices = registry.resources[device];
  const parent = registry.resources[runs]?.['x-resource'].parent;
  if (!devices || parent?.resource !== device) return;

  const badId = (c: AppContext, raw: string) => {
    const message = c.get('t')('server.bad_record_id', { param: 'id', value: echo(raw) });
    return fail(c, Code.invalidInput, message, { errors: [{ field: 'id', message }] });
  };

  api.on(
    {
      method: 'GET',
      path: DEVICE_STATS.path,
      access: { resource: device },
      doc: {
        tags: [device],
        summary: "One instrument's totals over its usage records: hours in use, runs, footage, and runs and hours per month",
        parameters: [idParameter('id', 'the instrument')],
        data: STATS_DATA,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const raw = c.req.query('id') ?? '';
      const id = parseInteger(raw);
      if (id === undefined) return badId(c, raw);
      if (!(await store.get(device, id))) {
        const t = c.get('t');
        return fail(
          c,
          Code.notFound,
          t('server.not_found', { resource: t(`resources.${device}.name`, { smart_count: 1, _: device }), id }),
        );
      }
      return ok(c, await deviceStats(store, parent.field, id, now(), runFieldsOf(registry.resources[runs], hours)));
    },
  );

  const typeList = devices.properties?.[DEVICE_STATS.pvField]?.['x-options'];
  api.on(
    {
      method: 'GET',
      path: DEVICE_STATS.pvPath,
      access: { resource: device },
      doc: {
        tags: [device],
        summary: `How many instruments there are of each ${DEVICE_STATS.pvField} (key: the option's key)`,
        data: PV_DATA,
      },
    },
    async (c) => {
      const groups = await store.aggregate(device, { by: DEVICE_STATS.pvField }, []);
      const counts = new Map(groups.map((g) => [g.value, g.count]));
      // Every type of the option list, in its order, then any other value the records hold.
      const keys = (typeList ? (registry.config[typeList]?.items ?? []) : []).map((item) => item.key);
      const others = groups.flatMap((g) =>
        g.value !== null && !keys.includes(g.value as string | number) ? [g.value as string | number] : [],
      );
      const answer: PvAnswer = { pvData: [...keys, ...others].map((key) => ({ key, pv: counts.get(key) ?? 0 })) };
      return ok(c, answer);
    },
  );
}
