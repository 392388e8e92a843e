// @vitest-environment jsdom
// The console side of who sees what: the role's menu tree (what each checkbox shows, what a tick
// changes), the password checks, the route tree a person sees (the server's, or the product's
// filtered by roles from an older server) and the info store that redraws it when reloaded.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuRecord } from '../../kernel/routes/menu-tree';
import type { RouteNode } from '../../kernel/schema/types';
import { branchIds, buildMenuTree, entryStates, toggleEntry } from '../../src/resources/widgets/menuTree';
import { passwordProblems } from '../../src/auth/password/passwordRules';
import { visibleRoutes } from '../../src/routes/visibleRoutes';

// Devices (by role) with its list (open) and its create page (by role, hidden); Home open at
// the top; Settings by role with Roles under it; an entry whose parent is gone; two entries
// that are each other's parent.
const ENTRIES: MenuRecord[] = [
  { id: 1, path: '/', title: 'Root', open: 1, sort: 10 },
  { id: 2, parent: 1, path: 'home', title: 'Home', open: 1, sort: 10 },
  { id: 3, path: '/device', title: 'Device', open: 0, sort: 20 },
  { id: 4, parent: 3, path: 'index', title: 'DeviceList', open: 1, sort: 20 },
  { id: 5, parent: 3, path: 'create', title: 'DeviceCreate', open: 0, hidden: 1, sort: 10 },
  { id: 6, path: '/setting', title: 'Setting', open: 0, sort: 15 },
  { id: 7, parent: 6, path: 'role', title: 'RoleManage', open: 0, sort: 10 },
  { id: 8, parent: 99, path: 'lost', title: 'Lost', open: 0 },
  { id: 9, parent: 10, path: 'a', open: 0 },
  { id: 10, parent: 9, path: 'b', open: 0 },
];

const ids = (nodes: ReturnType<typeof buildMenuTree>): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.entry.id, ids(n.children)] : n.entry.id));

describe('buildMenuTree', () => {
  it('nests entries under their parents, siblings by sort then id, leaving out orphans and circles', () => {
    expect(ids(buildMenuTree(ENTRIES))).toEqual([
      [1, [2]],
      [6, [7]],
      [3, [5, 4]],
    ]);
  });

  it('orders equal sorts by id', () => {
    const tree = buildMenuTree([
      { id: 12, path: 'b', sort: 0 },
      { id: 11, path: 'a', sort: 0 },
    ]);
    expect(tree.map((n) => n.entry.id)).toEqual([11, 12]);
  });

  it('lists the branches for Expand all', () => {
    expect(branchIds(buildMenuTree(ENTRIES)).sort()).toEqual([1, 3, 6]);
  });
});

describe('entryStates', () => {
  const tree = buildMenuTree(ENTRIES);

  it('ticks open entries at the top for everyone, and open children with their parent', () => {
    const none = entryStates(tree, new Set());
    expect(none.get(1)).toMatchObject({ checked: true, follows: true, seen: true });
    expect(none.get(2)).toMatchObject({ checked: true, follows: true, seen: true });
    expect(none.get(3)).toMatchObject({ checked: false, follows: false, seen: false });
    expect(none.get(4)).toMatchObject({ checked: false, follows: true, seen: false });
    const devices = entryStates(tree, new Set([3]));
    expect(devices.get(3)).toMatchObject({ checked: true, seen: true });
    expect(devices.get(4)).toMatchObject({ checked: true, follows: true, seen: true });
    // A child by role stays unticked: ticking the parent did not tick it.
    expect(devices.get(5)).toMatchObject({ checked: false, follows: false });
  });

  it('says which unticked parent keeps a ticked child out of the menu', () => {
    const states = entryStates(tree, new Set([7]));
    expect(states.get(7)).toMatchObject({ checked: true, seen: false });
    expect(states.get(7)?.blockedBy?.id).toBe(6);
    expect(entryStates(tree, new Set([6, 7])).get(7)?.blockedBy).toBeUndefined();
  });
});

describe('toggleEntry', () => {
  it('adds or removes that id only, never its relatives', () => {
    expect(toggleEntry([7], 3, true)).toEqual([7, 3]);
    expect(toggleEntry([3, 4, 7], 3, false)).toEqual([4, 7]);
    expect(toggleEntry([3], 3, true)).toEqual([3]);
  });
});

