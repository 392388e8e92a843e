// The current path alone, for the parts that follow the page but not its query (the menu, the
// breadcrumb, the title, the progress bar, the tags): React Router's location changes with every
// list parameter (?page=2), and everything reading it renders again, on the way to the next
// page's data. React Router's navigate function reads the location too; the parts that only
// navigate when clicked get one that reads it then (useRouterLater).
import { createContext, type ReactNode, useContext, useLayoutEffect, useRef, useState } from 'react';
import { type Location, type NavigateFunction, type NavigateOptions, type To, useLocation, useNavigate } from 'react-router-dom';

const PathnameContext = createContext<string | undefined>(undefined);

interface RouterLater {
  /** React Router's navigate, as it is when called. */
  navigate: NavigateFunction;
  /** The location as it is when called. */
  location: () => Location;
}

const RouterLaterContext = createContext<RouterLater | undefined>(undefined);

/** Gives the parts inside it the current path, and the router to use later; they render again when the path changes, not the query. */
export function PathnameProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const latest = useRef({ location, navigate });
  useLayoutEffect(() => {
    latest.current = { location, navigate };
  });
  const [later] = useState<RouterLater>(() => ({
    navigate: ((to: To | number, options?: NavigateOptions) =>
      typeof to === 'number' ? latest.current.navigate(to) : latest.current.navigate(to, options)) as NavigateFunction,
    location: () => latest.current.location,
  }));
  return (
    <RouterLaterContext.Provider value={later}>
      <PathnameContext.Provider value={location.pathname}>{children}</PathnameContext.Provider>
    </RouterLaterContext.Provider>
  );
}

/** The current path (without query or hash). */
export function usePathname(): string {
  const pathname = useContext(PathnameContext);
  if (pathname === undefined) throw new Error('usePathname is used inside a PathnameProvider');
  return pathname;
}

/** Navigation and the location for event handlers: both keep their identity, and the caller does not render again as the location changes. */
export function useRouterLater(): RouterLater {
  const later = useContext(RouterLaterContext);
  if (!later) throw new Error('useRouterLater is used inside a PathnameProvider');
  return later;
}
