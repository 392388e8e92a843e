import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DocumentTitle } from '../layout/DocumentTitle';

/** /404 and every unknown path. */
export function Page404() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 2, md: 6 }, textAlign: 'center' }} data-page="404">
      <DocumentTitle title="Page404" />
      <Typography variant="h1" color="primary" sx={{ fontWeight: 700, fontSize: { xs: 72, md: 120 } }}>
        404
      </Typography>
      <Typography variant="h5" sx={{ mb: 1 }}>
        {translate('app.page404.headline')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('app.page404.info')}
      </Typography>
      <Button variant="contained" component={Link} to="/home">
        {translate('app.page404.home')}
      </Button>
    </Box>
  );
}
