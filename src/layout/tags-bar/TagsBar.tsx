// The tags bar of visited views: a tag per visited page, affixed Home first;
// right-click for Refresh, Close, Close others, Close all; middle-click closes.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type MouseEvent, memo, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { flattenRoutes, matchRoute } from '../../../kernel/routes/tree';
import { registry } from '../../../kernel/schema/load-vite';
import { type View, nextAfterClosing } from './tags';
import { useVisibleRoutes } from '../../routes/useVisibleRoutes';
import { usePathname, useRouterLater } from '../../routes/pathname';
import { tagsStore } from './tagsStore';

/** The context menu is 105 px wide. */
export const CONTEXT_MENU_WIDTH = 105;

const affixed = flattenRoutes(registry.routes)
  .filter((r) => r.node.meta?.affix)
  .map((r) => ({ path: r.fullPath, title: r.node.meta!.title!, affix: true }));

/** Tells the store where the current page's tag leads: its address, query included. Draws nothing. */
function TagTarget() {
  const { pathname, search } = useLocation();
  useEffect(() => tagsStore.seen(pathname, `${pathname}${search}`), [pathname, search]);
  return null;
}

interface TagProps {
  view: View;
  label: string;
  active: boolean;
  onOpen: (path: string) => void;
  onClose: (path: string) => void;
  onMenu: (event: MouseEvent, path: string) => void;
}

/** One tag: drawn again only when its own label or state changes, not with each tag added. */
const Tag = memo(function Tag({ view, label, active, onOpen, onClose, onMenu }: TagProps) {
  return (
    <Chip
      role="tab"
      aria-selected={active}
      data-tag={view.path}
      label={label}
      size="small"
      color={active ? 'primary' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      onClick={() => onOpen(view.path)}
      onDelete={view.affix ? undefined : () => onClose(view.path)}
      onMouseUp={(event) => {
        if (event.button === 1 && !view.affix) onClose(view.path);
      }}
      onContextMenu={(event) => onMenu(event, view.path)}
      sx={TAG_SX}
    />
  );
});

const TAG_SX = { borderRadius: 1, flexShrink: 0 } as const;
const BAR_SX = {
  display: 'flex',
  gap: 0.5,
  px: 1,
  py: 0.5,
  overflowX: 'auto',
  borderBottom: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  boxShadow: '0 1px 3px rgba(0,21,41,.08)',
} as const;

/**
 * The bar follows the current path alone: a list's page, sort or filters change the address's
 * query, not the tags shown (the tag leads to the page as last seen, through the store).
 */
export function TagsBar() {
  const translate = useTranslate();
  const { navigate } = useRouterLater();
  const here = usePathname();
  const views = useSyncExternalStore(tagsStore.subscribe, tagsStore.views);
  const [menu, setMenu] = useState<{ x: number; y: number; path: string } | null>(null);
  const routes = useVisibleRoutes();

  // Affixed views survive every close, so adding them once is enough.
  useEffect(() => {
    for (const view of affixed) tagsStore.add(view);
  }, []);

  useEffect(() => {
    if (here.startsWith('/redirect') || here === '/login') return;
    const route = matchRoute(routes, here);
    if (!route?.node.component) return; // a redirecting route ('/') is not a view
    tagsStore.add({ path: here, title: route.node.meta?.title ?? 'no-name' });
  }, [here, routes]);

  // The tags' handlers keep their identity for the bar's life, reading the path when called.
  const latestHere = useRef(here);
  useLayoutEffect(() => {
    latestHere.current = here;
  });
  const open = useCallback((path: string) => void navigate(tagsStore.target(path)), [navigate]);
  const close = useCallback(
    (path: string) => {
      if (path === latestHere.current) void navigate(tagsStore.target(nextAfterClosing(tagsStore.views(), path)));
      tagsStore.close(path);
    },
    [navigate],
  );
  const openMenu = useCallback((event: MouseEvent, path: string) => {
    event.preventDefault();
    setMenu({ x: event.clientX, y: event.clientY, path });
  }, []);

  const title = (key: string) => (key === 'no-name' ? 'no-name' : translate(`route.${key}`, { _: key }));
  const act = (action: 'refresh' | 'close' | 'others' | 'all') => {
    if (!menu) return;
    const { path } = menu;
    setMenu(null);
    if (action === 'refresh') void navigate(`/redirect${tagsStore.target(path)}`, { replace: true });
    if (action === 'close') close(path);
    if (action === 'others') {
      tagsStore.closeOthers(path);
      if (path !== here) open(path);
    }
    if (action === 'all') {
      tagsStore.closeAll();
      const rest = tagsStore.views();
      if (!rest.some((v) => v.path === here)) void navigate(rest.length ? tagsStore.target(rest[rest.length - 1].path) : '/');
    }
  };

  return (
    <Box role="tablist" aria-label={translate('app.tags.label')} sx={BAR_SX}>
      <TagTarget />
      {views.map((view) => (
        <Tag
          key={view.path}
          view={view}
          label={title(view.title)}
          active={view.path === here}
          onOpen={open}
          onClose={close}
          onMenu={openMenu}
        />
      ))}
      <Menu
        open={menu !== null}
        onClose={() => setMenu(null)}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.y, left: menu.x } : undefined}
        slotProps={{ paper: { sx: { width: CONTEXT_MENU_WIDTH } } }}
      >
        <MenuItem dense onClick={() => act('refresh')}>
          {translate('app.tags.refresh')}
        </MenuItem>
        {!views.find((v) => v.path === menu?.path)?.affix && (
          <MenuItem dense onClick={() => act('close')}>
            {translate('app.tags.close')}
          </MenuItem>
        )}
        <MenuItem dense onClick={() => act('others')}>
          {translate('app.tags.close_others')}
        </MenuItem>
        <MenuItem dense onClick={() => act('all')}>
          {translate('app.tags.close_all')}
        </MenuItem>
      </Menu>
    </Box>
  );
}
