import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useSidebarState } from 'react-admin';
import { MOBILE_BREAKPOINT } from '../settings/device';
import { loadSidebarOpen } from '../settings/settings';

/**
 * The sidebar as SPEC §4 wants it: open or closed as the `sidebarStatus` cookie says; on a phone
 * (below 992 px) closed, and closed again on every route change.
 */
export function ResponsiveSidebar() {
  const [, setOpen] = useSidebarState();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`, { noSsr: true });
  const { pathname } = useLocation();

  useEffect(() => {
    setOpen(mobile ? false : loadSidebarOpen());
  }, [mobile, setOpen]);

  useEffect(() => {
    if (mobile) setOpen(false);
  }, [pathname, mobile, setOpen]);

  return null;
}
