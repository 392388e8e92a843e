import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * /redirect/<path>: leaves at once for /<path>, so that the target mounts afresh.
 * Used by "refresh" on a tab and by size changes.
 */
export function Redirect() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`${pathname.replace(/^\/redirect/, '') || '/'}${search}`, { replace: true });
  }, [pathname, search, navigate]);
  return null;
}
