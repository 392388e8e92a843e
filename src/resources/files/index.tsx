// The files of records in the console: the calibration reports tab of a record page, loaded when
// it is first opened, and the upload field of forms (UploadInput) with its thumbnail (UploadThumbnail).
import LinearProgress from '@mui/material/LinearProgress';
import { Suspense, lazy } from 'react';
import type { PanelProps } from '../record/panels';

const ReportsPanel = lazy(() => import('./ReportsPanel'));

export function ReportsTab(props: PanelProps) {
  return (
    <Suspense fallback={<LinearProgress sx={{ m: 2 }} />}>
      <ReportsPanel {...props} />
    </Suspense>
  );
}
