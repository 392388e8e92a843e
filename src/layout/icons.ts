// The icon of a route entry (meta.icon in schemas/routes.json): any filled Material icon, named
// as Google names it (`oil_barrel`). An icon is fetched the first time it is shown, or ahead
// (preloadIcons: the menu's, while the sign-in page is idle); the generic icon stands in while it
// loads, and for a name that is no icon (the schema check refuses those).
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { type ComponentType, createElement, Suspense } from 'react';
import { iconComponentName } from '../../kernel/schema/material-icon';
import { type Preloadable, preloadable } from '../resources/preloadable';

/** The generic icon. */
export const FallbackIcon = LabelOutlined;

const icons = new Map<string, { Icon: ComponentType<SvgIconProps>; lazy: Preloadable<SvgIconProps> }>();

function iconEntry(component: string) {
  let entry = icons.get(component);
  if (!entry) {
    const lazy = preloadable<SvgIconProps>(async () => {
      const { iconLoader } = await import('./icon-loaders');
      return (await iconLoader(component)?.())?.default ?? FallbackIcon;
    });
    const Icon = (props: SvgIconProps) =>
      createElement(Suspense, { fallback: createElement(FallbackIcon, props) }, createElement(lazy.Component, props));
    entry = { Icon, lazy };
    icons.set(component, entry);
  }
  return entry;
}

export function iconFor(name: string | undefined): ComponentType<SvgIconProps> {
  const component = name && iconComponentName(name);
  return component ? iconEntry(component).Icon : FallbackIcon;
}

/** Fetches these icons now, so that they draw at once when first shown. */
export function preloadIcons(names: Iterable<string | undefined>): Promise<unknown> {
  const loads: Promise<unknown>[] = [];
  for (const name of names) {
    const component = name && iconComponentName(name);
    if (component) loads.push(iconEntry(component).lazy.preload());
  }
  return Promise.all(loads);
}
