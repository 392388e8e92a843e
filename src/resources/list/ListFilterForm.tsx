// A list page's filter form, apart from the list's rows: react-admin's filter form reads the whole
// list context, so each page of rows coming in (and each change of page or selection) would draw
// every filter again. Here it sees a list context that changes only with the filters' values,
// the filters shown and the resource, and draws again only then. The toolbar's Add-filter button
// finds the filters in the filter context.
import { type ReactElement, type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import { FilterContext, FilterForm, type ListControllerResult, ListContextProvider, useListContext } from 'react-admin';

export function ListFilterForm({ inputs }: { inputs: ReactElement[] }) {
  const list = useListContext();
  // react-admin's setters change with every page and sort: the form calls the latest through these.
  const latest = useRef(list);
  useLayoutEffect(() => {
    latest.current = list;
  });
  const setters = useMemo(
    () => ({
      setFilters: (...args: Parameters<ListControllerResult['setFilters']>) => latest.current.setFilters(...args),
      showFilter: (name: string, defaultValue: unknown) => latest.current.showFilter(name, defaultValue),
      hideFilter: (name: string) => latest.current.hideFilter(name),
    }),
    [],
  );
  // react-admin reads them anew from the address at each change of page: the same values keep their object here.
  const filterValues = useSameValue(list.filterValues);
  const displayedFilters = useSameValue(list.displayedFilters);
  const { resource } = list;
  // The list as it was when one of these last changed: the rest of it is not the form's concern.
  const forForm = useMemo(
    () => ({ ...list, filterValues, displayedFilters, ...setters }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterValues, displayedFilters, resource, setters],
  );
  const form = useMemo(() => <FilterForm filters={inputs} />, [inputs]);
  return <ListContextProvider value={forForm}>{form}</ListContextProvider>;
}

/** `value`, or the one given before while it has the same content (values read from the address: plain JSON). */
function useSameValue<T>(value: T): T {
  const text = JSON.stringify(value);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => value, [text]);
}

/** The filters, for the Add-filter button of a toolbar (react-admin gives them only to a list's own form). */
export function ListFilters({ inputs, children }: { inputs: ReactElement[]; children: ReactNode }) {
  return <FilterContext.Provider value={inputs}>{children}</FilterContext.Provider>;
}
