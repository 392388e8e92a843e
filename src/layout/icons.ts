// The icon of a route entry (meta.icon in schemas/routes.json): any filled Material icon, named
// as Google names it (`oil_barrel`). An icon is fetched the first time it is shown; the generic
// icon stands in while it loads, and for a name that is no icon (the schema check refuses those).
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { iconComponentName } from '../../kernel/schema/material-icon';

/** The generic icon. */
export const FallbackIcon = LabelOutlined;

const shown = new Map<string, ComponentType<SvgIconProps>>();

function loadIcon(component: string) {
  return lazy(async () => {
    const { iconLoader } = await import('./icon-loaders');
    return (await iconLoader(component)?.()) ?? { default: FallbackIcon };
  });
}

export function iconFor(name: string | undefined): ComponentType<SvgIconProps> {
  const component = name && iconComponentName(name);
  if (!component) return FallbackIcon;
  let icon = shown.get(component);
  if (!icon) {
    const Lazy = loadIcon(component);
    icon = (props: SvgIconProps) => createElement(Suspense, { fallback: createElement(FallbackIcon, props) }, createElement(Lazy, props));
    shown.set(component, icon);
  }
  return icon;
}
