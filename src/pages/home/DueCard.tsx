// Home's card of the instruments due for service or calibration within the horizon (14 days) and
// those overdue, by urgency (overdue longest first, then due soonest), each linked to its record
// page, with what is due: hours left of the service interval and the estimated day they run out
// (past it, the hours over and the day they ran out) and likewise of each other interval of its type
// (days, runs since the last service), days left of the calibration and its last day, a failed
// calibration, or none at all. The server works it out (GET /device/due, kernel/fleet/due.ts).
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import MuiLink from '@mui/material/Link';
import { Link } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { DUE_PATH, type DueAnswer, type DueItem } from '../../../kernel/fleet/due';
import type { CounterDue } from '../../../kernel/fleet/service';
import { useApiData } from '../../resources/statistics/useApiData';
import { useLinks } from '../../resources/useLinks';

/** A day (YYYY-MM-DD) as the reader writes dates. */
const dayText = (day: string, locale: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** What one service interval says: what is left (or over) of it, and its day. */
export function serviceText(
  translate: ReturnType<typeof useTranslate>,
  due: CounterDue,
  locale: string,
  number: (n: number) => string,
): string {
  const amount = Math.abs(due.remaining);
  const values = {
    smart_count: amount,
    amount: number(amount),
    interval: number(due.interval),
    ...(due.dueDate ? { date: dayText(due.dueDate, locale) } : {}),
  };
  const dated = due.dueDate ? '' : '_undated';
  return translate(`app.home.due.service_${due.counter}_${due.state}${dated}`, values);
}

function Reasons({ item }: { item: DueItem }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = (n: number) => n.toLocaleString(locale, { maximumFractionDigits: 1 });
  const lines: { key: string; overdue: boolean; text: string }[] = [];
  const { service, calibration } = item;
  if (service) {
    // A line per interval of its type that is due or overdue (hours, days, runs since the last service).
    for (const due of service.intervals ?? []) {
      if (due.state !== 'due' && due.state !== 'overdue') continue;
      lines.push({ key: `service-${due.counter}`, overdue: due.state === 'overdue', text: serviceText(translate, due, locale, number) });
    }
  }
  if (calibration?.state === 'failed')
    lines.push({
      key: 'calibration',
      overdue: true,
      text: translate('app.home.due.calibration_failed', { date: calibration.last ? dayText(calibration.last, locale) : '' }),
    });
  else if (calibration?.state === 'never')
    lines.push({ key: 'calibration', overdue: false, text: translate('app.home.due.calibration_never') });
  else if (calibration?.dueDate) {
    const overdue = calibration.state === 'overdue';
    const days = Math.abs(calibration.remainingDays ?? 0);
    const date = dayText(calibration.dueDate, locale);
    const text = overdue
      ? translate('app.home.due.calibration_overdue', { smart_count: days, date })
      : translate('app.home.due.calibration_due', { smart_count: days, date });
    lines.push({ key: 'calibration', overdue, text });
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      {lines.map((line) => (
        <Box key={line.key} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-reason={line.key.split('-')[0]}>
          <Chip
            size="small"
            variant={line.overdue ? 'filled' : 'outlined'}
            color={line.overdue ? 'error' : 'warning'}
            label={translate(`app.home.due.${line.key.split('-')[0]}`)}
          />
          <Typography variant="body2" color={line.overdue ? 'error' : 'text.secondary'}>
            {line.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Shown to those who may see the instruments (the call answers them alone). */
export function DueCard() {
  const links = useLinks();
  return links.to('device', 'list') ? <DueList links={links} /> : null;
}

function DueList({ links }: { links: ReturnType<typeof useLinks> }) {
  const translate = useTranslate();
  const { data, isPending, error } = useApiData<DueAnswer>(DUE_PATH);
  const title = translate('app.home.due.title');
  const items = data?.items ?? [];
  return (
    <Card sx={{ minWidth: 0, mb: 3 }} data-due>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {items.length > 0 && <Chip size="small" color={items[0].overdue ? 'error' : 'warning'} label={items.length} data-due-count />}
          {data && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.home.due.horizon', { smart_count: data.horizonDays })}
            </Typography>
          )}
        </Box>
        {isPending ? (
          <Typography color="text.secondary">…</Typography>
        ) : error ? (
          <Typography color="error">{translate('app.home.loading_failed')}</Typography>
        ) : items.length === 0 ? (
          <Typography color="text.secondary" data-due-empty>
            {translate('app.home.due.none', { smart_count: data?.horizonDays ?? 14 })}
          </Typography>
        ) : (
          <List dense disablePadding aria-label={title} sx={{ maxHeight: 360, overflowY: 'auto' }}>
            {items.map((item) => {
              const to = links.to('device', 'record', item.id);
              return (
                <ListItem
                  key={item.id}
                  divider
                  disableGutters
                  sx={{ gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
                  data-due-item={item.id}
                >
                  <Box sx={{ minWidth: 120, flexShrink: 0 }}>
                    {to ? (
                      <MuiLink component={Link} to={to} sx={{ fontWeight: 600 }}>
                        {item.name}
                      </MuiLink>
                    ) : (
                      <Typography sx={{ fontWeight: 600 }}>{item.name}</Typography>
                    )}
                    {item.status !== undefined && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {translate(`resources.device.enums.status.${item.status}`, { _: String(item.status) })}
                      </Typography>
                    )}
                  </Box>
                  <Reasons item={item} />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
