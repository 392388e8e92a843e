// One loader per filled Material icon, each icon its own small chunk. This table alone is tens
// of kilobytes, so it is a chunk of its own too, fetched with the first icon the menu shows
// rather than with the sign-in page.
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

export type IconModule = { default: ComponentType<SvgIconProps> };

// The other styles (Outlined, Rounded, Sharp, TwoTone) would quadruple the chunks for icons a
// route cannot name.
const loaders = import.meta.glob<IconModule>(
  [
    '/node_modules/@mui/icons-material/esm/*.js',
    '!/node_modules/@mui/icons-material/esm/*{Outlined,Rounded,Sharp,TwoTone}.js',
    '!/node_modules/@mui/icons-material/esm/index.js',
  ],
  { base: '/node_modules/@mui/icons-material/esm' },
);

/** The loader of an icon component (`OilBarrel`), if the package has it. */
export const iconLoader = (component: string): (() => Promise<IconModule>) | undefined => loaders[`./${component}.js`];
