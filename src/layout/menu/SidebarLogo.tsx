import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useSidebarState, useTranslate } from 'react-admin';

/** The optional logo at the top of the sidebar (setting `sidebarLogo`). */
export function SidebarLogo() {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <Box
      component={Link}
      to="/"
      data-sidebar-logo
      sx={{ display: 'flex', alignItems: 'center', gap: 1, height: 50, px: 1.5, color: '#fff', textDecoration: 'none', bgcolor: '#2b2f3a' }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
      {open && (
        <Typography noWrap sx={{ fontWeight: 600, fontSize: 14 }}>
          {translate('app.title')}
        </Typography>
      )}
    </Box>
  );
}
