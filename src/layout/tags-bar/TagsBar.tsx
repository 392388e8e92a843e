// The tags bar of visited views: a tag per visited page, affixed Home first;
// right-click for Refresh, Close, Close others, Close all; middle-click closes.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { flattenRoutes, matchRoute } from '../../../kernel/routes/tree';
import { registry } from '../../../kernel/schema/load-vite';
import { nextAfterClosing } from './tags';
import { useVisibleRoutes } from '../../routes/useVisibleRoutes';
import { tagsStore } from './tagsStore';

/** The context menu is 105 px wide. */
export const CONTEXT_MENU_WIDTH = 105;

const affixed = flattenRoutes(registry.routes)
  .filter((r) => r.node.meta?.affix)
  .map((r) => ({ path: r.fullPath, title: r.node.meta!.title!, affix: true }));

export function TagsBar() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const views = useSyncExternalStore(tagsStore.subscribe, tagsStore.views);
  const [menu, setMenu] = useState<{ x: number; y: number; path: string } | null>(null);
  const here = `${location.pathname}${location.search}`;
  const routes = useVisibleRoutes();

  // Affixed views survive every close, so adding them once is enough.
  useEffect(() => {
    for (const view of affixed) tagsStore.add(view);
  }, []);

  useEffect(() => {
    if (location.pathname.startsWith('/redirect') || location.pathname === '/login') return;
    const route = matchRoute(routes, location.pathname);
    if (!route?.node.component) return; // a redirecting route ('/') is not a view
    tagsStore.add({ path: here, title: route.node.meta?.title ?? 'no-name' });
  }, [here, location.pathname, routes]);

  const close = (path: string) => {
    if (path === here) navigate(nextAfterClosing(tagsStore.views(), path));
    tagsStore.close(path);
  };
  const title = (key: string) => (key === 'no-name' ? 'no-name' : translate(`route.${key}`, { _: key }));
  const act = (action: 'refresh' | 'close' | 'others' | 'all') => {
    if (!menu) return;
    const { path } = menu;
    setMenu(null);
    if (action === 'refresh') navigate(`/redirect${path}`, { replace: true });
    if (action === 'close') close(path);
    if (action === 'others') {
      tagsStore.closeOthers(path);
      if (path !== here) navigate(path);
    }
    if (action === 'all') {
      tagsStore.closeAll();
      const rest = tagsStore.views();
      if (!rest.some((v) => v.path === here)) navigate(rest[rest.length - 1]?.path ?? '/');
    }
  };

  return (
    <Box
      role="tablist"
      aria-label={translate('app.tags.label')}
      sx={{ display: 'flex', gap: 0.5, px: 1, py: 0.5, overflowX: 'auto', borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', boxShadow: '0 1px 3px rgba(0,21,41,.08)' }}
    >
      {views.map((view) => {
        const active = view.path === here;
        return (
          <Chip
            key={view.path}
            role="tab"
            aria-selected={active}
            data-tag={view.path}
            label={title(view.title)}
            size="small"
            color={active ? 'primary' : 'default'}
            variant={active ? 'filled' : 'outlined'}
            onClick={() => navigate(view.path)}
            onDelete={view.affix ? undefined : () => close(view.path)}
            onMouseUp={(event) => {
              if (event.button === 1 && !view.affix) close(view.path);
            }}
            onContextMenu={(event) => {
              event.preventDefault();
              setMenu({ x: event.clientX, y: event.clientY, path: view.path });
            }}
            sx={{ borderRadius: 1, flexShrink: 0 }}
          />
        );
      })}
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
