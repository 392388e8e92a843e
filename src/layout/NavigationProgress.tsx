// A thin bar at the top while the route changes or data loads.
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

NProgress.configure({ showSpinner: false });

export function NavigationProgress() {
  const { pathname } = useLocation();
  const busy = useIsFetching() + useIsMutating() > 0;

  useEffect(() => {
    NProgress.start();
    const timer = setTimeout(() => NProgress.done(), 150);
    return () => clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    if (busy) NProgress.start();
    else NProgress.done();
  }, [busy]);

  return null;
}
