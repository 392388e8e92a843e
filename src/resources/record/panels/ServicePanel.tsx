// The instrument's service state on its record page: each service interval of its type (hours,
// days, runs since the last service that reset it) with what has passed, what is left and its
// day, and the most urgent of them. The server works it out (GET /device/service, kernel/fleet/service.ts).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ServiceDue } from '../../../../kernel/fleet/due';
import { SERVICE_PATH } from '../../../../kernel/fleet/service';
import { serviceText } from '../../../pages/home/DueCard';
import { useApiData } from '../../statistics/useApiData';
import type { PanelProps } from '../panels';
import { LoadFailed } from '../../LoadFailed';

const COLOR = { ok: 'success', due: 'warning', overdue: 'error', unknown: 'default' } as const;
/** The unit each counter is counted in (units.<unit>). */
const UNIT = { hours: 'h', days: 'days', runs: 'runs' } as const;

export function ServicePanel({ record }: PanelProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, isPending, isFetching, refetch } = useApiData<ServiceDue>(SERVICE_PATH, { id: String(record.id) });
  const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 1 });
  if (isPending) return <LinearProgress sx={{ m: 2 }} />;
  if (error) return <LoadFailed error={error} retry={() => void refetch()} retrying={isFetching} />;
  const intervals = data.intervals ?? [];
  return (
    <Box sx={{ p: 2 }} data-panel="serviceDue" data-state={data.state}>
      {intervals.length === 0 ? (
        <Typography color="text.secondary">{translate('app.service.none')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          {intervals.map((due) => (
            <Box
              key={due.counter}
              sx={{ borderLeft: 3, borderColor: `${COLOR[due.state] === 'default' ? 'grey' : COLOR[due.state]}.main`, pl: 1.5 }}
              data-interval={due.counter}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  {translate(`app.service.${due.counter}`, {
                    interval: number(due.interval),
                    unit: translate(`units.${UNIT[due.counter]}`),
                  })}
                </Typography>
                <Chip size="small" color={COLOR[due.state]} label={translate(`app.service.state.${due.state}`)} data-interval-state />
              </Box>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-value>
                {number(due.used)}
                <Typography component="span" color="text.secondary" sx={{ ml: 0.5 }}>
                  / {number(due.interval)} {translate(`units.${UNIT[due.counter]}`)}
                </Typography>
              </Typography>
              <Typography variant="body2" color={due.state === 'overdue' ? 'error' : 'text.secondary'}>
                {due.state === 'ok' || due.state === 'unknown'
                  ? translate('app.service.left', { amount: number(due.remaining), unit: translate(`units.${UNIT[due.counter]}`) })
                  : serviceText(translate, due, locale, number)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
