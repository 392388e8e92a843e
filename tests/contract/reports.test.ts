// Calibration reports and files that belong to records, on every storage (memory, SQLite,
// PostgreSQL): a report uploaded to an instrument, listed with its thumbnail and deleted; who may
// do what; uploads that expire unless a record takes them; a deleted instrument's reports; and
// the value of an `x-upload` field checked, attached to its record, replaced and removed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Registry } from '../../kernel/schema/registry';
import type { RouteNode } from '../../kernel/schema/types';
import { MockAccounts } from '../../server/auth/accounts';
import { registry } from './helpers';
import { PDF, SETUPS, T0, type UploadWorld, appOver, pngImage } from './upload-setups';
import type { UploadedFile } from '../../kernel/contract/uploads';

type Uploaded = UploadedFile;

const HOUR = 3600_000;

/** The real schemas with devices for admins only, and crews with a photo: an image upload field. */
function variant(): Registry {
  const grown = structuredClone(registry);
  const restrict = (nodes: RouteNode[]) =>
    nodes.map((node): RouteNode => (node.path === '/device' ? { ...node, meta: { ...node.meta, roles: ['admin'] } } : node));
  grown.routes = restrict(grown.routes);
  grown.resources.crew.properties!.photo = { type: 'string', maxLength: 200, 'x-upload': { accept: 'image' } };
  return grown;
}

