// The top bar: hamburger, breadcrumb, then search, error log, the bell of messages and
// notifications, fullscreen, size, language and the avatar menu. On a phone: the hamburger, the
// page title, the bell, language and avatar.
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Palette from '@mui/icons-material/Palette';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Dashboard from '@mui/icons-material/Dashboard';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { type ReactElement, forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { Logout, TitlePortal, useSidebarState, useTranslate, useUserMenu } from 'react-admin';
import { saveSidebarOpen } from '../../settings/settings';
import { AccountMenu } from './AccountMenu';
import { useSettings } from '../../settings/SettingsContext';
import { useDeviceClass } from '../../settings/useDeviceClass';
import { ErrorLogButton } from '../error-log/ErrorLogButton';
import { HeaderSearch } from '../search/HeaderSearch';
import { Breadcrumb } from './Breadcrumb';
import { FullscreenButton } from './FullscreenButton';
import { LanguageSelect } from './LanguageSelect';
import { NoticeBell } from './NoticeBell';
import { SizeSelect } from './SizeSelect';
import { useDrawnAfterContent } from '../afterContent';

/** An entry of the avatar menu that leads to a page. */
const LinkItem = forwardRef<HTMLAnchorElement, { to: string; label: string; icon: ReactElement }>(function LinkItem(
  { to, label, icon },
  ref,
) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} ref={ref} onClick={() => menu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
});

const ThemeItem = forwardRef<HTMLLIElement>(function ThemeItem(_props, ref) {
  const translate = useTranslate();
  const menu = useUserMenu();
  const { setDrawerOpen } = useSettings();
  return (
    <MenuItem ref={ref} onClick={() => (menu?.onClose(), setDrawerOpen(true))}>
      <ListItemIcon>
        <Palette fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.navbar.theme')}</ListItemText>
    </MenuItem>
  );
});

/**
 * The page's title on a phone: all the room the buttons leave, a title longer than that ending
 * with an ellipsis (on the box react-admin puts the title text in, which would otherwise be cut short).
 */
const TITLE = {
  fontSize: 16,
  minWidth: 0,
  // Doubled, the rule outweighs react-admin's inline-block for that box, as wide as its text.
  '&& > *': { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
};

export function Navbar() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const { settings } = useSettings();
  const mobile = useDeviceClass() === 'mobile';
  const toggle = () => {
    setOpen(!open);
    if (!mobile) saveSidebarOpen(!open);
  };
  const label = translate(open ? 'app.navbar.collapse' : 'app.navbar.expand');
  const toolsDrawn = useDrawnAfterContent();
  return (
    <AppBar
      position={settings.fixedHeader ? 'fixed' : 'absolute'}
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar variant="dense" sx={{ gap: 0.5, minHeight: (theme) => theme.spacing(6) }}>
        <Tooltip title={label}>
          <IconButton edge="start" color="inherit" onClick={toggle} aria-label={label} aria-expanded={open}>
            {open ? <MenuOpen /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        {mobile && <TitlePortal sx={TITLE} />}
        {toolsDrawn && <NavbarTools mobile={mobile} />}
      </Toolbar>
    </AppBar>
  );
}

/** What the bar holds after its menu button (and title): breadcrumb, search, buttons and menus. */
function NavbarTools({ mobile }: { mobile: boolean }) {
  return (
    <>
      {!mobile && <Breadcrumb />}
      {/* On a phone the title fills the bar's free room itself. */}
      {!mobile && <Box sx={{ flex: 1 }} />}
      <HeaderSearch />
      <ErrorLogButton />
      <NoticeBell />
      {!mobile && (
        <>
          <FullscreenButton />
          <SizeSelect />
        </>
      )}
      <LanguageSelect />
      <AccountMenu>
        <LinkItem to="/home" label="app.menu.dashboard" icon={<Dashboard fontSize="small" />} />
        <LinkItem to="/profile/index" label="app.menu.profile" icon={<AccountCircle fontSize="small" />} />
        <ThemeItem />
        <Logout />
      </AccountMenu>
    </>
  );
}
