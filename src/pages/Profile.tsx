// /profile/index: who is signed in, from /user/info and /staff/info.
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { request } from '../api/http';
import { RoleSwitch } from '../auth/RoleSwitch';
import { ensureInfo } from '../auth/session';
import { ChangePasswordCard } from '../auth/password/ChangePasswordCard';

const MOCK = import.meta.env.VITE_MOCK === 'true';

interface StaffInfo {
  introduction: string;
  avatar: string;
  name: string;
  mobile: string;
}

export function Profile() {
  const translate = useTranslate();
  const info = useQuery({ queryKey: ['user-info'], queryFn: ensureInfo });
  // A 50008 answer opens the Confirm logout dialog from the HTTP layer; here it just shows no card.
  const staff = useQuery({ queryKey: ['staff-info'], queryFn: async () => (await request<StaffInfo>('/staff/info')).data, retry: false });
  if (info.isPending) return <Loading />;
  const person = { ...info.data, ...staff.data };
  const row = (label: string, value: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ py: 1 }}>
      <Typography color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography component="div">{value || '—'}</Typography>
    </Stack>
  );
  return (
    <>
      <Card sx={{ mt: 2, maxWidth: 720 }}>
        <Title title={translate('route.Profile')} />
        <CardContent>
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
            <Avatar src={person.avatar} alt={person.name} sx={{ width: 72, height: 72 }} />
            <Typography variant="h5">{person.name}</Typography>
          </Stack>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {translate('app.profile.about')}
          </Typography>
          {row(translate('app.profile.name'), person.name)}
          {row(
            translate('app.profile.roles'),
            info.data?.roles.map((role) => <Chip key={role} label={role} size="small" sx={{ mr: 1 }} />),
          )}
          {MOCK && info.data && row(translate('app.profile.switch_role'), <RoleSwitch current={info.data.roles[0]} />)}
          {row(translate('app.profile.mobile'), person.mobile)}
          {row(translate('app.profile.introduction'), person.introduction)}
        </CardContent>
      </Card>
      <ChangePasswordCard />
    </>
  );
}
