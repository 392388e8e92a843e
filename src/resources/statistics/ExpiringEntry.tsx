// An expiring entry of a statistics screen: the records of another resource (certificates) whose
// date falls within the next days, soonest first, each with the record it belongs to (linked).
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { RecordContextProvider, type RaRecord, useGetMany, useGetRecordRepresentation, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { registry } from '../../../kernel/schema/load-vite';
import { properties } from '../../../kernel/schema/registry';
import { daysUntil, type StatisticsResult } from '../../../kernel/schema/statistics';
import { ValueField } from '../generic/ValueField';
import { useLabels } from '../generic/useLabels';
import { useLinks } from '../useLinks';

type Expiring = Extract<StatisticsResult, { expiring: unknown }>;

/** How many of the expiring resource's list columns the table shows besides the owner and the date. */
const SHOWN_COLUMNS = 2;
/** Days left at or below which an expiry is flagged as urgent. */
const URGENT_DAYS = 7;

export function ExpiringEntry({ resource, result }: { resource: string; result: Expiring }) {
  const translate = useTranslate();
  const links = useLinks();
  const { resource: other, field, days } = result.expiring;
  const otherSchema = registry.resources[other];
  const labels = useLabels(other);
  const columns = otherSchema['x-resource'].list.columns
    .filter((c) => c !== 'id' && c !== result.owner && c !== field)
    .slice(0, SHOWN_COLUMNS);
  const ownerIds = [...new Set(result.items.map((item) => item[result.owner]).filter((id): id is number => typeof id === 'number'))];
  const { data: owners } = useGetMany(resource, { ids: ownerIds }, { enabled: ownerIds.length > 0 });
  const represent = useGetRecordRepresentation(resource);
  const now = new Date();
  const title = translate('app.stats.expiring', {
    resource: translate(`resources.${other}.name`, { smart_count: 2, _: other }),
    smart_count: days,
  });
  const ownerName = (id: unknown) => {
    const record = owners?.find((r) => r.id === id);
    return record ? String(represent(record)) : `#${String(id)}`;
  };

  return (
    <Card data-entry={`expiring-${other}`} sx={{ minWidth: 0, gridColumn: { lg: '1 / -1' } }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {result.items.length === 0 ? (
          <Typography color="text.secondary">{translate('app.stats.expiring_none', { smart_count: days })}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`resources.${resource}.name`, { smart_count: 1, _: resource })}</TableCell>
                  {columns.map((c) => (
                    <TableCell key={c}>{labels.field(c)}</TableCell>
                  ))}
                  <TableCell>{labels.field(field)}</TableCell>
                  <TableCell align="right">{translate('app.stats.days_left')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.items.map((item) => {
                  const owner = item[result.owner];
                  const to = typeof owner === 'number' ? links.open(resource, owner) : undefined;
                  const left = daysUntil(String(item[field]), now);
                  return (
                    <RecordContextProvider key={String(item.id)} value={item as RaRecord}>
                      <TableRow data-expiring={String(item.id)}>
                        <TableCell>
                          {to ? (
                            <Link component={RouterLink} to={to}>
                              {ownerName(owner)}
                            </Link>
                          ) : (
                            ownerName(owner)
                          )}
                        </TableCell>
                        {columns.map((c) => (
                          <TableCell key={c}>
                            <ValueField source={c} resource={other} schema={properties(otherSchema)[c] ?? {}} />
                          </TableCell>
                        ))}
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <ValueField source={field} resource={other} schema={properties(otherSchema)[field] ?? {}} />
                        </TableCell>
                        <TableCell align="right">
                          <Chip
                            size="small"
                            color={left <= URGENT_DAYS ? 'warning' : 'default'}
                            label={left === 0 ? translate('app.stats.today') : translate('app.stats.in_days', { smart_count: left })}
                          />
                        </TableCell>
                      </TableRow>
                    </RecordContextProvider>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {result.total > result.items.length && (
          <Typography variant="caption" color="text.secondary">
            {translate('app.stats.first_of', { shown: result.items.length, total: result.total })}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
