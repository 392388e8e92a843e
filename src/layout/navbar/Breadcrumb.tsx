import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { usePathname } from '../../routes/pathname';
import { useTranslate } from 'react-admin';
import { joinPath, matchRoute } from '../../../kernel/routes/tree';
import { useVisibleRoutes } from '../../routes/useVisibleRoutes';

/** Home, then the translated titles of the current route and its ancestors. */
export function Breadcrumb() {
  const translate = useTranslate();
  const pathname = usePathname();
  const route = matchRoute(useVisibleRoutes(), pathname);
  let base = '/';
  const trail = (route ? [...route.parents, route.node] : []).flatMap((node) => {
    base = joinPath(base, node.path);
    return node.meta?.title ? [{ title: node.meta.title, path: node.redirect ?? base }] : [];
  });
  const crumbs = trail[0]?.title === 'Home' ? trail : [{ title: 'Home', path: '/home' }, ...trail];
  return (
    <Breadcrumbs
      aria-label={translate('app.navbar.breadcrumb')}
      sx={{ color: 'inherit', fontSize: 14, '& .MuiBreadcrumbs-separator': { mx: 0.5 } }}
    >
      {crumbs.map((crumb, i) =>
        i === crumbs.length - 1 ? (
          <Typography key={crumb.path} sx={{ fontSize: 14, color: 'text.secondary' }}>
            {translate(`route.${crumb.title}`, { _: crumb.title })}
          </Typography>
        ) : (
          <Link
            key={crumb.path}
            component={RouterLink}
            to={crumb.path}
            underline="hover"
            color="inherit"
            sx={{ fontSize: 14, fontWeight: 600 }}
          >
            {translate(`route.${crumb.title}`, { _: crumb.title })}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
