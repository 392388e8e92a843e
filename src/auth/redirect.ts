// Where the sign-in page sends a visitor, and where it sends them back.

/** `/login?redirect=<path>`, keeping an existing redirect when already on the sign-in page. */
export function loginUrlFor(pathname: string, search = ''): string {
  if (pathname === '/login') return `/login${search}`;
  const full = `${pathname}${search}`;
  return full === '/' ? '/login' : `/login?redirect=${encodeURIComponent(full)}`;
}

/** The path to open after sign-in: the redirect parameter when it is a local path, else '/'. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/')) return '/';
  // Only paths of this site: browsers read '//host', '/\\host' and '/\thost' as other sites.
  const here = 'http://console.invalid';
  const url = new URL(target, here);
  return url.origin === here && !/[\\\s]/.test(target) ? `${url.pathname}${url.search}${url.hash}` : '/';
}
