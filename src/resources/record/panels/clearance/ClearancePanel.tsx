// The well's Clearance tab. Only this small shell is in the record page's code: the screen itself,
// with the chart library, loads the first time the tab opens.
import LinearProgress from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';
import type { PanelProps } from '../../panels';

const ClearanceView = lazy(() => import('./ClearanceView').then((m) => ({ default: m.ClearanceView })));

export function ClearancePanel(props: PanelProps) {
  return (
    <Suspense fallback={<LinearProgress sx={{ m: 2 }} />}>
      <ClearanceView {...props} />
    </Suspense>
  );
}
