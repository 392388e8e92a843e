// The four global sizes onto MUI's two control sizes, with spacing and font size making the
// difference; shared by the console's theme and the sign-in page's.
import type { Size } from './settings';

export const SIZE_SCALE: Record<Size, { control: 'medium' | 'small'; spacing: number; fontSize: number; cell: 'medium' | 'small' }> = {
  default: { control: 'medium', spacing: 8, fontSize: 15, cell: 'medium' },
  medium: { control: 'medium', spacing: 8, fontSize: 14, cell: 'medium' },
  small: { control: 'small', spacing: 7, fontSize: 13, cell: 'small' },
  mini: { control: 'small', spacing: 6, fontSize: 12, cell: 'small' },
};