describe('passwordProblems', () => {
  it('asks for every field and a new password of 8 to 128 characters unlike the current one', () => {
    expect(passwordProblems({ old: '', new: '', repeat: '' })).toEqual({ old: 'ra.validation.required', new: 'ra.validation.required' });
    expect(passwordProblems({ old: 'x', new: 'short', repeat: 'short' })).toEqual({ new: 'app.password.length' });
    expect(passwordProblems({ old: 'x', new: 'a'.repeat(129), repeat: 'a'.repeat(129) })).toEqual({ new: 'app.password.length' });
    expect(passwordProblems({ old: 'same-pass', new: 'same-pass', repeat: 'same-pass' })).toEqual({ new: 'app.password.same' });
    expect(passwordProblems({ old: 'old-pass', new: 'new-pass-1', repeat: 'new-pass-2' })).toEqual({ repeat: 'app.password.mismatch' });
    expect(passwordProblems({ old: 'old-pass', new: 'new-pass-1', repeat: 'new-pass-1' })).toEqual({});
  });

  it('asks no current password for a reset', () => {
    expect(passwordProblems({ old: '', new: 'new-pass-1', repeat: 'new-pass-1' }, false)).toEqual({});
  });
});

describe('visibleRoutes', () => {
  const PRODUCT: RouteNode[] = [
    { path: '/home', meta: { title: 'Home' } },
    { path: '/device', meta: { title: 'Device', roles: ['admin', 'editor'] } },
    { path: '/setting', meta: { title: 'Setting', roles: ['admin'] } },
  ];

  it('takes the tree the server answered with the info, even an empty one', () => {
    const served: RouteNode[] = [{ path: '/device', meta: { title: 'Instruments' } }];
    expect(visibleRoutes({ roles: ['warehouse'], routes: served }, ['warehouse'], PRODUCT)).toBe(served);
    expect(visibleRoutes({ roles: ['admin'], routes: [] }, ['admin'], PRODUCT)).toEqual([]);
  });

  it("falls back to the product's tree filtered by the info's roles when the server answers none", () => {
    expect(visibleRoutes({ roles: ['editor'] }, [], PRODUCT).map((r) => r.path)).toEqual(['/home', '/device']);
    expect(visibleRoutes(undefined, ['guest'], PRODUCT).map((r) => r.path)).toEqual(['/home']);
    expect(visibleRoutes(undefined, ['admin'], PRODUCT)).toHaveLength(3);
  });
});

describe('the info store', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const envelope = (data: unknown) =>
    new Response(JSON.stringify({ code: 20000, data }), { headers: { 'Content-Type': 'application/json' } });
  let session: typeof import('../../src/auth/session');
  let token: typeof import('../../src/api/token');

  beforeEach(async () => {
    vi.resetModules();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    const http = await import('../../src/api/http');
    http.configureHttp({ translate: (key) => key, language: 'en' });
    session = await import('../../src/auth/session');
    token = await import('../../src/api/token');
    token.setToken('a-token');
  });

  afterEach(() => {
    token.removeToken();
    vi.unstubAllGlobals();
  });

  it('keeps the last info, replaces it on refresh and tells its listeners, and drops it on sign-out', async () => {
    const heard = vi.fn();
    session.subscribeInfo(heard);
    fetchMock.mockResolvedValueOnce(envelope({ roles: ['warehouse'], name: 'W', avatar: '', introduction: '', mustChange: true }));
    expect(session.currentInfo()).toBeUndefined();
    await session.ensureInfo();
    expect(session.currentInfo()?.mustChange).toBe(true);
    fetchMock.mockResolvedValueOnce(envelope({ roles: ['warehouse'], name: 'W', avatar: '', introduction: '', mustChange: false }));
    await session.refreshInfo();
    expect(session.currentInfo()?.mustChange).toBe(false);
    // The next ensureInfo answers the refreshed info without a call.
    expect((await session.ensureInfo()).mustChange).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(heard).toHaveBeenCalledTimes(2);
    session.resetSession();
    expect(session.currentInfo()).toBeUndefined();
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('loads the info again when a call is refused because a new password is due', async () => {
    const http = await import('../../src/api/http');
    fetchMock.mockResolvedValueOnce(envelope({ roles: ['warehouse'], name: 'W', avatar: '', introduction: '', mustChange: false }));
    await session.ensureInfo();
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 40012, message: 'Choose a new password first' }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    fetchMock.mockResolvedValueOnce(envelope({ roles: ['warehouse'], name: 'W', avatar: '', introduction: '', mustChange: true }));
    await expect(http.request('/device/list')).rejects.toMatchObject({ code: 40012 });
    await vi.waitFor(() => expect(session.currentInfo()?.mustChange).toBe(true));
    expect(String(fetchMock.mock.calls[2][0])).toContain('/user/info');
  });

  it('keeps the info shown when a refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ roles: ['admin'], name: 'A', avatar: '', introduction: '' }));
    const first = await session.ensureInfo();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await session.refreshInfo();
    expect(session.currentInfo()).toBe(first);
  });
});
