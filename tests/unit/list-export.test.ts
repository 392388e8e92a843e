// @vitest-environment jsdom
// The export of a list, on a small fixture of tools and the wells they run in: every page read
// through the dataProvider, one table of translated cells (headers with units, option, enum,
// dictionary and reference labels, yes/no, local times, a group's fields as columns), then the
// same table as CSV (UTF-8 with a byte-order mark) and as .xlsx, each read back.
process.env.TZ = 'Asia/Shanghai'; // local time is UTC+8 here, whatever the machine's zone

import { renderHook } from '@testing-library/react';
import Papa from 'papaparse';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { I18nContextProvider, type TranslationMessages } from 'react-admin';
import { readSheet } from 'read-excel-file/universal';
import { type ReactNode, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MAX_LIMIT } from '../../kernel/schema/query';
import { createRegistry } from '../../kernel/schema/registry';
import type { ResourceSchema } from '../../kernel/schema/types';
import { createDataProvider, type Requester } from '../../src/api/dataProvider';
import type { RequestOptions } from '../../src/api/http';
import { useLabels } from '../../src/resources/generic/useLabels';
import { cellNames } from '../../src/resources/list/cellNames';
import { buildTable, exportFields, formatDateTime, type Table } from '../../src/resources/list/exportTable';
import { fetchAllRows, loadReferences } from '../../src/resources/list/fetchRows';
import { BOM, exportFileName, sheetName, toCsv, toXlsx } from '../../src/resources/list/serialize';

const endpoints = (name: string) => ({
  list: { method: 'GET' as const, path: `/${name}/list`, shape: 'total-items' as const },
  info: { method: 'GET' as const, path: `/${name}/info` },
});

const well: ResourceSchema = {
  $id: 'well',
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' } },
  'x-resource': {
    endpoints: endpoints('well'),
    list: { columns: ['id', 'name'], sortable: ['id'], sort: { field: 'id', order: 'ASC' }, perPage: 20 },
    filters: [],
    recordRepresentation: 'name',
  },
};

const tool: ResourceSchema = {
  $id: 'tool',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    serial: { type: 'string' },
    kind: { type: 'integer', 'x-options': 'kindOption' },
    status: { type: 'integer', enum: [0, 1] },
    well: { type: 'integer', 'x-ref': 'well' },
    shop: { type: 'string', 'x-options': 'dict:shop' },
    spare: { type: 'boolean' },
    checked: { type: 'string', format: 'date-time' },
    made: { type: 'string', format: 'date' },
    hours: { type: 'number', 'x-unit': 'h' },
    mud: { $ref: '#/definitions/mud' },
  },
  definitions: {
    mud: {
      type: 'object',
      properties: { kind: { type: 'string', enum: ['water', 'oil'] }, density: { type: 'number', 'x-unit': 'g/cm³' } },
    },
  },
  'x-resource': {
    endpoints: endpoints('tool'),
    list: { columns: ['serial', 'status', 'well', 'hours'], sortable: ['id', 'serial'], sort: { field: 'id', order: 'DESC' }, perPage: 20 },
    filters: [{ param: 'status', field: 'status', op: 'eq' }],
    recordRepresentation: 'serial',
  },
};

const config = {
  kindOption: {
    labelField: 'label',
    items: [
      { key: 1, label: 'MWD' },
      { key: 2, label: 'Gyro' },
    ],
  },
};
const registry = createRegistry({ 'well.json': well, 'tool.json': tool }, config, { routes: [] });

const zh = {
  ra: { boolean: { true: '是', false: '否' } },
  resources: {
    tool: {
      name: '仪器',
      fields: {
        id: '编号',
        serial: '仪器编号',
        kind: '类型',
        status: '状态',
        well: '井号',
        shop: '维修厂',
        spare: '备用',
        checked: '校验时间',
        made: '出厂日期',
        hours: '运行时长',
        'mud.kind': '钻井液类型',
        'mud.density': '密度',
      },
      enums: { status: { '0': '在库', '1': '维修中' }, 'mud.kind': { water: '水基', oil: '油基' } },
    },
  },
  options: { kindOption: { '1': '随钻测量' } }, // Gyro has no translation: the server's label stands
  units: { h: '小时', 'g/cm³': 'g/cm³' },
};
// Only the messages the export names; react-admin's type asks for all of its own.
const i18n = polyglotI18nProvider(() => zh as unknown as TranslationMessages, 'zh');

