// The instrument register on every store: brands (and types, mountings, prefixes) are data
// dictionary lists admins extend, served by GET /config in its old shape and checked on every
// write; an instrument's base is a dictionary item, "on a well" comes from its assignment alone;
// a serial number is unique per manufacturer.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DICTIONARY } from '../../kernel/schema/dictionary';
import type { ResourceSchema } from '../../kernel/schema/types';
import type { Connection } from '../../server/db/connect';
import { migrate } from '../../server/db/migrate';
import { SqlStore } from '../../server/store/sql';
import { dropPostgresSchemas, freshPostgres, freshSqlite, postgresUnavailable } from './databases';
import type { Row, Store } from '../../server/store/types';
import { storeMatrix } from './stores';
import { makeApi, registry } from './helpers';
import { calibrated } from './fit';

const label = (en: string, zh = en) => ({ zh, en });

describe.each(storeMatrix())('the instrument register on %s', (_name, makeStore) => {
  let store: Store;
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  const instrument = (num: string, extra: Record<string, unknown> = {}) => ({
    numtype: 'T',
    num,
    type: 1,
    status: 0,
    brand: 1,
    meth: 1,
    ...extra,
  });
  const create = (body: Record<string, unknown>) => call<Row>('POST', '/device/create', { body });
  const config = async (language = 'en') => (await call<Record<string, Record<string, unknown>[]>>('GET', '/config', { language })).data;

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
  });
  afterEach(() => store.close());

  it('serves /config in its shape from the brand list an admin extends, and takes the new brand on an instrument', async () => {
    // No list in the database yet: the lists as they always were.
    const before = await config();
    expect(Object.keys(before)).toEqual(['deviceTypeOption', 'methOption', 'brandOption']);
    expect(before.brandOption.map((o) => o.key)).toEqual([1, 2, 3, 4, 5, 99]);
    expect(before.methOption[0]).toEqual({ key: 1, meth: 'Upper hanging' });

    const brands = (await call<Row>('POST', '/setting/dictionary/add', { body: { code: 'brand', name: 'Brands' } })).data;
    const item = (key: string, text: string, sort: number) =>
      call<Row>('POST', '/setting/dictionary/item/add', {
        body: { dictionary: brands.id, key, sort, label: label(text, `${text}（中）`) },
      });
    expect((await item('1', 'Tensor', 1)).code).toBe(20000);
    expect((await item('6', 'Acme Downhole', 2)).code).toBe(20000);
    // Brands are kept as numbers: a key that is not one is refused, naming the field.
    const lettered = await item('acme', 'Acme', 3);
    expect(lettered.code).toBe(40001);
    expect(lettered.errors?.[0].field).toBe('key');

    expect((await config()).brandOption).toEqual([
      { key: 1, brand: 'Tensor' },
      { key: 6, brand: 'Acme Downhole' },
    ]);
    expect((await config('zh')).brandOption[1]).toEqual({ key: 6, brand: 'Acme Downhole（中）' });

    const made = await create(instrument('6001', { brand: 6 }));
    expect(made.code, JSON.stringify(made)).toBe(20000);
    const unknown = await create(instrument('6002', { brand: 3 }));
    expect(unknown.code).toBe(40001);
    expect(unknown.errors?.[0].field).toBe('brand');
    expect(await store.count('device', [])).toBe(1);
    // A brand in use stays.
    const acme = (await store.findIds(DICTIONARY.items, [{ field: 'key', op: 'eq', value: '6' }]))[0];
    expect((await call('POST', '/setting/dictionary/item/del', { body: { id: acme } })).code).toBe(40010);
  });

  it('keeps an instrument at a base of the list, in transit, or on a well only by its assignment', async () => {
    const bases = await store.insert(DICTIONARY.lists, { code: 'base', name: 'Bases' });
    await store.insert(DICTIONARY.items, { dictionary: bases.id, key: 'qingyang', sort: 1, enabled: true, label: label('Qingyang') });
    const noBase = await create(instrument('7001', { location: 'base' }));
    expect(noBase.errors?.map((e) => e.field)).toEqual(['base']);
    const typedWell = await create(instrument('7001', { location: 'well' }));
    expect(typedWell.errors?.map((e) => e.field)).toEqual(['location']);
    const tool = (await create(instrument('7001', { location: 'base', base: 'qingyang', manufacturer: 'Huahai', serialNumber: 'SN-1' })))
      .data;
    expect(tool).toMatchObject({ location: 'base', base: 'qingyang' });

    const well = await store.insert('project', {
      wellNumber: 'Su53-78H',
      wellType: 'horizontal',
      oilArea: 'Sulige',
      clientUnit: 'PetroChina',
      startDate: '2026-01-01',
      status: 0,
    });
    await calibrated(store, [tool.id]);
    expect((await call('POST', '/project/device/add', { body: { id: well.id, deviceIds: [tool.id] } })).code).toBe(20000);
    expect(await store.get('device', tool.id)).toMatchObject({ location: 'well', status: 1 });
    // On the well, a person cannot move it elsewhere by typing; taken back, it is in transit.
    const { version: _v, ...fields } = (await store.get('device', tool.id))!;
    const moved = await call<Row>('POST', '/device/update', { body: { ...fields, location: 'transit' } });
    expect(moved.errors?.map((e) => e.field)).toEqual(['location']);
    expect((await call('POST', '/project/device/remove', { body: { id: well.id, deviceIds: [tool.id] } })).code).toBe(20000);
    expect(await store.get('device', tool.id)).toMatchObject({ location: 'transit', status: 0 });

    // A serial number is unique per manufacturer.
    const again = await create(instrument('7002', { manufacturer: 'Huahai', serialNumber: 'SN-1' }));
    expect(again.errors?.[0]).toEqual({ field: 'serialNumber', message: `Serial number: SN-1 is already instrument #${tool.id}` });
    expect((await create(instrument('7002', { manufacturer: 'Shenkai', serialNumber: 'SN-1' }))).code).toBe(20000);
  });
});

