import { useEffect } from 'react';
import { usePathname } from '../routes/pathname';
import { useSidebarState } from 'react-admin';
import { useDeviceClass } from '../settings/useDeviceClass';
import { loadSidebarOpen } from '../settings/settings';

/**
 * The sidebar, open or closed as the `sidebarStatus` cookie says; on a phone
 * (below 992 px) closed, and closed again on every route change.
 */
export function ResponsiveSidebar() {
  const [, setOpen] = useSidebarState();
  const mobile = useDeviceClass() === 'mobile';
  const pathname = usePathname();

  useEffect(() => {
    setOpen(mobile ? false : loadSidebarOpen());
  }, [mobile, setOpen]);

  useEffect(() => {
    if (mobile) setOpen(false);
  }, [pathname, mobile, setOpen]);

  return null;
}
