// An instrument's calibration and service state as two small chips, coloured by urgency, shown
// in the pickers that send it out (the assign dialog, a trip's instruments) before it is picked.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { FitnessItem } from '../../../kernel/fleet/fitness';

type Tone = 'success' | 'warning' | 'error' | 'default';

const CALIBRATION_TONE: Record<string, Tone> = { valid: 'success', due: 'warning', overdue: 'error', failed: 'error', never: 'error' };
const SERVICE_TONE: Record<string, Tone> = { ok: 'success', due: 'warning', overdue: 'error' };

export function FitnessChips({ item }: { item: FitnessItem | undefined }) {
  const translate = useTranslate();
  if (!item) return null;
  const calibration = item.calibration;
  const service = item.service;
  const date = calibration?.state === 'failed' ? calibration.last : calibration?.validUntil;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}
      data-fitness={item.unfit.length > 0 ? 'unfit' : 'fit'}
    >
      {calibration && (
        <Chip
          size="small"
          variant="outlined"
          color={CALIBRATION_TONE[calibration.state] ?? 'default'}
          label={translate(`app.fitness.calibration.${calibration.state}`, { date: date ?? '' })}
          data-calibration={calibration.state}
        />
      )}
      {service && service.state !== 'unknown' && (
        <Chip
          size="small"
          variant="outlined"
          color={SERVICE_TONE[service.state] ?? 'default'}
          label={translate(`app.fitness.service.${service.state}`, { date: service.dueDate ?? '' })}
          data-service={service.state}
        />
      )}
    </Box>
  );
}