const unavailable = await postgresUnavailable();
const databases: [string, () => Promise<Connection>][] = [['SQLite', async () => freshSqlite()]];
if (!unavailable) databases.push(['PostgreSQL', freshPostgres]);
afterAll(dropPostgresSchemas);

describe.each(databases)('the register on an older %s database', (_name, connect) => {
  it('gains the new fields as empty columns, and the tools on a well are on a well', async () => {
    const connection = await connect();
    // The install as it was: instruments without the register's new fields.
    const older = structuredClone(registry);
    const device = older.resources.device as ResourceSchema;
    const added = ['manufacturer', 'model', 'serialNumber', 'location', 'base', 'purchaseCost'];
    for (const field of added) delete device.properties![field];
    device['x-resource'].unique = [['numtype', 'num']];
    device['x-rules'] = [];
    const assign = (older.resources.projectdevice as ResourceSchema)['x-resource'].assign!;
    assign.onAssign = { status: 1 };
    assign.onRemove = { status: 0 };
    await migrate(connection, older);
    const old = new SqlStore(connection, older);
    const onWell = await old.insert('device', { numtype: 'T', num: '1', name: 'T1', type: 1, status: 1, brand: 1, meth: 1 });
    const inStock = await old.insert('device', { numtype: 'T', num: '2', name: 'T2', type: 1, status: 0, brand: 1, meth: 1 });
    const well = await old.insert('project', {
      wellNumber: 'W1',
      wellType: 'horizontal',
      oilArea: 'x',
      clientUnit: 'y',
      startDate: '2026-01-01',
      status: 0,
    });
    await old.insert('projectdevice', { project: well.id, device: onWell.id, assignedAt: '2026-01-02T00:00:00.000Z' });

    const told: string[] = [];
    const ran = await migrate(connection, registry, (line) => told.push(line));
    expect(ran).toEqual(expect.arrayContaining(added.map((field) => `add device.${field}`)));
    expect(told).toContain('device: 1 with a current projectdevice set to location = well.');
    const store = new SqlStore(connection, registry);
    expect(await store.get('device', onWell.id)).toMatchObject({ location: 'well', status: 1 });
    const stock = await store.get('device', inStock.id);
    expect(stock?.location).toBeUndefined();
    expect(stock?.manufacturer).toBeUndefined();
    await connection.db.destroy();
  });
});
