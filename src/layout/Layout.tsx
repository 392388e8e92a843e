import type { ReactNode } from 'react';
import { Layout as RaLayout, Sidebar, type SidebarProps } from 'react-admin';
import { useShowPendingNotice } from '../app/pendingNotice';
import { ConfirmLogoutDialog } from '../auth/ConfirmLogoutDialog';
import { useSettings } from '../settings/SettingsContext';
import { SIDEBAR_COLOURS } from '../settings/theme';
import { DocumentTitle } from './DocumentTitle';
import { ErrorPage } from './error-log/ErrorPage';
import { SchemaMenu } from './menu/SchemaMenu';
import { Navbar } from './navbar/Navbar';
import { NavigationProgress } from './NavigationProgress';
import { ResponsiveSidebar } from './ResponsiveSidebar';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { TagsBar } from './tags-bar/TagsBar';
import { VisitRecorder } from './visits/VisitRecorder';

function DarkSidebar(props: SidebarProps) {
  return (
    <Sidebar
      {...props}
      sx={{
        '& .MuiDrawer-paper, & .RaSidebar-fixed': { bgcolor: SIDEBAR_COLOURS.background, color: SIDEBAR_COLOURS.text },
        '& .RaSidebar-fixed': { height: '100%' },
        bgcolor: SIDEBAR_COLOURS.background,
      }}
    />
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  useShowPendingNotice();
  return (
    <RaLayout
      appBar={Navbar}
      menu={SchemaMenu}
      error={ErrorPage}
      sidebar={DarkSidebar}
      // The page never scrolls sideways: wide tables scroll inside their own box.
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0, pt: 0 }, '& .RaLayout-contentWithSidebar': { minHeight: 'calc(100vh - 48px)' } }}
    >
      <NavigationProgress />
      <DocumentTitle />
      <VisitRecorder />
      <ConfirmLogoutDialog />
      <ResponsiveSidebar />
      <SettingsDrawer />
      {settings.tagsView && (
        <div style={{ position: settings.fixedHeader ? 'sticky' : 'static', top: 48, zIndex: 2, margin: '0 -8px 8px' }}>
          <TagsBar />
        </div>
      )}
      {children}
    </RaLayout>
  );
}
