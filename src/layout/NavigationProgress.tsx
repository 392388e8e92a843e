// A thin bar at the top while the route changes or data loads, in the theme colour, growing
// toward the right end as NProgress's does. It moves by a transform alone, which the browser
// animates without laying the page out: a bar that reads its own width to restart its motion
// (NProgress) lays out the whole list in the middle of each page change, and one that animates
// its left and right edges (MUI's indeterminate bar) lays the page out at every frame.
import Box from '@mui/material/Box';
import Portal from '@mui/material/Portal';
import { keyframes } from '@mui/material/styles';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { usePathname } from '../routes/pathname';

/** How long the bar shows after a change of page, when nothing loads for it. */
const NAVIGATION_MS = 150;

const grow = keyframes`from { transform: scaleX(0.08); } to { transform: scaleX(0.92); }`;
const BAR_SX = {
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: 2,
  zIndex: 2000,
  pointerEvents: 'none',
  bgcolor: 'primary.main',
  transformOrigin: 'left',
  animation: `${grow} 3s cubic-bezier(0.1, 0.8, 0.3, 1) forwards`,
} as const;

export function NavigationProgress() {
  const pathname = usePathname();
  const busy = useIsFetching() + useIsMutating() > 0;
  // The page the bar has finished showing for: until then, the bar shows.
  const [settled, setSettled] = useState<string>();
  const translate = useTranslate();

  useEffect(() => {
    const timer = setTimeout(() => setSettled(pathname), NAVIGATION_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  if (!busy && settled === pathname) return null;
  // In the page's body, above everything: inside the layout it would sit under the app bar.
  return (
    <Portal>
      <Box id="navigation-progress" role="progressbar" aria-label={translate('ra.page.loading')} sx={BAR_SX} />
    </Portal>
  );
}
