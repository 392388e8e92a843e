import { memo, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { useShowPendingNotice } from '../app/pendingNotice';
import { ConfirmLogoutDialog } from '../auth/ConfirmLogoutDialog';
import { ChoiceChipStyles } from '../resources/list/ChoiceChip';
import { useSettings } from '../settings/SettingsContext';
import { DocumentTitle } from './DocumentTitle';
import { LocalizedControls } from './LocalizedControls';
import { ErrorPage } from './error-log/ErrorPage';
import { SchemaMenu } from './menu/SchemaMenu';
import { Navbar } from './navbar/Navbar';
import { NavigationProgress } from './NavigationProgress';
import { ResponsiveSidebar } from './ResponsiveSidebar';
import { Sidebar } from './Sidebar';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { TagsBar } from './tags-bar/TagsBar';
import { VisitRecorder } from './visits/VisitRecorder';

// The page never scrolls sideways: wide tables scroll inside their own box.
const FRAME = {
  minWidth: 0,
  '& .RaLayout-content': { minWidth: 0, pt: 0 },
  '& .RaLayout-contentWithSidebar': { minHeight: 'calc(100vh - 48px)' },
};

// The app bar and the menu take no props from react-admin's layout that change: they render
// again on their own state only (location, settings, sidebar), not each time the page's routes do.
const AppBar = memo(Navbar);
const Menu = memo(SchemaMenu);

/**
 * What every page has above (and around) its content; rendered again on its own state only, not
 * with each page.
 */
const PageFrame = memo(function PageFrame() {
  const { settings } = useSettings();
  return (
    <>
      <ChoiceChipStyles />
      <ResponsiveSidebar />
      <SettingsDrawer />
      <NavigationProgress />
      <DocumentTitle />
      <VisitRecorder />
      <ConfirmLogoutDialog />
      {settings.tagsView && (
        <div style={{ position: settings.fixedHeader ? 'sticky' : 'static', top: 48, zIndex: 2, margin: '0 -8px 8px' }}>
          <TagsBar />
        </div>
      )}
    </>
  );
});

/** A notice left for the console (a failed check before a sign-out). */
function PendingNotice() {
  useShowPendingNotice();
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <LocalizedControls>
      <RaLayout appBar={AppBar} menu={Menu} error={ErrorPage} sidebar={Sidebar} sx={FRAME}>
        <PendingNotice />
        <PageFrame />
        {children}
      </RaLayout>
    </LocalizedControls>
  );
}
