// Role switching, for the development mock (whose tokens are '<role>-token'):
// the token changes, the info is loaded again, the routes are generated anew and open tags close.
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { switchRole } from './session';

const ROLES = ['admin', 'editor'];

export function RoleSwitch({ current }: { current: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const change = async (role: string | null) => {
    if (!role || role === current) return;
    setBusy(true);
    try {
      await switchRole(role);
      await queryClient.invalidateQueries(); // permissions, identity and every cached answer
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={current}
      onChange={(_e, role: string | null) => change(role)}
      disabled={busy}
      aria-label={translate('app.profile.switch_role')}
    >
      {ROLES.map((role) => (
        <ToggleButton key={role} value={role} data-role={role}>
          {role}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
