// Pure functions over the route tree of schemas/routes.json: role filtering, full paths,
// matching a location to its route, page titles and external links.
import { type View, parseComponent } from '../schema/route-component';
import type { RouteNode } from '../schema/types';

/** A route without roles is open to all; otherwise one of the person's roles must be listed. */
export function hasPermission(roles: string[], route: RouteNode): boolean {
  const allowed = route.meta?.roles;
  return !allowed || roles.some((role) => allowed.includes(role));
}

/** Admin gets every route; other roles get them filtered, children recursively. */
export function filterRoutes(routes: RouteNode[], roles: string[]): RouteNode[] {
  if (roles.includes('admin')) return routes;
  return routes
    .filter((route) => hasPermission(roles, route))
    .map((route) => (route.children ? { ...route, children: filterRoutes(route.children, roles) } : route));
}

/** Icon paths and menu links are external when they start with one of these. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

export function joinPath(parent: string, child: string): string {
  if (isExternal(child) || child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

export interface FlatRoute {
  fullPath: string;
  node: RouteNode;
  /** Titles of the ancestors, outermost first. */
  parents: RouteNode[];
}

export function flattenRoutes(routes: RouteNode[], base = '', parents: RouteNode[] = []): FlatRoute[] {
  return routes.flatMap((node) => {
    const fullPath = joinPath(base || '/', node.path);
    return [{ fullPath, node, parents }, ...flattenRoutes(node.children ?? [], fullPath, [...parents, node])];
  });
}

/**
 * Whether a path pattern ('/device/:id', '/redirect/*') matches a location. Written here rather
 * than borrowed from the router so that the server can use this module without loading React.
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return true;
    if (i >= have.length) return false;
    if (!want[i].startsWith(':') && want[i] !== decodeURIComponent(have[i])) return false;
  }
  return want.length === have.length;
}

/** The most specific route of the tree for a location, if any. */
export function matchRoute(routes: RouteNode[], pathname: string): FlatRoute | undefined {
  const candidates = flattenRoutes(routes).filter((r) => !isExternal(r.fullPath) && matchesPattern(r.fullPath, pathname));
  // Static segments beat parameters: '/device/create' over '/device/:id'.
  const score = (r: FlatRoute) => r.fullPath.split('/').filter((s) => s && !s.startsWith(':')).length;
  return candidates.sort((a, b) => score(b) - score(a))[0];
}

/** The route title translated under route.<title> plus the product-title suffix, or the suffix alone. */
export function pageTitle(title: string | undefined, translate: (key: string) => string, suffix: string): string {
  return title ? `${translate(`route.${title}`)} - ${suffix}` : suffix;
}

export interface MenuEntry {
  path: string;
  title: string;
  icon?: string;
  external: boolean;
  children: MenuEntry[];
}

/**
 * The sidebar entries: visible routes with a title. A parent with a single visible child
 * becomes one entry that opens the child, under the parent's title (Crew -> /crew/index).
 */
export function menuEntries(routes: RouteNode[], base = '/'): MenuEntry[] {
  return routes.flatMap((node): MenuEntry[] => {
    if (node.hidden) return [];
    const path = joinPath(base, node.path);
    const children = menuEntries(node.children ?? [], path);
    const title = node.meta?.title;
    const icon = node.meta?.icon;
    if (children.length === 1) {
      const only = children[0];
      return [{ ...only, title: title ?? only.title, icon: icon ?? only.icon }];
    }
    if (!title) return children;
    return [{ path, title, icon, external: isExternal(path), children }];
  });
}

/** Where each view of each resource lives in the tree: `paths.device.record` is '/device/record/:id'. */
export type ViewPaths = Record<string, Partial<Record<View, string>>>;

export function viewPaths(routes: RouteNode[]): ViewPaths {
  const out: ViewPaths = {};
  for (const { fullPath, node } of flattenRoutes(routes)) {
    const target = node.component ? parseComponent(node.component) : undefined;
    if (target) (out[target.resource] ??= {})[target.view] ??= fullPath;
  }
  return out;
}

/** A view's path for one record: the `:id` of its pattern filled in. */
export function recordPath(pattern: string, id: string | number): string {
  return pattern.replace(/:id\b/, encodeURIComponent(String(id)));
}
