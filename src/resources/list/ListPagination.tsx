// A list's pagination, given steady handlers (see steady.ts): it draws again when the page, its
// size or the total change. A list whose call failed shows no pagination: it would count rows of
// an answer that never came.
import { useMemo } from 'react';
import { ListPaginationContext, Pagination, useListContext, useListPaginationContext } from 'react-admin';
import { pageSizes } from '../generic/formLayout';
import { useSteady } from './steady';

export function ListPagination({ perPage }: { perPage: number }) {
  const { error } = useListContext();
  const pagination = useSteady(useListPaginationContext());
  const sizes = useMemo(() => pageSizes(perPage), [perPage]);
  if (error) return null;
  return (
    <ListPaginationContext.Provider value={pagination}>
      <Pagination rowsPerPageOptions={sizes} />
    </ListPaginationContext.Provider>
  );
}