describe.each(SETUPS)('calibration reports on $name', (setup) => {
  let world: UploadWorld;
  let api: ReturnType<typeof appOver>;
  let device: number;

  const report = (bytes: Buffer, name: string, id: number | string = device, as = 'editor') =>
    api.send<Uploaded>('/device/report/upload', name, bytes, { as, fields: { id: String(id) } });
  const reports = async (id = device, as = 'editor') =>
    api.call<{ list: Uploaded[]; count: number }>('GET', `/device/report/list?id=${id}`, { as });

  beforeEach(async () => {
    world = await setup.make(registry, { now: T0 });
    api = appOver(world, registry);
    device = (await world.store.insert('device', { numtype: 'T', num: '001', name: 'T001', type: 1, status: 0, brand: 1, meth: 1 })).id;
  });
  afterEach(() => world.close());

  it('uploads a PNG report to an instrument, lists it with its thumbnail, and deletes it with its files', async () => {
    const image = await pngImage(960, 480);
    const uploaded = await report(image, 'curve.png');
    expect(uploaded).toMatchObject({
      code: 20000,
      data: { name: 'curve.png', type: 'image/png', size: image.length, uploadTime: T0.toISOString() },
    });
    const certificate = await report(PDF, 'certificate.pdf');
    expect(certificate.data.thumbnail).toBe('');

    const list = await reports();
    expect(list.data).toEqual({ list: [certificate.data, uploaded.data], count: 2 });
    const thumbnail = await api.fetchFile(uploaded.data.thumbnail);
    if (setup.thumbnails) {
      const { default: sharp } = await import('sharp');
      expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'webp', width: 240, height: 120 });
    } else expect(thumbnail.bytes).toEqual(image);
    // Another instrument has none.
    const other = (await world.store.insert('device', { numtype: 'M', num: '002', name: 'M002', type: 2, status: 0, brand: 1, meth: 1 }))
      .id;
    expect((await reports(other)).data).toEqual({ list: [], count: 0 });

    expect(await api.call('POST', '/device/report/del', { as: 'editor', body: { id: uploaded.data.id } })).toMatchObject({
      code: 20000,
      data: { id: uploaded.data.id },
    });
    expect(await api.served(uploaded.data.url)).toBe(false);
    expect(await api.served(uploaded.data.thumbnail)).toBe(false);
    expect((await reports()).data.list.map((r) => r.name)).toEqual(['certificate.pdf']);
    expect(world.storedNames()).toEqual([certificate.data.url.split('/').pop()]);
  });

  it('answers the limits of an upload', async () => {
    const limits = await api.call<{ maxBytes: number; maxSize: string; extensions: string[]; accept: string }>(
      'GET',
      '/device/report/upload',
      { as: 'editor' },
    );
    expect(limits.data).toMatchObject({ maxBytes: 4096 * 16, maxSize: '64 KB' });
    expect(limits.data.extensions).toEqual(expect.arrayContaining(['.png', '.jpg', '.pdf', '.docx', '.xlsx']));
    expect(limits.data.accept).toContain('application/pdf');
  });

  it('refuses a report without an instrument, for one that does not exist, or of a refused kind, writing nothing', async () => {
    expect((await report(PDF, 'a.pdf', '')).code).toBe(40001);
    expect((await report(PDF, 'a.pdf', 'x7')).code).toBe(40001);
    expect(await report(PDF, 'a.pdf', 9999)).toMatchObject({ code: 40004, message: 'There is no Instrument with id 9999.' });
    expect((await reports(9999)).code).toBe(40004);
    expect((await api.call('GET', '/device/report/list', { as: 'editor' })).code).toBe(40001);
    expect((await report(Buffer.from('MZ'), 'tool.exe')).code).toBe(40001);
    expect((await report(Buffer.concat([PDF, Buffer.alloc(4096 * 16)]), 'big.pdf')).code).toBe(40001);
    expect(world.storedNames()).toEqual([]);
  });

  it('deletes only reports through the report call', async () => {
    const own = await api.send<Uploaded>('/upload', 'mine.pdf', PDF, { as: 'editor' });
    expect((await api.call('POST', '/device/report/del', { as: 'editor', body: { id: own.data.id } })).code).toBe(40004);
    expect(await api.served(own.data.url)).toBe(true);
    expect((await api.call('POST', '/device/report/del', { as: 'editor', body: { id: 'one' } })).code).toBe(40001);
  });

  it("keeps a report, the certificate of its calibration record, from /upload/del, and an editor from an admin's upload of their own", async () => {
    const certificate = await report(PDF, 'certificate.pdf', device, 'admin');
    const admins = await api.send<Uploaded>('/upload', 'draft.pdf', PDF, { as: 'admin' });
    expect((await api.call('POST', '/upload/del', { as: 'editor', body: { id: admins.data.id } })).code).toBe(40004);
    expect(await api.served(admins.data.url)).toBe(true);
    expect((await api.call<{ list: Uploaded[] }>('GET', '/upload/list', { as: 'editor' })).data.list.map((u) => u.name)).toEqual([
      'certificate.pdf',
    ]);
    // A filed report is the certificate of a calibration record: taken off it by the report call, not deleted under it.
    expect((await api.call('POST', '/upload/del', { as: 'editor', body: { id: certificate.data.id } })).code).toBe(40010);
    expect((await api.call('POST', '/device/report/del', { as: 'editor', body: { id: certificate.data.id } })).code).toBe(20000);
    expect(await api.served(certificate.data.url)).toBe(false);
  });

  it('keeps reports past a day (they belong to their instrument) while an unattached upload expires', async () => {
    const certificate = await report(PDF, 'certificate.pdf');
    const draft = await api.send<Uploaded>('/upload', 'draft.pdf', PDF, { as: 'editor' });
    world.clock.now = new Date(T0.getTime() + 25 * HOUR);
    expect((await report(PDF, 'later.pdf')).code).toBe(20000);
    expect(await api.served(certificate.data.url)).toBe(true);
    expect(await api.served(draft.data.url)).toBe(false);
    expect((await reports()).data.count).toBe(2);
  });

  it("takes a deleted instrument's reports with it: at once through the record hook, else at the next sweep", async () => {
    const certificate = await report(PDF, 'certificate.pdf');
    expect((await api.call('POST', '/device/del', { as: 'editor', body: { id: device } })).code).toBe(20000);
    world.clock.now = new Date(T0.getTime() + 11 * 60_000);
    await api.send('/upload', 'next.pdf', PDF, { as: 'editor' });
    expect(await api.served(certificate.data.url)).toBe(false);

    const second = (await world.store.insert('device', { numtype: 'T', num: '003', name: 'T003', type: 1, status: 0, brand: 1, meth: 1 }))
      .id;
    const chart = await report(await pngImage(300, 200), 'chart.png', second);
    // Its report is the certificate of its calibration record, which goes with it.
    const held = await world.store.findIds('calibration', [{ field: 'device', op: 'eq', value: second }]);
    expect(held).toHaveLength(1);
    await world.store.remove('calibration', held);
    await world.store.remove('device', [second]);
    await api.files.records.afterRemove('calibration', held);
    expect(await api.served(chart.data.url)).toBe(false);
    expect(await api.served(chart.data.thumbnail)).toBe(false);
  });

  describe('with devices for admins only and a crew photo field', () => {
    let grown: Registry;
    let crew: number;
    beforeEach(async () => {
      await world.close();
      grown = variant();
      world = await setup.make(grown, { now: T0 });
      api = appOver(world, grown);
      device = (await world.store.insert('device', { numtype: 'T', num: '001', name: 'T001', type: 1, status: 0, brand: 1, meth: 1 })).id;
      crew = (await world.store.insert('crew', { teamNumber: 'ZJ1', leader: { name: 'Li' } })).id;
    });

    it('refuses report calls to a role that may not use devices, and hides its reports from them', async () => {
      const certificate = await report(PDF, 'certificate.pdf', device, 'admin');
      expect(certificate.code).toBe(20000);
      expect((await reports(device, 'editor')).code).toBe(40003);
      expect((await report(PDF, 'b.pdf', device, 'editor')).code).toBe(40003);
      expect((await api.call('POST', '/device/report/del', { as: 'editor', body: { id: certificate.data.id } })).code).toBe(40003);
      expect((await api.call('POST', '/upload/del', { as: 'editor', body: { id: certificate.data.id } })).code).toBe(40004);
      expect((await api.call<{ count: number }>('GET', '/upload/list', { as: 'editor' })).data.count).toBe(0);
      expect(await api.served(certificate.data.url)).toBe(true);
    });

    // The mock's editor as a session has it, account id included (uploads belong to the account).
    const editorSession = async () => {
      const session = await new MockAccounts().check('editor-token');
      if (!('user' in session)) throw new Error('no editor');
      return session.user;
    };
    const t = (key: string) => key;

    it("checks an upload field's value: a file of this server, of the accepted kind, not another's", async () => {
      const photo = await api.send<Uploaded>('/upload', 'photo.png', await pngImage(), { as: 'editor' });
      const pdf = await api.send<Uploaded>('/upload', 'photo.pdf', PDF, { as: 'editor' });
      const admins = await api.send<Uploaded>('/upload', 'admin.png', await pngImage(), { as: 'admin' });
      const editor = await editorSession();
      const check = (value: unknown, id?: number) => api.files.records.check('crew', { photo: value }, id, editor, t);
      expect(await check(photo.data.url)).toEqual([]);
      expect(await check(undefined)).toEqual([]);
      expect(await check('')).toEqual([]);
      expect(await check('https://example.com/a.png')).toEqual([
        { field: 'photo', message: 'resources.crew.fields.photo: validation.upload_unknown' },
      ]);
      expect(await check('/dev-api/upload/file/0123456789abcdef0123456789abcdef.png')).toEqual([
        { field: 'photo', message: 'resources.crew.fields.photo: validation.upload_unknown' },
      ]);
      expect(await check(pdf.data.url)).toEqual([{ field: 'photo', message: 'resources.crew.fields.photo: validation.upload_kind' }]);
      expect(await check(admins.data.url)).toEqual([{ field: 'photo', message: 'resources.crew.fields.photo: validation.upload_taken' }]);
      // Once it is the crew's, it passes for that crew only.
      await world.store.update('crew', crew, { teamNumber: 'ZJ1', leader: { name: 'Li' }, photo: photo.data.url });
      await api.files.records.afterWrite('crew', (await world.store.get('crew', crew))!);
      expect(await check(photo.data.url, crew)).toEqual([]);
      expect(await check(photo.data.url)).toEqual([{ field: 'photo', message: 'resources.crew.fields.photo: validation.upload_taken' }]);
    });

    it('attaches the file once the record is saved, deletes it when replaced, and refuses its deletion on its own', async () => {
      const first = await api.send<Uploaded>('/upload', 'first.png', await pngImage(), { as: 'editor' });
      const save = async (photo: string | null) => {
        const { status } = await world.store.update('crew', crew, { teamNumber: 'ZJ1', leader: { name: 'Li' }, photo });
        expect(status).toBe('ok');
        await api.files.records.afterWrite('crew', (await world.store.get('crew', crew))!);
      };
      await save(first.data.url);
      const refused = await api.call('POST', '/upload/del', { as: 'editor', body: { id: first.data.id } });
      expect(refused).toMatchObject({ code: 40010, message: `This file is the photo of Crew ${crew}: change or clear it there.` });
      world.clock.now = new Date(T0.getTime() + 25 * HOUR);
      expect((await api.send('/upload', 'second.png', await pngImage(), { as: 'editor' })).code).toBe(20000);
      expect(await api.served(first.data.url)).toBe(true);

      const second = (await api.call<{ list: Uploaded[] }>('GET', '/upload/list', { as: 'editor' })).data.list.find(
        (u) => u.name === 'second.png',
      )!;
      await save(second.url);
      expect(await api.served(first.data.url)).toBe(false);
      expect(await api.served(second.url)).toBe(true);
      await save(null);
      expect(await api.served(second.url)).toBe(false);
    });

    it('checks, attaches, replaces and removes upload field files through the generic record calls', async () => {
      const photo = await api.send<Uploaded>('/upload', 'a.png', await pngImage(), { as: 'editor' });
      const pdf = await api.send<Uploaded>('/upload', 'a.pdf', PDF, { as: 'editor' });
      const bad = await api.call('POST', '/crew/add', {
        as: 'editor',
        body: { teamNumber: 'ZJ2', leader: { name: 'Li' }, photo: pdf.data.url },
      });
      expect(bad).toMatchObject({ code: 40001, errors: [{ field: 'photo' }] });
      const added = await api.call<{ id: number }>('POST', '/crew/add', {
        as: 'editor',
        body: { teamNumber: 'ZJ2', leader: { name: 'Li' }, photo: photo.data.url },
      });
      expect(added.code).toBe(20000);
      expect((await api.call('POST', '/upload/del', { as: 'editor', body: { id: photo.data.id } })).code).toBe(40010);
      const next = await api.send<Uploaded>('/upload', 'b.png', await pngImage(), { as: 'editor' });
      expect((await api.call('POST', '/crew/update', { as: 'editor', body: { id: added.data.id, photo: next.data.url } })).code).toBe(
        20000,
      );
      expect(await api.served(photo.data.url)).toBe(false);
      expect((await api.call('POST', '/crew/del', { as: 'editor', body: { id: added.data.id } })).code).toBe(20000);
      expect(await api.served(next.data.url)).toBe(false);
    });

    it('gives a record the upload it names when the sweep finds it expired, instead of deleting it', async () => {
      const photo = await api.send<Uploaded>('/upload', 'photo.png', await pngImage(), { as: 'editor' });
      const orphan = await api.send<Uploaded>('/upload', 'orphan.png', await pngImage(), { as: 'editor' });
      // Saved without the record hook (a write that stopped before it attached the file).
      await world.store.update('crew', crew, { teamNumber: 'ZJ1', leader: { name: 'Li' }, photo: photo.data.url });
      world.clock.now = new Date(T0.getTime() + 25 * HOUR);
      expect(await api.files.sweep()).toEqual({ removed: 1, attached: 1 });
      expect(await api.served(photo.data.url)).toBe(true);
      expect(await api.served(orphan.data.url)).toBe(false);
      // The crew deleted: its photo goes at the next sweep.
      await world.store.remove('crew', [crew]);
      expect(await api.files.sweep()).toEqual({ removed: 1, attached: 0 });
      expect(await api.served(photo.data.url)).toBe(false);
    });
  });
});

