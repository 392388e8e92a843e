import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  lang?: string;
}

/** A navbar icon that opens a list of choices, the current one marked (size, language). */
export function ChoiceMenuButton<T extends string>({
  label,
  icon,
  choices,
  current,
  onChoose,
}: {
  label: string;
  icon: ReactNode;
  choices: Choice<T>[];
  current: string;
  onChoose: (value: T) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={label}>
          {icon}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {choices.map((choice) => (
          <MenuItem
            key={choice.value}
            lang={choice.lang}
            selected={choice.value === current}
            disabled={choice.value === current}
            onClick={() => {
              setAnchor(null);
              onChoose(choice.value);
            }}
          >
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
