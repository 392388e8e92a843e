// The route tree's functions, on route trees written for them (tests/fixtures/mechanism/routes.json
// and the one below): exact results here never depend on the product's own routes.json, whose
// invariants routes-invariants.test.ts checks.
import { join } from 'node:path';
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
  recordPath,
  viewPaths,
} from '../../kernel/routes/tree';

const routes = loadRegistry(join(import.meta.dirname, '../fixtures/mechanism')).routes;

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

  it('hides the admin-only settings from an editor', () => {
    expect(filterRoutes(routes, ['editor']).map((r) => r.path)).toEqual(['/', '/profile', '/well', '/tool', '/help']);
  });

  it('leaves only the open routes to a role that is listed nowhere', () => {
    expect(filterRoutes(routes, ['guest']).map((r) => r.path)).toEqual(['/', '/profile', '/help']);
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
  it('lists every route of the tree with its full path, in order', () => {
    expect(flattenRoutes(routes).map((r) => r.fullPath)).toEqual([
      '/',
      '/home',
      '/profile',
      '/profile/index',
      '/well',
      '/well/index',
      '/well/create',
      '/well/:id',
      '/tool',
      '/tool/index',
      '/tool/create',
      '/tool/:id',
      '/tool/record/:id',
      '/tool/run/:id/:rid',
      '/tool/docs',
      '/setting',
      '/setting/system/archive',
      '/setting/system/archive/:id',
      '/setting/system/kinds',
      '/help',
      'https://example.com/help',
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
    expect(nameAt('/well/create')).toBe('WellCreate');
    expect(nameAt('/tool/create')).toBe('ToolCreate');
    expect(nameAt('/tool/docs')).toBe('ToolDocs');
  });

  it('matches parameter routes', () => {
    expect(nameAt('/tool/42')).toBe('ToolEdit');
    expect(nameAt('/tool/record/7')).toBe('ToolRecord');
    expect(nameAt('/tool/run/3/9')).toBe('ToolRun');
    expect(nameAt('/setting/system/archive/5')).toBe('ArchiveItem');
  });

  it('matches a parent and the root by their full paths', () => {
    expect(matchRoute(routes, '/tool')?.fullPath).toBe('/tool');
    expect(matchRoute(routes, '/')?.fullPath).toBe('/');
    expect(nameAt('/home')).toBe('Home');
  });

  it('gives undefined for an unknown path', () => {
    expect(matchRoute(routes, '/nowhere')).toBeUndefined();
    expect(matchRoute(routes, '/tool/record/7/extra')).toBeUndefined();
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

  it('builds the sidebar: single visible children folded into their parent, hidden routes left out', () => {
    expect(menuEntries(routes)).toEqual([
      entry('/home', 'Home', 'home'),
      entry('/well/index', 'Well', 'oil'),
      entry('/tool', 'Tool', 'build', [entry('/tool/index', 'ToolList', 'build'), entry('/tool/docs', 'ToolDocs', 'folder')]),
      entry('/setting', 'Setting', 'settings', [
        entry('/setting/system/archive', 'Archive', 'attach'),
        entry('/setting/system/kinds', 'Kinds', 'book'),
      ]),
      { path: 'https://example.com/help', title: 'Help', icon: 'link', external: true, children: [] },
    ]);
  });

  it('shows an editor the menus of its filtered routes', () => {
    expect(menuEntries(filterRoutes(routes, ['editor'])).map((e) => [e.title, e.path])).toEqual([
      ['Home', '/home'],
      ['Well', '/well/index'],
      ['Tool', '/tool'],
      ['Help', 'https://example.com/help'],
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

describe('viewPaths and recordPath', () => {
  it('find where each view of each resource lives, and fill in a record id', () => {
    expect(viewPaths(routes)).toEqual({
      well: { list: '/well/index', create: '/well/create', show: '/well/:id' },
      tool: { list: '/tool/index', create: '/tool/create', edit: '/tool/:id', record: '/tool/record/:id' },
    });
    expect(recordPath('/tool/record/:id', 7)).toBe('/tool/record/7');
    expect(recordPath('/tool/:id', 'a b')).toBe('/tool/a%20b');
  });
});
