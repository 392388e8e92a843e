import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

/** Fullscreen on and off; where the browser cannot, it says so. */
export function FullscreenButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  const toggle = async () => {
    if (!document.fullscreenEnabled) {
      notify('app.navbar.fullscreen_unsupported', { type: 'warning' });
      return;
    }
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      notify('app.navbar.fullscreen_unsupported', { type: 'warning' });
    }
  };
  const label = translate(full ? 'app.navbar.exit_fullscreen' : 'app.navbar.fullscreen');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label}>
        {full ? <FullscreenExit /> : <Fullscreen />}
      </IconButton>
    </Tooltip>
  );
}