describe('the demo reports', () => {
  it('are the same files on every run, pass the upload checks, and are added once', async () => {
    const { demoReports } = await import('../../kernel/demo/report-files');
    const [first, again] = [await demoReports(7, 'T007'), await demoReports(7, 'T007')];
    expect(first.map((r) => r.name)).toEqual([
      'Calibration certificate T007 2025-09-24.pdf',
      'Calibration curve T007.png',
      'Calibration certificate T007 2026-09-24.pdf',
    ]);
    expect(first.map((r) => Buffer.from(r.bytes).toString('base64'))).toEqual(again.map((r) => Buffer.from(r.bytes).toString('base64')));

    const { seedDemoReports } = await import('../../server/files/demo');
    const world = await SETUPS[0].make(registry, { now: T0 });
    const api = appOver(world, registry);
    const ids = [];
    for (let n = 1; n <= 6; n++)
      ids.push(
        (await world.store.insert('device', { numtype: 'T', num: `00${n}`, name: `T00${n}`, type: 1, status: 0, brand: 1, meth: 1 })).id,
      );
    // Devices 1, 3 and 5 get reports, as the certificates of their calibration records; 1 also an
    // older certificate. Device 3 has one record only: its older report is left out.
    for (const [device, dates] of [
      [ids[0], ['2025-10-20', '2026-10-20', '2026-10-21']],
      [ids[2], ['2026-10-10']],
      [ids[4], ['2026-10-01', '2026-10-02']],
    ] as const)
      for (const date of dates) await world.store.insert('calibration', { device, date, result: 'passed' });
    expect(await seedDemoReports(api.files, world.store, registry)).toBe(6);
    expect(await seedDemoReports(api.files, world.store, registry)).toBe(0);
    const list = (await api.call<{ list: Uploaded[] }>('GET', `/device/report/list?id=${ids[0]}`)).data.list;
    expect(list.map((r) => [r.type, r.uploadTime.slice(0, 10)])).toEqual([
      ['application/pdf', '2026-10-24'],
      ['image/png', '2026-10-24'],
      ['application/pdf', '2025-10-24'],
    ]);
    expect((await api.call<{ count: number }>('GET', `/device/report/list?id=${ids[1]}`)).data.count).toBe(0);
  });
});

describe('the demo reports on the server', () => {
  it('go into the database and the upload directory, each image with its thumbnail', async () => {
    const { mkdtempSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { freshSqlite } = await import('./databases');
    const { openSqlStore } = await import('../../server/db/open');
    const { seedServerReports } = await import('../../server/files/seed-server');
    const connection = freshSqlite();
    const store = await openSqlStore(connection, registry);
    for (let n = 1; n <= 3; n++) {
      const device = await store.insert('device', { numtype: 'T', num: `00${n}`, name: `T00${n}`, type: 1, status: 0, brand: 1, meth: 1 });
      for (const date of ['2025-10-01', '2026-10-01', '2026-10-02'])
        await store.insert('calibration', { device: device.id, date, result: 'passed' });
    }
    const dir = mkdtempSync(join(tmpdir(), 'console-demo-reports-'));
    expect(await seedServerReports(connection, registry, dir)).toBe(5);
    const stored = readdirSync(dir);
    expect(stored.filter((name) => name.endsWith('.pdf'))).toHaveLength(3);
    expect(stored.filter((name) => name.endsWith('.thumb.webp'))).toHaveLength(2);
    expect(await seedServerReports(connection, registry, dir)).toBe(0);
    await store.close();
  });
});
