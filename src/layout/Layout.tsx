import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { ConfirmLogoutDialog } from '../auth/ConfirmLogoutDialog';
import { AppBar } from './AppBar';
import { DocumentTitle } from './DocumentTitle';
import { SchemaMenu } from './menu/SchemaMenu';
import { NavigationProgress } from './NavigationProgress';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={AppBar} menu={SchemaMenu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      <NavigationProgress />
      <DocumentTitle />
      <ConfirmLogoutDialog />
      {children}
    </RaLayout>
  );
}
