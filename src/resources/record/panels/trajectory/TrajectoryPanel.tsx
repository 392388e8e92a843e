// The well's Trajectory tab. Only this small shell is in the record page's code: the screen itself,
// with the chart library, loads the first time the tab opens, and three.js when the 3D view does.
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import type { PanelProps } from '../../panels';

const TrajectoryView = lazy(() => import('./TrajectoryView').then((m) => ({ default: m.TrajectoryView })));

export function TrajectoryPanel(props: PanelProps) {
  return (
    <Suspense fallback={<LinearProgress sx={{ m: 2 }} />}>
      <TrajectoryView {...props} />
    </Suspense>
  );
}
