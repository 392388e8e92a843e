// The well's time-log tab. Only this shell is in the record page's code: the view, with the chart
// library, loads the first time the tab opens.
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import type { PanelProps } from '../../panels';

const DailyLogView = lazy(() => import('./DailyLogView').then((m) => ({ default: m.DailyLogView })));

export function DailyLogPanel(props: PanelProps) {
  return (
    <Suspense fallback={<LinearProgress sx={{ m: 2 }} />}>
      <DailyLogView {...props} />
    </Suspense>
  );
}
