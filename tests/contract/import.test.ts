// Importing a spreadsheet into a list, on every store: a preview names every bad row by row and
// column with the forms' messages and writes nothing; a commit writes the valid rows in one go
// through the write path, as one operation log entry with its counts and file name, and its
// records can be listed by import. Numbers repeated in the file or already stored are named,
// references are matched by what people write, units in headers are converted, and the mapping
// a person chose is remembered for their next import of the same list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/universal';
import { translator } from '../../server/http/messages';
import type { Row, Store } from '../../server/store/types';
import { type Envelope, makeApi, registry } from './helpers';
import { storeMatrix } from './stores';

interface Answer {
  total: number;
  valid: number;
  created: number;
  errors: { row: number; column: string; field: string; message: string }[];
  columns: { column: string; field: string | null; unit: string }[];
  import?: number;
}

const zh = translator('zh');
const label = (resource: string, field: string) => zh(`resources.${resource}.fields.${field}`);
const deviceList = registry.resources.device['x-resource'].endpoints.list!.path;
const oplogList = registry.resources.oplog['x-resource'].endpoints.list!.path;

/** An instrument sheet with Chinese headers: `count` rows, numbers from 70000, and the rows of `bad` spoilt each its own way. */
function instrumentSheet(count: number, bad: Record<number, 'type' | 'diameter' | 'repeat' | 'missing'> = {}): string[][] {
  const header = ['numtype', 'num', 'type', 'status', 'brand', 'meth', 'outerDiameter'].map((f) => label('device', f));
  header[6] = `${header[6]}(in)`;
  const rows = [header];
  for (let i = 0; i < count; i++) {
    const spoilt = bad[i];
    rows.push([
      'T',
      spoilt === 'repeat' ? String(70000) : spoilt === 'missing' ? '' : String(70000 + i),
      spoilt === 'type' ? '钻头' : i % 2 ? '探管' : '脉冲器',
      '在库',
      i % 3 ? 'APS' : '1',
      '上挂',
      spoilt === 'diameter' ? '六寸' : '6.75',
    ]);
  }
  return rows;
}

async function xlsxOf(rows: string[][]): Promise<Uint8Array<ArrayBuffer>> {
  const cells = rows.map((row) => row.map((value) => (value === '' ? null : { value })));
  return new Uint8Array(await (await writeXlsxFile(cells, {}).toBlob()).arrayBuffer());
}

