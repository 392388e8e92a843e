import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../kernel/schema/load-node';
import type { RouteNode } from '../../kernel/schema/types';
import {
  filterRoutes,
  matchesPattern,
  flattenRoutes,
  hasPermission,
  isExternal,
  joinPath,
  matchRoute,
  menuEntries,
  pageTitle,
} from '../../kernel/routes/tree';

const routes = loadRegistry().routes;

const synthetic: RouteNode[] = [
  {
    path: '/a',
    meta: { title: 'A', roles: ['editor'] },
    children: [
      { path: 'x', meta: { title: 'X', roles: ['admin'] } },
      { path: 'y', meta: { title: 'Y' } },
      {
        path: 'z',
        meta: { title: 'Z', roles: ['editor', 'admin'] },
        children: [
          { path: 'deep', meta: { title: 'Deep', roles: ['admin'] } },
          { path: 'open', meta: { title: 'Open' } },
        ],
      },
    ],
  },
  { path: '/b', meta: { title: 'B', roles: ['admin'] } },
  { path: '/c' },
];

describe('hasPermission', () => {
  it('opens a route without roles to everyone', () => {
    expect(hasPermission([], { path: '/x' })).toBe(true);
    expect(hasPermission(['guest'], { path: '/x', meta: { title: 'X' } })).toBe(true);
  });

  it('needs one of the listed roles', () => {
    const route: RouteNode = { path: '/x', meta: { roles: ['admin', 'editor'] } };
    expect(hasPermission(['editor'], route)).toBe(true);
    expect(hasPermission(['guest', 'admin'], route)).toBe(true);
    expect(hasPermission(['guest'], route)).toBe(false);
    expect(hasPermission([], route)).toBe(false);
  });
});

describe('filterRoutes', () => {
  it('gives admin every route', () => {
    expect(filterRoutes(routes, ['admin'])).toBe(routes);
    expect(filterRoutes(synthetic, ['admin'])).toBe(synthetic);
  });

  it('hides /setting from an editor in the real route table', () => {
    expect(filterRoutes(routes, ['editor']).map((r) => r.path)).toEqual(['/', '/profile', '/staff', '/device', '/project', '/crew']);
  });

  it('leaves only the open routes to a role that is listed nowhere', () => {
    expect(filterRoutes(routes, ['guest']).map((r) => r.path)).toEqual(['/', '/profile']);
  });

  it('filters children recursively without touching the input', () => {
    const before = structuredClone(synthetic);
    expect(filterRoutes(synthetic, ['editor'])).toEqual([
      {
        path: '/a',
        meta: { title: 'A', roles: ['editor'] },
        children: [
          { path: 'y', meta: { title: 'Y' } },
          { path: 'z', meta: { title: 'Z', roles: ['editor', 'admin'] }, children: [{ path: 'open', meta: { title: 'Open' } }] },
        ],
      },
      { path: '/c' },
    ]);
    expect(synthetic).toEqual(before);
  });
});

describe('isExternal', () => {
  it.each([
    ['http://example.com', true],
    ['https://example.com/x', true],
    ['mailto:a@b.c', true],
    ['tel:+123', true],
    ['/x', false],
    ['ftp://example.com', false],
    ['index', false],
    ['see https://x', false],
  ])('%s -> %s', (path, expected) => {
    expect(isExternal(path)).toBe(expected);
  });
});

describe('joinPath', () => {
  it('joins a relative child to its parent', () => {
    expect(joinPath('/', 'home')).toBe('/home');
    expect(joinPath('/device', 'index')).toBe('/device/index');
    expect(joinPath('/device/', 'detail/:id')).toBe('/device/detail/:id');
  });

  it('keeps absolute and external children as they are', () => {
    expect(joinPath('/device', '/abs')).toBe('/abs');
    expect(joinPath('/device', 'https://example.com')).toBe('https://example.com');
  });
});

describe('flattenRoutes', () => {
  it('lists every route of the table with its full path, in order', () => {
    expect(flattenRoutes(routes).map((r) => r.fullPath)).toEqual([
      '/',
      '/home',
      '/profile',
      '/profile/index',
      '/staff',
      '/staff/index',
      '/staff/detail',
      '/device',
      '/device/index',
      '/device/create',
      '/device/:id',
      '/device/detail/:id',
      '/device/attr',
      '/device/doss',
      '/device/record/:id',
      '/project',
      '/project/index',
      '/project/record/:id',
      '/project/daily/:id/:tid',
      '/crew',
      '/crew/index',
      '/crew/create',
      '/crew/:id',
      '/setting',
      '/setting/system/group/index',
      '/setting/system/grouplist/:id',
      '/setting/system/crontab',
      '/setting/system/dictionary',
      '/setting/system/attachment',
      '/setting/permission/role',
      '/setting/permission/admin',
      '/setting/permission/menu',
    ]);
  });

  it('records the ancestors, outermost first', () => {
    const flat = flattenRoutes(synthetic);
    const open = flat.find((r) => r.fullPath === '/a/z/open');
    expect(open?.node.meta?.title).toBe('Open');
    expect(open?.parents.map((p) => p.path)).toEqual(['/a', 'z']);
    expect(flat.find((r) => r.fullPath === '/a')?.parents).toEqual([]);
  });
});

