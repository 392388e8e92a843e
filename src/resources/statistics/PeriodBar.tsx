// The period a statistics screen's reliability and Pareto entries count over: two days, sent to the
// call as `from` and `to`, and the rule said in words (a run counts by its start time; one still
// going on counts its hours up to now). The other entries count every record and ignore it.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import { PERIOD_DAY, type Period } from '../../../kernel/schema/statistics';

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The period a screen opens on: the last 365 days, today included (UTC days, as the server counts them). */
export function defaultPeriod(now = Date.now()): Required<Period> {
  return { from: isoDay(now - 364 * DAY_MS), to: isoDay(now) };
}

/** The query of the call: the days given and well formed (a half-typed day is left out until it is whole). */
export function periodQuery(period: Period): Record<string, string> {
  return Object.fromEntries(Object.entries(period).filter(([, day]) => typeof day === 'string' && PERIOD_DAY.test(day)));
}

const WIDTH = { width: { xs: 'calc(50% - 4px)', sm: 180 } };

export function PeriodBar({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const translate = useTranslate();
  const reversed = Boolean(period.from && period.to && period.from > period.to);
  const day = (param: keyof Period) => (
    <TextField
      size="small"
      type="date"
      name={param}
      label={translate(`app.stats.period_${param}`)}
      value={period[param] ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange({ ...period, [param]: event.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={WIDTH}
      error={reversed}
    />
  );
  return (
    <Box sx={{ mb: 2 }} data-period>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {day('from')}
        {day('to')}
      </Box>
      <Typography variant="body2" color={reversed ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
        {translate(reversed ? 'app.stats.period_reversed' : 'app.stats.period_note')}
      </Typography>
    </Box>
  );
}
