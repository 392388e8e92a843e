// The page controls of a list the console pages itself (logs, the file library, inbox screens,
// a group's items): MUI's pagination in the person's language, its row choices wrapping on a
// phone. Pages count from 0, as MUI counts them; a new page size goes back to the first page.
import TablePagination from '@mui/material/TablePagination';
import { useTranslate } from 'react-admin';

export interface PageControlsProps {
  count: number;
  /** The page shown, from 0. */
  page: number;
  limit: number;
  sizes: number[];
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export function PageControls({ count, page, limit, sizes, onPage, onLimit }: PageControlsProps) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={limit}
      rowsPerPageOptions={sizes}
      onPageChange={(_event, next: number) => onPage(next)}
      onRowsPerPageChange={(event) => {
        onLimit(Number(event.target.value));
        onPage(0);
      }}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count: total }) =>
        translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total })
      }
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
        '& .MuiTablePagination-spacer': { display: 'none' },
      }}
    />
  );
}
