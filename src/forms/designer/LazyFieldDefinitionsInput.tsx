// The form designer, loaded when a form with a list of field definitions opens: neither it,
// dnd-kit nor the form renderer it previews with load with the sign-in page or other forms.
import Skeleton from '@mui/material/Skeleton';
import { Suspense, lazy } from 'react';
import type { FieldDefinitionsInputProps } from './FieldDefinitionsInput';

const FieldDefinitionsInput = lazy(() => import('./FieldDefinitionsInput'));

export function LazyFieldDefinitionsInput(props: FieldDefinitionsInputProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={160} sx={{ my: 1 }} />}>
      <FieldDefinitionsInput {...props} />
    </Suspense>
  );
}