describe('matchRoute', () => {
  const nameAt = (pathname: string) => matchRoute(routes, pathname)?.node.name;

  it('prefers static segments over parameters', () => {
    expect(nameAt('/device/create')).toBe('DeviceCreate');
    expect(nameAt('/crew/create')).toBe('CrewCreate');
  });

  it('matches parameter routes', () => {
    expect(nameAt('/device/42')).toBe('DeviceEdit');
    expect(nameAt('/device/detail/7')).toBe('DeviceDetail');
    expect(nameAt('/project/daily/3/9')).toBe('ProjectDaily');
    expect(nameAt('/setting/system/grouplist/5')).toBe('GroupDataList');
  });

  it('matches a parent and the root by their full paths', () => {
    expect(matchRoute(routes, '/device')?.fullPath).toBe('/device');
    expect(matchRoute(routes, '/')?.fullPath).toBe('/');
    expect(nameAt('/home')).toBe('Home');
  });

  it('gives undefined for an unknown path', () => {
    expect(matchRoute(routes, '/nowhere')).toBeUndefined();
    expect(matchRoute(routes, '/device/detail/7/extra')).toBeUndefined();
  });

  it('never matches an external route', () => {
    expect(matchRoute([{ path: 'https://example.com' }], 'https://example.com')).toBeUndefined();
  });
});

describe('pageTitle', () => {
  const translate = (key: string) => (key === 'route.DeviceList' ? 'Device list' : `?${key}`);

  it('joins the translated route title and the suffix', () => {
    expect(pageTitle('DeviceList', translate, 'Drill Console')).toBe('Device list - Drill Console');
    expect(pageTitle('Crew', translate, 'S')).toBe('?route.Crew - S');
  });

  it('gives the suffix alone without a title', () => {
    expect(pageTitle(undefined, translate, 'Drill Console')).toBe('Drill Console');
    expect(pageTitle('', translate, 'Drill Console')).toBe('Drill Console');
  });
});

describe('menuEntries', () => {
  const entry = (path: string, title: string, icon: string | undefined, children: ReturnType<typeof menuEntries> = []) => ({
    path,
    title,
    icon,
    external: false,
    children,
  });

  it('builds the sidebar of the real route table', () => {
    expect(menuEntries(routes)).toEqual([
      entry('/home', 'Home', 'home'),
      entry('/staff/index', 'Staff', 'badge'),
      entry('/device', 'Device', 'sensors', [
        entry('/device/index', 'DeviceList', 'sensors'),
        entry('/device/attr', 'DeviceSpareParts', 'build'),
        entry('/device/doss', 'DeviceDossier', 'folder'),
      ]),
      entry('/project/index', 'Project', 'oil'),
      entry('/crew/index', 'Crew', 'groups'),
      entry('/setting', 'Setting', 'settings', [
        entry('/setting/system/group/index', 'GroupData', 'dataset'),
        entry('/setting/system/crontab', 'Crontab', 'schedule'),
        entry('/setting/system/dictionary', 'DataDictionary', 'book'),
        entry('/setting/system/attachment', 'Attachment', 'attach'),
        entry('/setting/permission/role', 'RoleManage', 'security'),
        entry('/setting/permission/admin', 'Manager', 'admin'),
        entry('/setting/permission/menu', 'MenuManage', 'menu'),
      ]),
    ]);
  });

  it('shows an editor the menus of its filtered routes', () => {
    expect(menuEntries(filterRoutes(routes, ['editor'])).map((e) => [e.title, e.path])).toEqual([
      ['Home', '/home'],
      ['Staff', '/staff/index'],
      ['Device', '/device'],
      ['Project', '/project/index'],
      ['Crew', '/crew/index'],
    ]);
  });

  it('handles external single children, untitled parents and parents whose children are all hidden', () => {
    const tree: RouteNode[] = [
      { path: '/ext', meta: { title: 'Ext' }, children: [{ path: 'https://example.com', meta: { title: 'Docs', icon: 'link' } }] },
      {
        path: '/group',
        children: [
          { path: 'one', meta: { title: 'One' } },
          { path: 'two', meta: { title: 'Two', icon: 'two' } },
        ],
      },
      { path: '/lonely', meta: { title: 'Lonely', icon: 'l' }, children: [{ path: 'hidden', hidden: true, meta: { title: 'H' } }] },
      { path: '/untitled' },
      { path: '/gone', hidden: true, meta: { title: 'Gone' } },
    ];
    expect(menuEntries(tree)).toEqual([
      { path: 'https://example.com', title: 'Ext', icon: 'link', external: true, children: [] },
      entry('/group/one', 'One', undefined),
      entry('/group/two', 'Two', 'two'),
      entry('/lonely', 'Lonely', 'l'),
    ]);
  });
});

describe('matchesPattern', () => {
  it.each([
    ['/device/:id', '/device/42', true],
    ['/device/:id', '/device/42/', true],
    ['/device/:id', '/device', false],
    ['/device/:id', '/device/42/show', false],
    ['/device/detail/:id', '/device/detail/7', true],
    ['/redirect/*', '/redirect/crew/index', true],
    ['/', '/', true],
    ['/home', '/Home', false],
    ['/project/daily/:id/:tid', '/project/daily/3/9', true],
  ])('%s against %s is %s', (pattern, pathname, expected) => {
    expect(matchesPattern(pattern, pathname)).toBe(expected);
  });
});
