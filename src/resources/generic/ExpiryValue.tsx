// A date a record stops being valid on (`x-ui.expiry`: a certificate's expiry): the date, and
// once it is near or past, how long is left or since when, in the warning or the error colour.
import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { daysUntil } from '../../../kernel/schema/statistics';

/** Expired (past), expiring (within `within` days, today included), or neither. */
export function expiryState(value: string, within: number, now = new Date()): { state: 'expired' | 'expiring' | 'valid'; days: number } {
  const days = daysUntil(value, now);
  return { state: days < 0 ? 'expired' : days <= within ? 'expiring' : 'valid', days };
}

export function ExpiryValue({ value, text, within }: { value: string; text: string; within: number }) {
  const translate = useTranslate();
  const { state, days } = expiryState(value, within);
  if (state === 'valid') return <span className="MuiTypography-root MuiTypography-body2">{text}</span>;
  const note =
    state === 'expired'
      ? translate('app.certs.expired', { smart_count: -days })
      : days === 0
        ? translate('app.certs.today')
        : translate('app.certs.expiring', { smart_count: days });
  // The warning's darker shade reads on a light page, its lighter one on a dark page (4.5:1 either way).
  const color =
    state === 'expired' ? 'error.main' : (theme: Theme) => theme.palette.warning[theme.palette.mode === 'dark' ? 'light' : 'dark'];
  return (
    <Box component="span" data-expiry={state} sx={{ color, fontWeight: 600, typography: 'body2' }}>
      {text}
      <Box component="span" sx={{ display: 'inline-block', ml: 0.75, fontWeight: 400, fontSize: '0.75rem' }}>
        ({note})
      </Box>
    </Box>
  );
}
