// The avatar menu of the top bar: react-admin's UserMenu, but with the avatar's picture marked as
// decoration (empty alt text), since the person's name is written beside it. The button is named
// by its aria-label, as react-admin names it.
import AccountCircle from '@mui/icons-material/AccountCircle';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type MouseEvent, type ReactNode, useCallback, useMemo, useState } from 'react';
import { UserMenuContextProvider, useGetIdentity, useTranslate } from 'react-admin';

const AVATAR = { width: 24, height: 24 };

export function AccountMenu({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { isPending, identity } = useGetIdentity();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = useCallback(() => setAnchor(null), []);
  const context = useMemo(() => ({ onClose: close }), [close]);
  const label = translate('ra.auth.user_menu', { _: 'Profile' });
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const picture = !isPending && identity?.avatar ? <Avatar src={identity.avatar} alt="" sx={AVATAR} /> : <AccountCircle />;
  return (
    <div>
      {wide && !isPending && identity?.fullName ? (
        <Button
          color="inherit"
          startIcon={picture}
          onClick={open}
          aria-label={label}
          aria-haspopup
          aria-controls={anchor ? 'menu-appbar' : undefined}
          sx={{ textTransform: 'none', ml: 0.5 }}
        >
          {identity.fullName}
        </Button>
      ) : (
        <Tooltip title={label}>
          <IconButton color="inherit" aria-label={label} aria-haspopup aria-controls={anchor ? 'menu-appbar' : undefined} onClick={open}>
            {picture}
          </IconButton>
        </Tooltip>
      )}
      <UserMenuContextProvider value={context}>
        <Menu
          id="menu-appbar"
          disableScrollLock
          anchorEl={anchor}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          open={anchor !== null}
          onClose={close}
        >
          {children}
        </Menu>
      </UserMenuContextProvider>
    </div>
  );
}
