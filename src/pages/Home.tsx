// Home: what a manager of tools and wells looks at first — where the devices are (by status),
// how many crews there are, and the latest orders. Each figure leads to its filtered list.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { abbreviateNumber, relativeTime } from '../format';
import { registry } from '../../kernel/schema/load-vite';

const listLink = (path: string, filter?: Record<string, unknown>) => (filter ? `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}` : path);

function useTotal(resource: string, filter: Record<string, unknown> = {}) {
  const { total, isPending, error } = useGetList(resource, { filter, pagination: { page: 1, perPage: 1 } });
  return { total, isPending, error };
}

function CountCard({ label, resource, filter, to, accent }: { label: string; resource: string; filter?: Record<string, unknown>; to: string; accent: string }) {
  const translate = useTranslate();
  const { total, isPending, error } = useTotal(resource, filter);
  return (
    <Card sx={{ borderTop: 3, borderColor: accent }}>
      <CardActionArea component={Link} to={to} data-count={label}>
        <CardContent>
          <Typography color="text.secondary" sx={{ fontSize: 14 }}>
            {label}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600 }} title={total !== undefined ? String(total) : undefined}>
            {isPending ? '…' : error ? '—' : abbreviateNumber(total ?? 0)}
          </Typography>
          {error && <Typography variant="caption" color="error">{translate('app.home.loading_failed')}</Typography>}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const STATUS_ACCENTS = ['#40c9c6', '#36a3f7', '#f4516c', '#fa8c16', '#909399'];

function RecentOrders() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending } = useGetList('transaction', { pagination: { page: 1, perPage: 8 }, sort: { field: 'id', order: 'DESC' } });
  const now = new Date();
  const label = (field: string) => translate(`resources.transaction.fields.${field}`);
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.home.recent_orders')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.home.recent_orders')}>
            <TableHead>
              <TableRow>
                <TableCell>{label('order_no')}</TableCell>
                <TableCell align="right">{label('price')}</TableCell>
                <TableCell>{label('status')}</TableCell>
                <TableCell>{label('timestamp')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isPending && (
                <TableRow>
                  <TableCell colSpan={4}>…</TableCell>
                </TableRow>
              )}
              {data?.map((order) => (
                <TableRow key={order.id}>
                  <TableCell sx={{ fontFamily: 'monospace', maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{String(order.order_no).slice(0, 30)}</TableCell>
                  <TableCell align="right">{Number(order.price).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</TableCell>
                  <TableCell>
                    <Chip size="small" color={order.status === 'success' ? 'success' : 'warning'} label={translate(`resources.transaction.enums.status.${order.status}`)} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} title={order.timestamp ? new Date(order.timestamp).toLocaleString(locale) : ''}>
                    {order.timestamp ? relativeTime(order.timestamp, now, translate) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

export function Home() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const statuses = registry.resources.device.properties?.status?.enum ?? [];
  return (
    <Box sx={{ py: 1 }} data-page="home">
      <Title title={translate('route.Home')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.home.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 600 }}>
        {translate('app.home.devices')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' }, mb: 3 }}>
        <CountCard label={translate('app.home.all_devices')} resource="device" to="/device/index" accent="#1890ff" />
        {statuses.map((status, i) => (
          <CountCard
            key={String(status)}
            label={translate(`resources.device.enums.status.${status}`)}
            resource="device"
            filter={{ status }}
            to={listLink('/device/index', { status })}
            accent={STATUS_ACCENTS[i % STATUS_ACCENTS.length]}
          />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 3fr' } }}>
        <Box>
          <CountCard label={translate('app.home.crews')} resource="crew" to="/crew/index" accent="#13c2c2" />
        </Box>
        <RecentOrders />
      </Box>
    </Box>
  );
}
