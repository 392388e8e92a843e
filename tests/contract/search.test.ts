// The header search across everything (GET /search?q=): records of the resources marked
// `x-resource.find`, by any of their searched fields, the best matches first, each with the
// console path that opens it, and only those the person may see; on every store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUND_PER_KIND, type FoundItem } from '../../kernel/search/find';
import { makeApi } from './helpers';
import { storeMatrix } from './stores';

type Api = Awaited<ReturnType<typeof makeApi>>;

describe.each(storeMatrix())('GET /search on %s', (_name, makeStore) => {
  let api: Api;
  const ids: Record<string, number> = {};
  const find = async (q: string, token = 'admin-token') =>
    (await api.call<{ items: FoundItem[] }>('GET', '/search', { query: { q }, token })).data.items;

  beforeAll(async () => {
    const store = await makeStore();
    api = await makeApi(store, { seed: false });
    const add = async (path: string, body: unknown) => {
      const answer = await api.call<{ id: number }>('POST', path, { body });
      expect(answer.code, JSON.stringify(answer)).toBe(20000);
      return answer.data.id;
    };
    const tool = (numtype: string, num: string, serialNumber: string) => ({
      numtype,
      num,
      serialNumber,
      type: 1,
      status: 0,
      brand: 1,
      meth: 1,
    });
    ids.t4773 = await add('/device/create', tool('T', '4773', 'SN-A1'));
    ids.t4712 = await add('/device/create', tool('T', '4712', 'SN-B2'));
    ids.byte = await add('/device/create', tool('M', '100', 'ZT47-9'));
    for (let n = 0; n < FOUND_PER_KIND + 2; n++) await add('/device/create', tool('M', String(900 + n), `SN-Q${n}`));
    ids.crew = await add('/crew/add', { teamNumber: 'T47 crew', leader: { name: 'Lee' } });
    ids.person = await add('/staff/add', { name: 'Wang Fang', mobile: '13800000001', status: 'active' });
    ids.cert = await add('/staff/cert/add', { staff: ids.person, kind: 'h2s', number: 'CERT-0042', expires: '2030-01-01' });
  });
  afterAll(async () => {
    await api.store.close();
  });

  it('finds instruments by any part of their name, the name itself first, then names starting so', async () => {
    const items = await find('t47');
    const tools = items.filter((item) => item.type === 'device');
    expect(tools.map((item) => item.id)).toEqual([ids.t4712, ids.t4773, ids.byte]);
    expect(tools[0]).toMatchObject({ title: 'T4712', subtitle: 'SN-B2' });
    expect(tools[0].path).toMatch(new RegExp(`/${ids.t4712}$`));
    expect((await find('T4773'))[0]).toMatchObject({ type: 'device', id: ids.t4773, title: 'T4773' });
    // Other kinds answer too: the crew whose number holds the text.
    expect(items.some((item) => item.type === 'crew' && item.id === ids.crew)).toBe(true);
  });

  it('finds a certificate by its number and opens it on its person’s page', async () => {
    const [cert] = await find('cert-0042');
    expect(cert).toMatchObject({ type: 'staffcert', id: ids.cert, title: 'CERT-0042' });
    const person = (await find('Wang Fang')).find((item) => item.type === 'staff');
    expect(person?.path).toBeDefined();
    expect(cert.path).toBe(person?.path);
  });

  it(`answers at most ${FOUND_PER_KIND} of a kind, and nothing for an empty query`, async () => {
    const tools = (await find('SN-Q')).filter((item) => item.type === 'device');
    expect(tools).toHaveLength(FOUND_PER_KIND);
    expect(await find('   ')).toEqual([]);
    expect(await find('%')).toEqual([]);
    expect(await find('x'.repeat(10_000))).toEqual([]);
  });

  it('answers only the kinds a person may use, and refuses anyone not signed in', async () => {
    // The editors' role loses the staff screens (people and their certificates).
    type Menu = { id: number; parent?: number; path: string };
    type Role = { id: number; name: string; menus: number[]; version: number };
    const menus = (await api.call<{ list: Menu[] }>('GET', '/setting/menu/list', { query: { page: 1, limit: 1000 } })).data.list;
    const staffTop = menus.find((menu) => menu.path === '/staff')!;
    const staffMenus = new Set([staffTop.id, ...menus.filter((menu) => menu.parent === staffTop.id).map((menu) => menu.id)]);
    const roles = (await api.call<{ list: Role[] }>('GET', '/setting/role/list', { query: { page: 1, limit: 100 } })).data.list;
    const editor = roles.find((role) => role.name === 'editor')!;
    const edited = await api.call('POST', '/setting/role/update', {
      body: { ...editor, menus: editor.menus.filter((id) => !staffMenus.has(id)) },
    });
    expect(edited.code).toBe(20000);
    const kinds = async (q: string, token: string) =>
      (await api.call<{ items: FoundItem[] }>('GET', '/search', { query: { q }, token })).data.items.map((item) => item.type);
    expect(await kinds('Wang Fang', 'admin-token')).toContain('staff');
    expect(await kinds('cert-0042', 'admin-token')).toContain('staffcert');
    expect(await kinds('Wang Fang', 'editor-token')).not.toContain('staff');
    expect(await kinds('cert-0042', 'editor-token')).toEqual([]);
    expect(await kinds('t47', 'editor-token')).toContain('device');
    const refused = await api.call('GET', '/search', { token: null, query: { q: 't47' } });
    expect(refused.code).toBe(50008);
  });
});
