// Links to the views of a route tree written for this test: wherever a view sits, a link goes to
// the path the tree gives it, and a record opens on its record page, else its edit form, else its detail.
import { describe, expect, it } from 'vitest';
import type { RouteNode } from '../../kernel/schema/types';
import { filterRoutes, viewPaths } from '../../kernel/routes/tree';
import { defaultPath, openLink, openView, viewLink } from '../../kernel/routes/links';

const routes: RouteNode[] = [
  {
    path: '/stock',
    children: [
      { path: 'index', component: 'resource:tool:list' },
      { path: 'create', component: 'resource:tool:create' },
      { path: ':id', component: 'resource:tool:edit' },
      { path: 'record/:id', component: 'resource:tool:record', meta: { roles: ['admin'] } },
    ],
  },
  {
    path: '/setting',
    meta: { roles: ['admin'] },
    children: [
      { path: 'lists', component: 'resource:list:list' },
      { path: 'lists/edit/:id', component: 'resource:list:edit' },
    ],
  },
  { path: '/team', children: [{ path: 'detail/:id', component: 'resource:team:show' }] },
  { path: '/part', children: [{ path: ':id/show', component: 'resource:part:show' }] },
];
const paths = viewPaths(routes);

describe('view links', () => {
  it('go to the path the tree writes, the id filled in', () => {
    expect(viewLink(paths, 'tool', 'list')).toBe('/stock/index');
    expect(viewLink(paths, 'tool', 'create')).toBe('/stock/create');
    expect(viewLink(paths, 'tool', 'edit', 7)).toBe('/stock/7');
    expect(viewLink(paths, 'tool', 'record', 7)).toBe('/stock/record/7');
    expect(viewLink(paths, 'list', 'edit', 'a b')).toBe('/setting/lists/edit/a%20b');
  });

  it('are undefined for a view no route shows, or a record view without an id', () => {
    expect(viewLink(paths, 'list', 'create')).toBeUndefined();
    expect(viewLink(paths, 'nothing', 'list')).toBeUndefined();
    expect(viewLink(paths, 'tool', 'edit')).toBeUndefined();
    expect(viewLink(paths, 'tool', 'edit', null)).toBeUndefined();
  });

  it('open a record on its record page, else its edit form, else its detail', () => {
    expect(openView(paths, 'tool')).toBe('record');
    expect(openLink(paths, 'tool', 3)).toBe('/stock/record/3');
    expect(openLink(paths, 'list', 3)).toBe('/setting/lists/edit/3');
    expect(openLink(paths, 'team', 3)).toBe('/team/detail/3');
    expect(openLink(paths, 'nothing', 3)).toBeUndefined();
  });

  it('follow the routes a role may see', () => {
    const editor = viewPaths(filterRoutes(routes, ['editor']));
    expect(openLink(editor, 'tool', 3)).toBe('/stock/3');
    expect(viewLink(editor, 'list', 'list')).toBeUndefined();
  });

  it("know react-admin's own paths, which need no route of their own", () => {
    expect(defaultPath('tool', 'list')).toBe('/tool');
    expect(defaultPath('tool', 'create')).toBe('/tool/create');
    expect(defaultPath('tool', 'edit')).toBe('/tool/:id');
    expect(defaultPath('part', 'show')).toBe('/part/:id/show');
    expect(paths.part.show).toBe(defaultPath('part', 'show'));
    expect(defaultPath('tool', 'record')).toBeUndefined();
  });
});
