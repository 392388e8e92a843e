// The /dev-api contract, one suite for every store: each store's test file calls describeContract.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Envelope, makeApi, registry } from './helpers';
import { type StoreName, storeCopy } from './stores';

type Api = Awaited<ReturnType<typeof makeApi>>;
type List<T = Record<string, unknown>> = { total: number; items: T[] };
type Crew = { id: number; teamNumber: string; leader: { name: string; phone?: string }; secretary?: { name: string } };

/** Each test on a copy of the store seeded with the demo data. */
export function describeContract(storeName: StoreName) {
  describe(`/dev-api contract on the ${storeName} store`, () => {
    let api: Api;
    beforeEach(async () => {
      api = await makeApi(await storeCopy(storeName, { seeded: true }), { seed: false });
    });
    afterEach(async () => {
      await api.store.close();
    });

    describe('session', () => {
      it('signs in admin and editor with the mock token scheme, trimming the username', async () => {
        const admin = await api.call<{ token: string }>('POST', '/user/login', {
          body: { username: ' admin ', password: '111111' },
          token: null,
        });
        expect(admin).toEqual({ code: 20000, data: { token: 'admin-token' } });
        const editor = await api.call<{ token: string }>('POST', '/user/login', {
          body: { username: 'editor', password: '111111' },
          token: null,
        });
        expect(editor.data.token).toBe('editor-token');
      });

      it('refuses other accounts and wrong passwords with 60204', async () => {
        for (const body of [{ username: 'root', password: '111111' }, { username: 'admin', password: 'nope' }, {}]) {
          const answer = await api.call('POST', '/user/login', { body, token: null });
          expect(answer.code).toBe(60204);
          expect(answer.message).toBe('Account and password are incorrect.');
        }
      });

      it('answers user info for a token given as query or header, 50008 for an unknown one', async () => {
        const info = await api.call<{ roles: string[]; name: string; mobile: string }>('GET', '/user/info', {
          token: null,
          query: { token: 'editor-token' },
        });
        expect(info.code).toBe(20000);
        expect(info.data.roles).toEqual(['editor']);
        expect(info.data).toHaveProperty('mobile');
        const unknown = await api.call('GET', '/user/info', { token: 'stranger-token' });
        expect(unknown.code).toBe(50008);
        expect(unknown.message).toMatch(/log in again/i);
      });

      it('requires a session for everything but sign-in', async () => {
        for (const path of ['/crew/list', '/config', '/device/list', '/staff/info', '/no/such/path']) {
          expect((await api.call('GET', path, { token: null })).code).toBe(50008);
        }
      });

      it('serves the three option lists of /config and the staff card', async () => {
        const config = await api.call<Record<string, { key: number }[]>>('GET', '/config');
        expect(Object.keys(config.data).sort()).toEqual(['brandOption', 'deviceTypeOption', 'methOption']);
        expect(config.data.brandOption.map((o) => o.key)).toEqual([1, 2, 3, 4, 5, 99]);
        expect(config.data.deviceTypeOption[0]).toEqual({ key: 1, display_name: 'Pulser' });
        const staff = await api.call<Record<string, string>>('GET', '/staff/info');
        expect(Object.keys(staff.data).sort()).toEqual(['avatar', 'introduction', 'mobile', 'name']);
      });

      it('answers sign-out with success', async () => {
        expect(await api.call('POST', '/user/logout')).toMatchObject({ code: 20000 });
      });
    });

    describe('generic resources', () => {
      it('lists crews as {total, items}, paged 20 by default', async () => {
        const first = await api.call<List<Crew>>('GET', '/crew/list');
        expect(first.code).toBe(20000);
        expect(first.data.total).toBe(24);
        expect(first.data.items).toHaveLength(20);
        const second = await api.call<List<Crew>>('GET', '/crew/list', { query: { page: 2, limit: 20 } });
        expect(second.data.items).toHaveLength(4);
        expect(first.data.items[0].leader.name).toEqual(expect.any(String));
      });

      it('sorts by a sortable field both ways and refuses other sort fields', async () => {
        const desc = await api.call<List<Crew>>('GET', '/crew/list', { query: { sort: '-id', limit: 5 } });
        expect(desc.data.items.map((c) => c.id)).toEqual([24, 23, 22, 21, 20]);
        const byNumber = await api.call<List<Crew>>('GET', '/crew/list', { query: { sort: '+teamNumber', limit: 100 } });
        const numbers = byNumber.data.items.map((c) => c.teamNumber);
        expect(numbers).toEqual([...numbers].sort((a, b) => a.localeCompare(b)));
        const refused = await api.call('GET', '/crew/list', { query: { sort: '-leader; DROP TABLE crew' } });
        expect(refused.code).toBe(40002);
        expect(refused.message).toContain('Cannot sort by');
      });

      it('filters devices by title, type, status and brand, brand 0 meaning all', async () => {
        const all = await api.call<List<{ brand: number; type: number; status: number; name: string }>>('GET', '/device/list', {
          query: { limit: 1000 },
        });
        const seeded =
          registry.resources.device['x-resource'].seed!.count + (registry.resources.device['x-resource'].seed!.fixed?.length ?? 0);
        expect(all.data.total).toBe(seeded);
        const brandAll = await api.call<List>('GET', '/device/list', { query: { brand: 0 } });
        expect(brandAll.data.total).toBe(seeded);
        const brand2 = await api.call<List<{ brand: number }>>('GET', '/device/list', { query: { brand: 2, limit: 1000 } });
        expect(brand2.data.total).toBe(all.data.items.filter((d) => d.brand === 2).length);
        expect(brand2.data.items.every((d) => d.brand === 2)).toBe(true);
        const combined = await api.call<List<{ type: number; status: number }>>('GET', '/device/list', {
          query: { type: 1, status: 0, limit: 1000 },
        });
        expect(combined.data.total).toBe(all.data.items.filter((d) => d.type === 1 && d.status === 0).length);
        const name = all.data.items[0].name;
        const byTitle = await api.call<List<{ name: string }>>('GET', '/device/list', { query: { title: name.toLowerCase() } });
        expect(byTitle.data.items.map((d) => d.name)).toContain(name);
        const badNumber = await api.call('GET', '/device/list', { query: { brand: 'x' } });
        expect(badNumber.code).toBe(40002);
      });

      it('creates a device, computing its name and timestamp, then reads, edits and deletes it', async () => {
        const created = await api.call<{ id: number; name: string; timestamp: string }>('POST', '/device/create', {
          body: { numtype: 'JQ', num: '7001', type: 3, status: 0, brand: 99, meth: 2, project: 'Su53-78H', name: 'typed by hand' },
        });
        expect(created.code).toBe(20000);
        expect(created.msg).toBe('added');
        expect(created.data.name).toBe('JQ7001');
        expect(Date.parse(created.data.timestamp)).not.toBeNaN();
        const read = await api.call<{ name: string }>('GET', '/device/detail', { query: { id: created.data.id } });
        expect(read.data).toEqual(created.data);
        const edited = await api.call<{ name: string; status: number }>('POST', '/device/update', {
          body: { ...created.data, num: '7002', status: 3 },
        });
        expect(edited.msg).toBe('edited');
        expect(edited.data).toMatchObject({ name: 'JQ7002', status: 3, timestamp: created.data.timestamp });
        const deleted = await api.call('POST', '/device/del', { body: { id: created.data.id } });
        expect(deleted).toMatchObject({ code: 20000, msg: 'deleted' });
        expect((await api.call('GET', '/device/detail', { query: { id: created.data.id } })).code).toBe(40004);
      });

      it('counts versions and refuses an update based on a stale copy', async () => {
        const first = await api.call<{ id: number; version: number; teamNumber: string }>('GET', '/crew/info', { query: { id: 3 } });
        expect(first.data.version).toBe(1);
        const saved = await api.call<{ version: number }>('POST', '/crew/update', { body: { ...first.data, teamNumber: 'ZJ-A' } });
        expect(saved.data.version).toBe(2);
        const stale = await api.call<{ version: number; teamNumber: string }>('POST', '/crew/update', {
          body: { ...first.data, teamNumber: 'ZJ-B' },
        });
        expect(stale.code).toBe(40009);
        expect(stale.message).toMatch(/changed this record/);
        expect(stale.data).toMatchObject({ version: 2, teamNumber: 'ZJ-A' });
        const unversioned = await api.call<{ version: number }>('POST', '/crew/update', { body: { id: 3, teamNumber: 'ZJ-C' } });
        expect(unversioned.data.version).toBe(3);
        expect((await api.call('POST', '/crew/update', { body: { id: 3, version: 'x' } })).code).toBe(40001);
      });

      it('takes searches literally: wildcards and quotes match themselves, never SQL', async () => {
        const created = await api.call<{ id: number }>('POST', '/crew/add', { body: { teamNumber: "50%_o'k\\", leader: { name: 'x' } } });
        expect(created.code).toBe(20000);
        for (const search of ['50%_o', "o'k", '%', '_', '\\']) {
          const hits = await api.call<List<Crew>>('GET', '/crew/list', { query: { teamNumber: search } });
          expect(hits.data.items.map((c) => c.id)).toEqual([created.data.id]);
        }
        for (const attack of ["' OR '1'='1", "x'; DROP TABLE crew; --", '1 OR 1=1']) {
          const answer = await api.call<List<Crew>>('GET', '/crew/list', { query: { teamNumber: attack } });
          expect(answer).toEqual({ code: 20000, data: { total: 0, items: [] } });
        }
        expect((await api.call<List>('GET', '/crew/list')).data.total).toBe(25);
      });

      it('refuses an invalid record naming every bad field, and writes nothing', async () => {
        const before = await api.call<List>('GET', '/device/list');
        const answer = await api.call('POST', '/device/create', {
          body: { numtype: 'X', num: '', type: 7, status: 9, brand: 3, meth: 1, colour: 'red' },
        });
        expect(answer.code).toBe(40001);
        const fields = answer.errors!.map((e) => e.field).sort();
        expect(fields).toEqual(['colour', 'num', 'status']);
        // Prefix and type are dictionary lists admins extend: checked against the database once the fields are sound.
        const unlisted = await api.call('POST', '/device/create', {
          body: { numtype: 'X', num: '1', type: 7, status: 0, brand: 3, meth: 1 },
        });
        expect(unlisted.errors!.map((e) => e.field).sort()).toEqual(['numtype', 'type']);
        expect(unlisted.message).toContain('Number type');
        const after = await api.call<List>('GET', '/device/list');
        expect(after.data.total).toBe(before.data.total);
      });

      it("validates nested groups and says what is missing, in the caller's language", async () => {
        const answer = await api.call('POST', '/crew/add', { body: { teamNumber: 'ZJ1', leader: { phone: 'abc' } } });
        expect(answer.errors!.map((e) => e.field).sort()).toEqual(['leader.name', 'leader.phone']);
        const notJson = await api.call('POST', '/crew/add', { body: '{oops' });
        expect(notJson.code).toBe(40001);
        expect(notJson.message).toBe('The request body must be a JSON object.');
      });

      it('deletes several records all-or-nothing', async () => {
        const before = (await api.call<List>('GET', '/crew/list')).data.total;
        const made: number[] = [];
        for (const teamNumber of ['DEL-1', 'DEL-2']) {
          made.push((await api.call<{ id: number }>('POST', '/crew/add', { body: { teamNumber, leader: { name: 'Li' } } })).data.id);
        }
        const missing = await api.call('POST', '/crew/del', { body: { ids: [...made, 9999] } });
        expect(missing.code).toBe(40004);
        expect((await api.call('GET', '/crew/info', { query: { id: made[0] } })).code).toBe(20000);
        const both = await api.call('POST', '/crew/del', { body: { ids: made } });
        expect(both.code).toBe(20000);
        expect((await api.call<List>('GET', '/crew/list')).data.total).toBe(before);
      });

      it('answers 40004 for an unknown record and a missing id', async () => {
        expect((await api.call('GET', '/crew/info', { query: { id: 4242 } })).code).toBe(40004);
        expect((await api.call('GET', '/crew/info')).code).toBe(40001);
        expect((await api.call('POST', '/crew/update', { body: { id: 4242, teamNumber: 'x', leader: { name: 'a' } } })).code).toBe(40004);
      });
    });

    describe('development mock data', () => {
      it('has 100 transactions priced 1000 to 15000 with 2 decimals, num 1 to 100', async () => {
        const list = await api.call<List<{ price: number; num: number; status: string }>>('GET', '/transaction/list', {
          query: { limit: 1000 },
        });
        expect(list.data.total).toBe(100);
        for (const t of list.data.items) {
          expect(t.price).toBeGreaterThanOrEqual(1000);
          expect(t.price).toBeLessThanOrEqual(15000);
          expect(Math.round(t.price * 100)).toBeCloseTo(t.price * 100, 6);
          expect(Number.isInteger(t.num) && t.num >= 1 && t.num <= 100).toBe(true);
          expect(['success', 'pending']).toContain(t.status);
        }
      });

      it('searches 101 user names case-insensitively', async () => {
        const all = await api.call<{ items: { name: string }[] }>('GET', '/search/user');
        expect(all.data.items).toHaveLength(101);
        const hits = await api.call<{ items: { name: string }[] }>('GET', '/search/user', { query: { name: 'pAn JIA' } });
        expect(hits.data.items.map((i) => i.name)).toContain('Pan Jiayi');
      });

      it('lists articles by importance, type and title, newest first', async () => {
        const list = await api.call<List<{ id: number; importance: number; type: string }>>('GET', '/article/list', {
          query: { importance: 2, type: 'JP', sort: '-id' },
        });
        expect(list.data.items.every((a) => a.importance === 2 && a.type === 'JP')).toBe(true);
        const ids = list.data.items.map((a) => a.id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
        const detail = await api.call<{ id: number }>('GET', '/article/detail', { query: { id: 1 } });
        expect(detail.data.id).toBe(1);
        expect((await api.call<{ pvData: unknown[] }>('GET', '/article/pv')).data.pvData).toHaveLength(4);
        expect((await api.call<List>('GET', '/table/list')).data.total).toBe(30);
      });

      it('gives the same data for the same seed', async () => {
        // Seeded now, where the copy under test was seeded in the template before.
        const other = await makeApi(await storeCopy(storeName));
        const a = await api.call<Envelope>('GET', '/device/list', { query: { limit: 50 } });
        const b = await other.call<Envelope>('GET', '/device/list', { query: { limit: 50 } });
        expect(a.code).toBe(20000);
        expect(b).toEqual(a);
        await other.store.close();
      });
    });
  });
}
