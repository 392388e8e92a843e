// The current path alone, for the parts that follow the page but not its query (the menu, the
// breadcrumb, the title, the progress bar): React Router's location changes with every list
// parameter (?page=2), and everything reading it renders again, on the way to the next page's data.
import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router-dom';

const PathnameContext = createContext<string | undefined>(undefined);

/** Gives the parts inside it the current path; they render again when the path changes, not the query. */
export function PathnameProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PathnameContext.Provider value={pathname}>{children}</PathnameContext.Provider>;
}

/** The current path (without query or hash). */
export function usePathname(): string {
  const pathname = useContext(PathnameContext);
  if (pathname === undefined) throw new Error('usePathname is used inside a PathnameProvider');
  return pathname;
}
