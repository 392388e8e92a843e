// The sidebar menu from the person's route tree (the stored menu as their roles open it).
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { createElement, memo, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePathname } from '../../routes/pathname';
import { useSidebarState, useTranslate } from 'react-admin';
import { menuEntries, type MenuEntry } from '../../../kernel/routes/tree';
import { useVisibleRoutes } from '../../routes/useVisibleRoutes';
import { iconFor } from '../icons';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_COLOURS, SIDEBAR_WIDTH, sidebarActiveColour } from '../../settings/theme';
import { useSettings } from '../../settings/SettingsContext';
import { SidebarLogo } from './SidebarLogo';
import { useDrawnAfterContent } from '../afterContent';

function isActive(entry: MenuEntry, pathname: string): boolean {
  return pathname === entry.path || pathname.startsWith(`${entry.path}/`) || entry.children.some((c) => isActive(c, pathname));
}

// Each entry is a list item (li) of the menu's list (ul); a group's entries are a list inside its item.
// An entry renders again when its own state changes (the path, the sidebar, the settings), not with the menu.
const MenuItem = memo(function MenuItem({ entry, depth }: { entry: MenuEntry; depth: number }) {
  const translate = useTranslate();
  const { settings } = useSettings();
  const pathname = usePathname();
  const [sidebarOpen] = useSidebarState();
  const active = isActive(entry, pathname);
  const [expanded, setExpanded] = useState(active);
  const title = translate(`route.${entry.title}`, { _: entry.title });
  const icon = (
    <Tooltip title={sidebarOpen ? '' : title} placement="right">
      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>{createElement(iconFor(entry.icon), { fontSize: 'small' })}</ListItemIcon>
    </Tooltip>
  );
  const indent = {
    pl: sidebarOpen ? 2 + depth * 2 : 2,
    color: 'inherit',
    bgcolor: depth > 0 ? SIDEBAR_COLOURS.nested : 'transparent',
    '&:hover': { bgcolor: SIDEBAR_COLOURS.hover },
    '&.Mui-selected, &.Mui-selected:hover': {
      color: sidebarActiveColour(settings.theme),
      bgcolor: depth > 0 ? SIDEBAR_COLOURS.hover : 'transparent',
    },
  };

  if (entry.children.length > 0) {
    return (
      <ListItem disablePadding sx={{ display: 'block' }}>
        <ListItemButton onClick={() => setExpanded(!expanded)} sx={indent} data-menu={entry.path}>
          {icon}
          {sidebarOpen && <ListItemText primary={title} />}
          {sidebarOpen && (expanded ? <ExpandLess /> : <ExpandMore />)}
        </ListItemButton>
        <Collapse in={expanded} unmountOnExit>
          <List disablePadding>
            {entry.children.map((child) => (
              <MenuItem key={child.path} entry={child} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      </ListItem>
    );
  }
  const linkProps = entry.external
    ? { component: 'a' as const, href: entry.path, target: '_blank', rel: 'noopener' }
    : { component: Link, to: entry.path };
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton {...linkProps} selected={active} sx={indent} data-menu={entry.path}>
        {icon}
        {sidebarOpen && <ListItemText primary={title} />}
      </ListItemButton>
    </ListItem>
  );
});

export function SchemaMenu() {
  const translate = useTranslate();
  const routes = useVisibleRoutes();
  const { settings } = useSettings();
  const [open] = useSidebarState();
  const entries = useMemo(() => menuEntries(routes), [routes]);
  const drawn = useDrawnAfterContent();
  // The sidebar's inner box is sized by its content: the menu gives it the full width.
  const width = open ? SIDEBAR_WIDTH : SIDEBAR_CLOSED_WIDTH;
  return (
    <Box
      component="nav"
      aria-label={translate('app.menu.label')}
      sx={{ pt: settings.sidebarLogo ? 0 : 1, pb: 1, color: SIDEBAR_COLOURS.text, minHeight: '100%', width }}
    >
      {settings.sidebarLogo && <SidebarLogo />}
      <List disablePadding>{drawn && entries.map((entry) => <MenuItem key={entry.path} entry={entry} depth={0} />)}</List>
    </Box>
  );
}
