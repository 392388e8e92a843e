// The sign-in log (Settings → Logs → Sign-in log): every attempt, newest first, with who, when,
// from which address, and whether it worked or why not; filtered by user, result and days.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { LOGIN_LOG_PATH } from '../../kernel/history/names';
import { useApiData } from '../resources/statistics/useApiData';
import { useRouteTitle } from '../routes/useRouteTitle';
import { PageControls } from '../layout/paging/PageControls';

interface SignIn {
  id: number;
  user: string;
  at: string;
  address: string;
  success: boolean;
  reason?: string;
  /** Refusals of a locked address counted in this one entry, and when the last came. */
  repeats?: number;
  lastAt?: string;
}

const PAGE_SIZES = [20, 50, 100];
/** Filters side by side: two to a row on a phone, a fixed width on a wider screen. */
const FILTER_WIDTH = { width: { xs: 'calc(50% - 4px)', sm: 200 } };

export function LoginLog() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const title = useRouteTitle();
  const [filters, setFilters] = useState({ user: '', success: '', from: '', to: '' });
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(PAGE_SIZES[0]);
  const query: Record<string, string | number> = { page: page + 1, limit };
  for (const [key, value] of Object.entries(filters)) if (value) query[key] = value.trim();
  const { data, error, isPending } = useApiData<{ list: SignIn[]; count: number }>(LOGIN_LOG_PATH, query);
  const change = (key: keyof typeof filters) => (event: { target: { value: string } }) => {
    setFilters({ ...filters, [key]: event.target.value });
    setPage(0);
  };
  const day = { inputLabel: { shrink: true } };
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const when = (entry: SignIn) => new Date(entry.at).toLocaleString(locale);
  const result = (entry: SignIn) => (
    <Chip
      size="small"
      color={entry.success ? 'success' : 'error'}
      label={
        entry.success
          ? translate('app.history.success')
          : `${translate('app.history.failure')}: ${translate(`app.history.reasons.${entry.reason}`, { _: entry.reason ?? '' })}${
              entry.repeats && entry.lastAt
                ? ` (${translate('app.history.repeats', { smart_count: entry.repeats, last: new Date(entry.lastAt).toLocaleString(locale) })})`
                : ''
            }`
      }
    />
  );
  const empty = data && data.list.length === 0 ? translate('app.history.empty') : undefined;

  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <Title title={title} />
      <Box component="form" role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} onSubmit={(e) => e.preventDefault()}>
        <TextField
          size="small"
          label={translate('app.history.user')}
          value={filters.user}
          onChange={change('user')}
          name="user"
          sx={FILTER_WIDTH}
        />
        <TextField
          size="small"
          select
          label={translate('app.history.result')}
          value={filters.success}
          onChange={change('success')}
          name="success"
          sx={FILTER_WIDTH}
        >
          <MenuItem value="">{translate('app.history.all')}</MenuItem>
          <MenuItem value="true">{translate('app.history.success')}</MenuItem>
          <MenuItem value="false">{translate('app.history.failure')}</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="date"
          label={translate('app.history.from')}
          value={filters.from}
          onChange={change('from')}
          name="from"
          slotProps={day}
          sx={FILTER_WIDTH}
        />
        <TextField
          size="small"
          type="date"
          label={translate('app.history.to')}
          value={filters.to}
          onChange={change('to')}
          name="to"
          slotProps={day}
          sx={FILTER_WIDTH}
        />
      </Box>
      <Card>
        {isPending && <LinearProgress />}
        {error && <Alert severity="error">{error.message}</Alert>}
        {phone ? (
          // On a phone each attempt is a card of its own lines, as the generic lists show records.
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {data?.list.map((entry) => (
              <Box component="li" key={entry.id} sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="body2">{when(entry)}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {entry.user} · {entry.address}
                </Typography>
                <Box sx={{ mt: 0.5 }}>{result(entry)}</Box>
              </Box>
            ))}
            {empty && (
              <Typography sx={{ p: 2 }} color="text.secondary">
                {empty}
              </Typography>
            )}
          </Box>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.history.time')}</TableCell>
                  <TableCell>{translate('app.history.user')}</TableCell>
                  <TableCell>{translate('app.history.address')}</TableCell>
                  <TableCell>{translate('app.history.result')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data?.list.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(entry)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.user}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.address}</TableCell>
                    <TableCell>{result(entry)}</TableCell>
                  </TableRow>
                ))}
                {empty && (
                  <TableRow>
                    <TableCell colSpan={4} sx={{ color: 'text.secondary' }}>
                      {empty}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Box>
        )}
        <PageControls count={data?.count ?? 0} page={page} limit={limit} sizes={PAGE_SIZES} onPage={setPage} onLimit={setLimit} />
      </Card>
    </Box>
  );
}
