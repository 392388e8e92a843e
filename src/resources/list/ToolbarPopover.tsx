// A list toolbar button that opens a small dialog under itself (the column chooser, the legend).
import Popover from '@mui/material/Popover';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactElement, type ReactNode, useState } from 'react';
import { Button, useTranslate } from 'react-admin';

export interface ToolbarPopoverProps {
  /** The button's label and the dialog's name, as translation keys. */
  label: string;
  title: string;
  icon: ReactElement;
  paperSx?: SxProps<Theme>;
  children: ReactNode;
}

export function ToolbarPopover({ label, title, icon, paperSx, children }: ToolbarPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const translate = useTranslate();
  return (
    <>
      <Button label={label} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="dialog">
        {icon}
      </Button>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': translate(title), sx: paperSx } }}
      >
        {children}
      </Popover>
    </>
  );
}
