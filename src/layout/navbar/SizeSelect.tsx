import FormatSize from '@mui/icons-material/FormatSize';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { useSettings } from '../../settings/SettingsContext';
import { SIZES, type Size } from '../../settings/settings';

/** SPEC §2, §4: the global size; a change refreshes the current view and says so. */
export function SizeSelect() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { size, setSize } = useSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (next: Size) => {
    setAnchor(null);
    if (next === size) return;
    setSize(next);
    navigate(`/redirect${pathname}${search}`, { replace: true });
    notify('app.size.switched', { type: 'success' });
  };
  return (
    <>
      <Tooltip title={translate('app.navbar.size')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={translate('app.navbar.size')}>
          <FormatSize />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {SIZES.map((option) => (
          <MenuItem key={option} selected={option === size} disabled={option === size} onClick={() => choose(option)}>
            {translate(`app.size.${option}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
