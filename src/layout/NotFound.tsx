// What the console shows where there is nothing to show: an unknown address (/404), or an address
// naming a record that is not there. Home is always offered; the caller may offer another way back.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DocumentTitle } from './DocumentTitle';

export interface NotFoundProps {
  headline: string;
  info: string;
  /** Where else to go, beside Home. */
  back?: { to: string; label: string };
}

export function NotFound({ headline, info, back }: NotFoundProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 2, md: 6 }, textAlign: 'center' }} data-page="404">
      <DocumentTitle title="Page404" />
      <Typography variant="h1" color="primary" sx={{ fontWeight: 700, fontSize: { xs: 72, md: 120 } }}>
        404
      </Typography>
      <Typography variant="h5" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {headline}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {info}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {back && (
          <Button variant="outlined" component={Link} to={back.to}>
            {back.label}
          </Button>
        )}
        <Button variant="contained" component={Link} to="/home">
          {translate('app.page404.home')}
        </Button>
      </Box>
    </Box>
  );
}