/** The column headers as the list's columns write them (useLabels), in Chinese. */
function headerOf(resource: string) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(I18nContextProvider, { value: i18n, children });
  return renderHook(() => useLabels(resource), { wrapper }).result.current.column;
}

const dictionary = { shop: [{ key: 'north', label: { zh: '北方维修厂', en: 'North workshop' }, enabled: true, sort: 0 }] };

const records = [
  {
    id: 7,
    serial: 'T-001',
    kind: 1,
    status: 1,
    well: 3,
    shop: 'north',
    spare: true,
    checked: '2025-03-01T00:30:00Z',
    made: '2024-12-31',
    hours: 12.5,
    mud: { kind: 'water', density: 1.25 },
  },
  { id: 8, serial: '=HYPERLINK("x")', kind: 2, status: 0, spare: false },
];

describe('the table an export writes', () => {
  const names = cellNames({
    resource: 'tool',
    translate: i18n.translate,
    locale: 'zh',
    header: headerOf('tool'),
    options: { kindOption: config.kindOption.items },
    config,
    dictionary,
    references: { well: new Map([['3', '塔深1井']]) },
  });
  const table = buildTable(tool, records, names);

  it('has every field, the list columns first and a group by its own fields, headed by translated labels with units', () => {
    expect(exportFields(tool).map((f) => f.path)).toEqual([
      'serial',
      'status',
      'well',
      'hours',
      'id',
      'kind',
      'shop',
      'spare',
      'checked',
      'made',
      'mud.kind',
      'mud.density',
    ]);
    expect(table.headers).toEqual([
      '仪器编号',
      '状态',
      '井号',
      '运行时长 (小时)',
      '编号',
      '类型',
      '维修厂',
      '备用',
      '校验时间',
      '出厂日期',
      '钻井液类型',
      '密度 (g/cm³)',
    ]);
  });

  it('writes options, enums, dictionary items and references by their labels, yes/no translated, local times and days as dates, numbers as numbers', () => {
    expect(table.rows[0]).toEqual([
      'T-001',
      '维修中',
      '塔深1井',
      12.5,
      7,
      '随钻测量',
      '北方维修厂',
      '是',
      { date: '2025-03-01 08:30' },
      { date: '2024-12-31' },
      '水基',
      1.25,
    ]);
    expect(table.rows[1]).toEqual(['=HYPERLINK("x")', '在库', null, null, 8, 'Gyro', null, '否', null, null, null, null]);
  });

  it('leaves the parent column out of a child tab', () => {
    expect(buildTable(tool, records, names, ['well']).headers).not.toContain('井号');
  });

  it('formats a time in local time, and keeps text that is no time', () => {
    expect(formatDateTime('2025-12-31T16:05:00.000Z')).toBe('2026-01-01 00:05');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('serializes to CSV with a byte-order mark, Chinese intact, quoting by papaparse, formulas defused', async () => {
    const csv = await toCsv(table);
    expect(csv.startsWith(BOM)).toBe(true);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toContain('\r\n');
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(table.headers);
    expect(parsed[1]).toEqual([
      'T-001',
      '维修中',
      '塔深1井',
      '12.5',
      '7',
      '随钻测量',
      '北方维修厂',
      '是',
      '2025-03-01 08:30',
      '2024-12-31',
      '水基',
      '1.25',
    ]);
    expect(parsed[2][0]).toBe(`'=HYPERLINK("x")`); // a spreadsheet shows it, never runs it
  });

  it('does not mark a phone number or a negative number as a formula', async () => {
    const csv = await toCsv({ headers: ['phone', 'n', 'f'], rows: [['+86 138-0000-0000', '-12.5', '-1+cmd|calc']] });
    expect(Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data[1]).toEqual(['+86 138-0000-0000', '-12.5', "'-1+cmd|calc"]);
  });

  it('serializes the same cells to an .xlsx workbook that reads back, dates and times as dates at the local wall-clock time', async () => {
    const blob = await toXlsx(table, '仪器');
    const sheet = await readSheet(blob);
    expect(sheet[0]).toEqual(table.headers);
    const dated = table.rows.map((row) =>
      row.map((cell) => {
        if (cell === null || typeof cell !== 'object') return cell;
        const [y, mo, d, h = 0, mi = 0] = cell.date.split(/[- :]/).map(Number);
        return new Date(Date.UTC(y, mo - 1, d, h, mi));
      }),
    );
    expect(sheet.slice(1)).toEqual(dated);
  });

  it('names the file by the translated resource name and the day, and the sheet as Excel allows', () => {
    expect(exportFileName('仪器', '2025-03-01', 'csv')).toBe('仪器 2025-03-01.csv');
    expect(exportFileName('Wells: A/B', '2025-03-01', 'xlsx')).toBe('Wells- A-B 2025-03-01.xlsx');
    expect(sheetName('Spare parts [all] of the workshop: 2025')).toBe('Spare parts  all  of the worksh');
  });
});

/** A /tool/list over `count` records that honours page, limit and sort, as the server does. */
function toolServer(count: number) {
  const all = Array.from({ length: count }, (_, i) => ({ id: i + 1, serial: `T-${i + 1}`, well: (i % 3) + 1 }));
  const calls: Record<string, string>[] = [];
  const request: Requester = async <T>(path: string, options?: RequestOptions) => {
    const query = (options?.query ?? {}) as Record<string, string>;
    calls.push({ path, ...query });
    const limit = Number(query.limit);
    if (limit > MAX_LIMIT) throw new Error(`limit ${limit} is over the server's ${MAX_LIMIT}`);
    if (path === '/well/list') {
      const ids = query.ids.split(',').map(Number);
      return { data: { total: ids.length, items: ids.map((id) => ({ id, name: `Well ${id}` })) } as T };
    }
    const sorted = query.sort === '-id' ? [...all].reverse() : all;
    const page = Number(query.page);
    return { data: { total: all.length, items: sorted.slice((page - 1) * limit, page * limit) } as T };
  };
  return { calls, provider: createDataProvider(registry, request) };
}

describe('reading every page of a list', () => {
  it('pages through the dataProvider, at most MAX_LIMIT records a request, in the list sort', async () => {
    const { calls, provider } = toolServer(2 * MAX_LIMIT + 345);
    const rows = await fetchAllRows((page, perPage) =>
      provider.getList('tool', { pagination: { page, perPage }, sort: { field: 'id', order: 'DESC' }, filter: {} }),
    );
    expect(rows).toHaveLength(2 * MAX_LIMIT + 345);
    expect(rows[0].id).toBe(2 * MAX_LIMIT + 345);
    expect(rows.at(-1)?.id).toBe(1);
    expect(calls.map((c) => [c.page, c.limit, c.sort])).toEqual([
      ['1', String(MAX_LIMIT), '-id'],
      ['2', String(MAX_LIMIT), '-id'],
      ['3', String(MAX_LIMIT), '-id'],
    ]);
  });

  it('stops at the total, at a short page, and at a page with nothing new', async () => {
    const pages: number[] = [];
    const exact = await fetchAllRows(async (page) => (pages.push(page), { data: [{ id: page * 2 - 1 }, { id: page * 2 }], total: 4 }), 2);
    expect(exact.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(pages).toEqual([1, 2]);
    const repeating = await fetchAllRows(async () => ({ data: [{ id: 1 }, { id: 2 }] }), 2);
    expect(repeating.map((r) => r.id)).toEqual([1, 2]);
  });

  it('names the referenced records, asking for each id once, MAX_LIMIT ids at a time', async () => {
    const rows = Array.from({ length: MAX_LIMIT + 10 }, (_, i) => ({ id: i + 1, well: i + 1 }));
    rows.push({ id: 9999, well: 1 });
    const asked: number[][] = [];
    const references = await loadReferences(tool, rows, registry.resources, async (target, ids) => {
      expect(target).toBe('well');
      asked.push(ids.map(Number));
      return ids.map((id) => ({ id, name: `Well ${id}` }));
    });
    expect(asked.map((ids) => ids.length)).toEqual([MAX_LIMIT, 10]);
    expect(references.well.get('1')).toBe('Well 1');
    expect(references.well.size).toBe(MAX_LIMIT + 10);
  });

  it('builds the same table from a paged list through the real dataProvider', async () => {
    const { provider } = toolServer(3);
    const rows = await fetchAllRows(
      (page, perPage) => provider.getList('tool', { pagination: { page, perPage }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
      2,
    );
    const references = await loadReferences(
      tool,
      rows,
      registry.resources,
      async (target, ids) => (await provider.getMany(target, { ids })).data,
    );
    const names = cellNames({
      resource: 'tool',
      translate: i18n.translate,
      locale: 'zh',
      header: headerOf('tool'),
      options: {},
      config,
      dictionary: {},
      references,
    });
    const table: Table = buildTable(tool, rows, names);
    expect(table.rows.map((r) => r.slice(0, 3))).toEqual([
      ['T-1', null, 'Well 1'],
      ['T-2', null, 'Well 2'],
      ['T-3', null, 'Well 3'],
    ]);
  });
});
