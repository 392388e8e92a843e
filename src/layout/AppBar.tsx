import AccountCircle from '@mui/icons-material/AccountCircle';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useTranslate, useUserMenu } from 'react-admin';

const ProfileItem = forwardRef<HTMLAnchorElement>(function ProfileItem(_props, ref) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to="/profile/index" ref={ref} onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <AccountCircle fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.menu.profile')}</ListItemText>
    </MenuItem>
  );
});

export function AppBar() {
  return (
    <RaAppBar
      toolbar={<></>}
      userMenu={
        <UserMenu>
          <ProfileItem />
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal />
    </RaAppBar>
  );
}
