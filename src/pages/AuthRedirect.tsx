import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * /auth-redirect: the landing page of a sign-in done in a pop-up window. It hands the
 * answer (the URL hash) to the window that opened it and closes; opened directly, it goes home.
 */
export function AuthRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const hash = window.location.search.slice(1) || window.location.hash.slice(1);
    if (window.opener && window.opener.location.origin === window.location.origin) {
      window.opener.location.href = `${window.location.origin}/login#${hash}`;
      window.close();
    } else navigate('/', { replace: true });
  }, [navigate]);
  return null;
}
