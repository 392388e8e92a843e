// The frame the message and notification screens share: the route's title, a bar of filters and
// buttons that wraps on a phone, the rows in a card, the empty state, and paging.
import InboxIcon from '@mui/icons-material/Inbox';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { useRouteTitle } from '../routes/useRouteTitle';
import { PageControls } from '../layout/paging/PageControls';

export const PAGE_SIZES = [10, 20, 50];

export interface Paging {
  page: number;
  limit: number;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
}

/** Page (from 0) and page size; `reset` goes back to the first page (a filter changed). */
export function usePaging(): Paging & { reset: () => void } {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(PAGE_SIZES[1]);
  return { page, limit, setPage, setLimit, reset: () => setPage(0) };
}

export interface NoticeScreenProps {
  toolbar: ReactNode;
  loading: boolean;
  error?: Error | null;
  count: number;
  /** What an empty list says. */
  empty: string;
  paging: Paging;
  /** The rows. */
  children: ReactNode;
  /** Dialogs the screen opens. */
  dialogs?: ReactNode;
}

export function NoticeScreen({ toolbar, loading, error, count, empty, paging, children, dialogs }: NoticeScreenProps) {
  const title = useRouteTitle();
  const { page, limit, setPage } = paging;
  // A page left empty (its last rows deleted or read away) gives way to the last page that has rows.
  useEffect(() => {
    if (!loading && page > 0 && page * limit >= count) setPage(Math.max(0, Math.ceil(count / limit) - 1));
  }, [loading, page, limit, count, setPage]);
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>{toolbar}</Box>
      <Card>
        {loading && <LinearProgress />}
        {error && <Alert severity="error">{error.message}</Alert>}
        <List disablePadding>{children}</List>
        {!loading && !error && count === 0 && (
          <Box
            role="status"
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 5, px: 2, textAlign: 'center' }}
          >
            <InboxIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
            <Typography color="text.secondary">{empty}</Typography>
          </Box>
        )}
        {count > 0 && (
          <PageControls
            count={count}
            page={paging.page}
            limit={paging.limit}
            sizes={PAGE_SIZES}
            onPage={paging.setPage}
            onLimit={paging.setLimit}
          />
        )}
      </Card>
      {dialogs}
    </Box>
  );
}
