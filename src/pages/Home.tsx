import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

export function Home() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('route.Home')} />
      <CardContent>
        <Typography variant="h5" data-page="home">
          {translate('app.home.welcome', { name: identity?.fullName ?? '' })}
        </Typography>
      </CardContent>
    </Card>
  );
}
