// The list tools, loaded when a list first shows: the sign-in page does not carry them.
import { lazy, Suspense } from 'react';
import type { ListToolsProps } from './ListTools';

const ListTools = lazy(() => import('./ListTools').then((m) => ({ default: m.ListTools })));

export function LazyListTools(props: ListToolsProps) {
  return (
    <Suspense fallback={null}>
      <ListTools {...props} />
    </Suspense>
  );
}
