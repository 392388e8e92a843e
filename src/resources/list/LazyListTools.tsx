// The list tools, loaded when a list first shows (or ahead, preloadListTools): the sign-in page
// does not carry them.
import { Suspense } from 'react';
import { preloadable } from '../preloadable';
import type { ListToolsProps } from './ListTools';

const ListTools = preloadable(() => import('./ListTools').then((m) => m.ListTools));

export const preloadListTools = () => ListTools.preload();

export function LazyListTools(props: ListToolsProps) {
  return (
    <Suspense fallback={null}>
      <ListTools.Component {...props} />
    </Suspense>
  );
}