describe.each(storeMatrix())('importing into a list on %s', (_name, makeStore) => {
  let store: Store;
  let api: Awaited<ReturnType<typeof makeApi>>;
  beforeEach(async () => {
    store = await makeStore();
    api = await makeApi(store, { seed: false });
  });
  afterEach(() => store.close());

  const importFile = (
    resource: string,
    mode: 'preview' | 'commit',
    content: string | Uint8Array<ArrayBuffer>,
    options: { name?: string; mapping?: Record<string, string>; token?: string; language?: string } = {},
  ) =>
    api.upload<Answer>(
      '/import',
      { content, name: options.name ?? 'instruments.csv' },
      {
        query: { resource, mode },
        token: options.token,
        language: options.language ?? 'zh',
        fields: options.mapping ? { mapping: JSON.stringify(options.mapping) } : {},
      },
    ) as Promise<Envelope<Answer>>;
  const count = async (resource: string) =>
    (await store.list(resource, { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1 })).total;

  // PostgreSQL answers each statement over the network: a smaller sheet there, the same checks.
  const size = _name === 'PostgreSQL' ? 400 : 2000;
  it(`previews ${size} instruments with Chinese headers naming the bad rows, writes nothing, then imports the rest in one go, logged once`, async () => {
    const bad = { 10: 'type', 300: 'diameter', 350: 'repeat', [size - 1]: 'missing' } as Record<
      number,
      'type' | 'diameter' | 'repeat' | 'missing'
    >;
    const file = await xlsxOf(instrumentSheet(size, bad));
    const logBefore = await count('oplog');

    const preview = await importFile('device', 'preview', file, { name: '仪器.xlsx' });
    expect(preview.code, JSON.stringify(preview).slice(0, 500)).toBe(20000);
    expect(preview.data.total).toBe(size);
    expect(preview.data.valid).toBe(size - 4);
    expect(preview.data.created).toBe(0);
    // Each bad row by its line (the header is line 1) and its column, with the field's label.
    const byRow = new Map(preview.data.errors.map((e) => [e.row, e]));
    expect([...byRow.keys()].sort((a, b) => a - b)).toEqual([12, 302, 352, size + 1]);
    expect(byRow.get(12)).toMatchObject({ column: label('device', 'type'), field: 'type' });
    expect(byRow.get(12)!.message).toContain('钻头');
    expect(byRow.get(302)).toMatchObject({ column: `${label('device', 'outerDiameter')}(in)`, field: 'outerDiameter' });
    // A number an earlier row of the same file holds is named with that row.
    expect(byRow.get(352)).toMatchObject({ field: 'num', column: label('device', 'num') });
    expect(byRow.get(352)!.message).toContain('第 2 行');
    // A required value left out: the forms' own message.
    expect(byRow.get(size + 1)!.field).toBe('num');
    expect(byRow.get(size + 1)!.message).toContain(label('device', 'num'));
    expect(await count('device')).toBe(0);
    expect(await count('oplog')).toBe(logBefore);

    const commit = await importFile('device', 'commit', file, { name: '仪器.xlsx' });
    expect(commit.code, JSON.stringify(commit).slice(0, 500)).toBe(20000);
    expect(commit.data).toMatchObject({ total: size, valid: size - 4, created: size - 4 });
    expect(commit.data.import).toEqual(expect.any(Number));
    expect(await count('device')).toBe(size - 4);
    // Converted from inches, on the field's step; labels and keys both taken for options.
    const first = (await api.call<{ items: Row[] }>('GET', deviceList, { query: { page: 1, limit: 1, sort: '+id' } })).data.items[0];
    expect(first).toMatchObject({ name: 'T70000', type: 1, status: 0, brand: 1, meth: 1, outerDiameter: 171.5 });

    // One entry in the operation log: the import, with its file name and counts.
    expect(await count('oplog')).toBe(logBefore + 1);
    const log = await api.call<{ list: Row[] }>('GET', oplogList, { query: { page: 1, limit: 5, sort: '-id' } });
    const entry = log.data.list[0];
    expect(entry).toMatchObject({ resource: 'importrun', action: 'create', record: commit.data.import });
    const changes = entry.changes as { path: string; after?: string }[];
    expect(changes.find((c) => c.path === 'fileName')?.after).toBe(JSON.stringify('仪器.xlsx'));
    expect(changes.find((c) => c.path === 'created')?.after).toBe(String(size - 4));
    expect(changes.find((c) => c.path === 'resource')?.after).toBe(JSON.stringify('device'));

    // The records it made, listed by import.
    const made = await api.call<{ total: number; items: Row[] }>('GET', '/import/records', {
      query: { id: commit.data.import!, limit: 3 },
    });
    expect(made.data.total).toBe(size - 4);
    expect(made.data.items.map((item) => item.name)).toEqual(['T70000', 'T70001', 'T70002']);

    // The same file again: every number is now stored, and named with the record holding it.
    const again = await importFile('device', 'preview', file);
    expect(again.data.valid).toBe(0);
    const stored = again.data.errors.find((e) => e.row === 2)!;
    expect(stored).toMatchObject({ field: 'num', column: label('device', 'num') });
    expect(stored.message).toContain('T70000');
  });

  it('matches English headers and units, takes a chosen mapping and remembers it for the next import', async () => {
    const csv =
      'Prefix,Number,Type,Status,Brand,Mounting,Kind of thing,Max temperature (°F)\nM,1,Pulser,In stock,APS,Upper hanging,x,212\n';
    const preview = await importFile('device', 'preview', csv, { language: 'en' });
    expect(preview.code, JSON.stringify(preview)).toBe(20000);
    // Labels and names matched, units read; columns naming no field left out.
    expect(preview.data.columns).toEqual([
      { column: 'Prefix', field: null, unit: '' },
      { column: 'Number', field: 'num', unit: '' },
      { column: 'Type', field: 'type', unit: '' },
      { column: 'Status', field: 'status', unit: '' },
      { column: 'Brand', field: 'brand', unit: '' },
      { column: 'Mounting', field: 'meth', unit: '' },
      { column: 'Kind of thing', field: null, unit: '' },
      { column: 'Max temperature (°F)', field: 'maxTemperature', unit: '°f' },
    ]);
    // The prefix is required: without its column, the row says so.
    expect(preview.data.valid).toBe(0);
    expect(preview.data.errors).toEqual([expect.objectContaining({ row: 2, field: 'numtype' })]);
    // Columns chosen by the person, and one left out.
    const mapping = { Prefix: 'numtype', 'Kind of thing': 'model', 'Max temperature (°F)': '' };
    const commit = await importFile('device', 'commit', csv, { language: 'en', mapping });
    expect(commit.data.created, JSON.stringify(commit)).toBe(1);
    const [device] = (await store.list('device', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1 })).rows;
    expect(device).toMatchObject({ name: 'M1', model: 'x' });
    expect(device.maxTemperature ?? undefined).toBeUndefined();
    const fields = await api.call<{ mapping: Record<string, string> }>('GET', '/import/fields', { query: { resource: 'device' } });
    expect(fields.data.mapping).toMatchObject(mapping);
    // Without a mapping, the one remembered; degrees Fahrenheit converted once the column is taken.
    const again = await importFile('device', 'commit', csv.replace('M,1,', 'M,2,'), { language: 'en' });
    expect(again.data.columns.find((c) => c.column === 'Prefix')!.field).toBe('numtype');
    expect(again.data.created).toBe(1);
    const hot = await importFile('device', 'commit', csv.replace('M,1,', 'M,3,'), { language: 'en', mapping: { Prefix: 'numtype' } });
    expect(hot.data.created, JSON.stringify(hot)).toBe(1);
    const [third] = (
      await store.list('device', {
        conditions: [{ field: 'num', op: 'eq', value: '3' }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 1,
      })
    ).rows;
    expect(third.maxTemperature).toBe(100);
    // A unit that measures something else is refused at the header.
    const wrong = await importFile('device', 'preview', 'Number type,Number,Outer diameter (kg)\nM,4,2\n', { language: 'en' });
    expect(wrong.data.valid).toBe(0);
    expect(wrong.data.errors[0]).toMatchObject({ row: 1, column: 'Outer diameter (kg)', field: 'outerDiameter' });
  });

  it('finds references by what people write: a crew by its number, a well by its name, a person by name and mobile', async () => {
    const crew = await store.insert('crew', { teamNumber: '50321', leader: { name: 'Li' } });
    await store.insert('staff', { name: '王伟', mobile: '13800000001', status: 'active' });
    await store.insert('staff', { name: '王伟', mobile: '13800000002', status: 'active' });
    const staff = `姓名,手机,班组\n张三,13900000000,50321\n李四,13900000001,99999\n`
      .replace('姓名', label('staff', 'name'))
      .replace('手机', label('staff', 'mobile'))
      .replace('班组', label('staff', 'crew'));
    const people = await importFile('staff', 'commit', staff);
    expect(people.data.created, JSON.stringify(people)).toBe(1);
    expect(people.data.errors).toEqual([expect.objectContaining({ row: 3, field: 'crew' })]);
    expect(people.data.errors[0].message).toContain('99999');
    const [zhang] = (
      await store.list('staff', {
        conditions: [{ field: 'name', op: 'eq', value: '张三' }],
        sort: { field: 'id', order: 'ASC' },
        page: 1,
        limit: 1,
      })
    ).rows;
    expect(zhang.crew).toBe(crew.id);

    // Certificates name their holder; two people share a name, the mobile tells them apart.
    const certs = [
      [label('staffcert', 'staff'), label('staffcert', 'kind'), label('staffcert', 'number')].join(','),
      '王伟 13800000002,井控证,C-1',
      '王伟,井控证,C-2',
    ].join('\n');
    const imported = await importFile('staffcert', 'commit', certs.replace(/井控证/g, zh('resources.staffcert.enums.kind.wellControl')));
    expect(imported.data.created, JSON.stringify(imported)).toBe(1);
    expect(imported.data.errors[0]).toMatchObject({ row: 3, field: 'staff' });
    const [cert] = (await store.list('staffcert', { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1 })).rows;
    const holder = await store.get('staff', cert.staff as number);
    expect(holder?.mobile).toBe('13800000002');
  });

  it('refuses what cannot be imported before reading the file', async () => {
    expect((await importFile('oplog', 'preview', 'a\n1')).code).toBe(40001);
    expect((await importFile('nothing', 'preview', 'a\n1')).code).toBe(40001);
    expect((await api.upload('/import', { content: 'a\n1' }, { query: { resource: 'device', mode: 'later' } })).code).toBe(40001);
    const refused = await importFile('device', 'preview', 'a,b\n1,2\n');
    expect(refused.code).toBe(40001);
    const bomb = new Uint8Array(22);
    bomb.set([0x50, 0x4b, 0x03, 0x04]);
    expect((await importFile('device', 'preview', bomb, { name: 'x.xlsx' })).code).toBe(40001);
  });
});
