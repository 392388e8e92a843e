// A screen loaded on first use, like React's lazy(), that can be fetched ahead of time: once its
// code is here, the screen renders at once instead of suspending for a turn. A suspension shows
// the fallback and React then holds the real content back for a while (it batches reveals), so a
// first screen whose code was fetched during sign-in would otherwise still wait.
import { type ComponentType, lazy } from 'react';

export interface Preloadable<P> {
  Component: ComponentType<P>;
  /** Fetches the code now (once); resolves when it is here. */
  preload: () => Promise<unknown>;
}

export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = { default: component }),
      (error: unknown) => {
        pending = undefined; // a failed fetch (offline a moment) is tried again on the next use
        throw error;
      },
    ));
  // A thenable that has already resolved calls back at once, which React's lazy() reads as loaded.
  const Component = lazy<ComponentType<P>>(() => {
    const ready = loaded;
    if (ready)
      return { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve(ready) } as Promise<{
        default: ComponentType<P>;
      }>;
    return preload();
  });
  return { Component, preload };
}
