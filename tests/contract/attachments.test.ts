// The attachments library and the copy a form reuses, on every storage (memory, SQLite,
// PostgreSQL): every upload listed for an admin with its filters and pages and what holds it;
// deleting refused, naming the record, while any file is attached; the copy a new file of the
// same bytes owned by the caller; and who may call what.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryFile } from '../../kernel/contract/attachments';
import type { UploadedFile } from '../../kernel/contract/uploads';
import { registry } from './helpers';
import { PDF, SETUPS, T0, type UploadWorld, appOver, pngImage } from './upload-setups';

const DAY = 24 * 3600_000;
type Page = { list: LibraryFile[]; count: number };

describe.each(SETUPS)('attachments library on $name', (setup) => {
  let world: UploadWorld;
  let api: ReturnType<typeof appOver>;
  let device: number;

  const upload = (name: string, bytes: Buffer, as = 'editor') => api.send<UploadedFile>('/upload', name, bytes, { as });
  const report = (name: string, bytes: Buffer) =>
    api.send<UploadedFile>('/device/report/upload', name, bytes, { as: 'editor', fields: { id: String(device) } });
  /** The calibration record an uploaded report became, which holds the file as its certificate. */
  const calibrationOf = async () =>
    (await api.call<{ items: { id: number; date: string }[] }>('GET', `/device/calibration/list?id=${device}`, { as: 'admin' })).data
      .items[0];
  const library = (query = '', as = 'admin') => api.call<Page>('GET', `/setting/attachment/list${query}`, { as });
  const names = async (query = '') => (await library(query)).data.list.map((file) => file.name);

  beforeEach(async () => {
    world = await setup.make(registry, { now: T0 });
    api = appOver(world, registry);
    device = (await world.store.insert('device', { numtype: 'T', num: 'D534032', name: 'TD534032', type: 1, status: 0, brand: 1, meth: 1 }))
      .id;
  });
  afterEach(() => world.close());

  it('lists every upload newest first, with who sent it and the record that holds it', async () => {
    const own = await upload('editor.pdf', PDF, 'editor');
    const admins = await upload('admin.png', await pngImage(60, 40), 'admin');
    const held = await report('curve.pdf', PDF);
    const answer = await library();
    expect(answer.code).toBe(20000);
    expect(answer.data.count).toBe(3);
    expect(answer.data.list.map((file) => file.id)).toEqual([held.data.id, admins.data.id, own.data.id]);
    const [first, second, third] = answer.data.list;
    // A report uploaded to an instrument becomes the certificate of a calibration record of it.
    const calibration = await calibrationOf();
    expect(first).toEqual({
      ...held.data,
      createdBy: 'Normal Editor',
      attachment: { resource: 'calibration', recordId: calibration.id, as: 'field:certificate', record: calibration.date },
    });
    expect(second).toEqual({ ...admins.data, createdBy: 'Super Admin', attachment: null });
    expect(second.thumbnail).not.toBe('');
    expect(third).toMatchObject({ name: 'editor.pdf', createdBy: 'Normal Editor', attachment: null, thumbnail: '' });
  });

  it('filters by type, holding, days and name, and pages', async () => {
    await upload('Survey plan.pdf', PDF);
    world.clock.now = new Date(T0.getTime() + DAY);
    await upload('rig photo.png', await pngImage(60, 40));
    await report('calibration.pdf', PDF);
    expect(await names('?type=image')).toEqual(['rig photo.png']);
    expect(await names('?type=pdf')).toEqual(['calibration.pdf', 'Survey plan.pdf']);
    expect(await names('?type=document')).toEqual([]);
    expect(await names('?attached=1')).toEqual(['calibration.pdf']);
    expect(await names('?attached=0')).toEqual(['rig photo.png', 'Survey plan.pdf']);
    expect(await names('?to=2026-11-01')).toEqual(['Survey plan.pdf']);
    expect(await names('?from=2026-11-02&attached=0')).toEqual(['rig photo.png']);
    expect(await names('?q=PLAN')).toEqual(['Survey plan.pdf']);
    const second = await library('?limit=2&page=2');
    expect(second.data).toMatchObject({ count: 3 });
    expect(second.data.list.map((file) => file.name)).toEqual(['Survey plan.pdf']);
    for (const bad of ['?type=video', '?attached=yes', '?from=01-11-2026', '?limit=101', '?limit=0', '?page=0']) {
      expect((await library(bad)).code, bad).toBe(40002);
    }
  });

  it('refuses to delete while any file is attached, naming the record, and deletes nothing', async () => {
    const loose = await upload('loose.pdf', PDF);
    const held = await report('certificate.pdf', PDF);
    const before = world.storedNames();
    const refused = await api.call('POST', '/setting/attachment/del', { body: { ids: [loose.data.id, held.data.id] } });
    expect(refused.code).toBe(40010);
    expect(refused.message).toContain(`"certificate.pdf" is attached to Calibration ${(await calibrationOf()).date} as Certificate file`);
    expect(refused.message).not.toContain('loose.pdf');
    expect(world.storedNames()).toEqual(before);
    expect(await names()).toEqual(['certificate.pdf', 'loose.pdf']);
  });

  it('deletes files no record holds, with their bytes', async () => {
    const loose = await upload('loose.png', await pngImage(60, 40));
    const kept = await upload('kept.pdf', PDF);
    const answer = await api.call('POST', '/setting/attachment/del', { body: { ids: [loose.data.id] } });
    expect(answer.code).toBe(20000);
    expect(await names()).toEqual(['kept.pdf']);
    expect(await api.served(loose.data.url)).toBe(false);
    expect(world.storedNames().every((name) => !loose.data.url.endsWith(name))).toBe(true);
    expect(await api.served(kept.data.url)).toBe(true);
    expect((await api.call('POST', '/setting/attachment/del', { body: { ids: [loose.data.id] } })).code).toBe(40004);
    for (const body of [{ ids: [] }, { ids: [kept.data.id, kept.data.id] }, { ids: 'x' }, { id: kept.data.id }]) {
      expect((await api.call('POST', '/setting/attachment/del', { body })).code, JSON.stringify(body)).toBe(40001);
    }
  });

  it('copies a file the caller may see into a new file of the same bytes, theirs alone, leaving the original', async () => {
    const image = await pngImage(120, 80);
    const held = await report('curve.png', image);
    const copy = await api.call<UploadedFile>('POST', '/upload/copy', { as: 'editor', body: { id: held.data.id } });
    expect(copy.code).toBe(20000);
    expect(copy.data).toMatchObject({ name: 'curve.png', size: image.length, type: 'image/png' });
    expect(copy.data.id).not.toBe(held.data.id);
    expect(copy.data.url).not.toBe(held.data.url);
    expect((await api.fetchFile(copy.data.url)).bytes).toEqual(image);
    expect((await api.fetchFile(copy.data.thumbnail)).status).toBe(200);
    const listed = (await library()).data.list;
    expect(listed.find((file) => file.id === copy.data.id)).toMatchObject({ createdBy: 'Normal Editor', attachment: null });
    expect(listed.find((file) => file.id === held.data.id)?.attachment).toMatchObject({
      resource: 'calibration',
      recordId: (await calibrationOf()).id,
    });
    // The copy is the editor's own: they may delete it, the original stays.
    expect((await api.call('POST', '/upload/del', { as: 'editor', body: { id: copy.data.id } })).code).toBe(20000);
    expect(await api.served(held.data.url)).toBe(true);
  });

  it('refuses the library to an editor, and a copy of a file the caller may not see', async () => {
    const admins = await upload('admin.pdf', PDF, 'admin');
    expect((await library('', 'editor')).code).toBe(40003);
    expect((await api.call('POST', '/setting/attachment/del', { as: 'editor', body: { ids: [admins.data.id] } })).code).toBe(40003);
    const refused = await api.call('POST', '/upload/copy', { as: 'editor', body: { id: admins.data.id } });
    expect(refused.code).toBe(40004);
    expect((await api.call('POST', '/upload/copy', { as: null, body: { id: admins.data.id } })).code).toBe(50008);
    expect(await names()).toEqual(['admin.pdf']);
  });
});
