// The sidebar's drawer: react-admin's Sidebar (same elements, classes and look) in the dark
// colours of vue-element-admin. React-admin's reads the page's scroll position as it mounts,
// which lays the whole page out in the middle of drawing the first screen, and again once it is
// drawn; this one reads it only after the first frame is painted, and then on scrolling.
import Drawer from '@mui/material/Drawer';
import { styled } from '@mui/material/styles';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { SidebarClasses, useSidebarState } from 'react-admin';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_COLOURS, SIDEBAR_WIDTH } from '../settings/theme';
import { useSettings } from '../settings/SettingsContext';
import { useDeviceClass } from '../settings/useDeviceClass';

/** The app bar's height: scrolled past it, a bar that scrolls with the page is out of sight. */
const APP_BAR_HEIGHT = 48;

/** Whether the page is scrolled past the app bar; false until the first frame is painted. */
function useScrolledPastAppBar(watch: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!watch) return;
    const check = () => setPast(window.scrollY > APP_BAR_HEIGHT);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(check)));
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', check);
    };
  }, [watch]);
  return watch && past;
}

/**
 * Whether the sidebar's state has been set for the device class: ResponsiveSidebar sets it once
 * the layout has mounted, and again when the window crosses 992 px; until then it may still say
 * open (react-admin's default above 600 px, or the last state of a wider window). A drawer over
 * the page that opened and closed within that first moment would stay on the page, empty.
 */
function useStateSetFor(mobile: boolean): boolean {
  const [setFor, setSetFor] = useState<boolean>();
  // After that effect, and after what it sets has been drawn.
  useEffect(() => startTransition(() => setSetFor(mobile)), [mobile]);
  return setFor === mobile;
}

/**
 * Below 992 px (a phone, or a tablet held upright) the sidebar is hidden, and opened it lies over
 * the page, behind it a backdrop that closes it; wider, it is a column beside the page, 210 px
 * open and a rail of icons closed.
 */
export function Sidebar({ children }: { children: ReactNode }) {
  const mobile = useDeviceClass() === 'mobile';
  const [open, setOpen] = useSidebarState();
  const { settings } = useSettings();
  // With a bar that scrolls away, the sidebar moves up into its place (a fixed bar stays above it).
  const collapsed = useScrolledPastAppBar(!mobile && !settings.fixedHeader);
  const stateSet = useStateSetFor(mobile);
  const toggle = () => setOpen(!open);
  if (mobile) {
    return (
      <SidebarDrawer variant="temporary" open={stateSet && open} onClose={toggle} classes={SidebarClasses}>
        {children}
      </SidebarDrawer>
    );
  }
  const state = `${open ? 'RaSidebar-open' : 'RaSidebar-closed'}${collapsed ? ` ${SidebarClasses.appBarCollapsed}` : ''}`;
  return (
    <SidebarDrawer variant="permanent" open={open} onClose={toggle} classes={SidebarClasses} className={state}>
      <div className={SidebarClasses.fixed}>{children}</div>
    </SidebarDrawer>
  );
}

const SidebarDrawer = styled(Drawer, { name: 'RaSidebar', slot: 'Root' })(({ open, theme }) => ({
  height: 'calc(100vh - 3em)',
  marginTop: 0,
  backgroundColor: SIDEBAR_COLOURS.background,
  transition: theme.transitions.create('margin', {
    easing: theme.transitions.easing.easeOut,
    duration: theme.transitions.duration.enteringScreen,
  }),
  [`&.${SidebarClasses.appBarCollapsed}`]: {
    marginTop: theme.spacing(-6),
    transition: theme.transitions.create('margin', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
  },
  [`& .${SidebarClasses.fixed}`]: {
    position: 'fixed',
    height: '100%',
    overflowX: 'hidden',
    scrollbarWidth: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
  },
  [`& .MuiDrawer-paper, & .${SidebarClasses.fixed}`]: { backgroundColor: SIDEBAR_COLOURS.background, color: SIDEBAR_COLOURS.text },
  '& .MuiPaper-root': {
    position: 'relative',
    width: open ? SIDEBAR_WIDTH : SIDEBAR_CLOSED_WIDTH,
    transition: theme.transitions.create('width', {
      easing: theme.transitions.easing.sharp,
      duration: theme.transitions.duration.leavingScreen,
    }),
    borderRight: 'none',
    [theme.breakpoints.up('md')]: { border: 'none' },
    zIndex: 'inherit',
  },
  // Over the page: the drawer's backdrop over the whole window, the menu the whole height.
  '&.MuiDrawer-modal': { height: 'auto', backgroundColor: 'transparent' },
  '&.MuiDrawer-modal .MuiPaper-root': { marginTop: 0, height: '100vh', position: 'inherit' },
}));
