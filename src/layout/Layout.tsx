import { memo, type ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { useShowPendingNotice } from '../app/pendingNotice';
import { useRehearsal } from '../app/rehearsalContext';
import { ConfirmLogoutDialog } from '../auth/ConfirmLogoutDialog';
import { ChoiceChipStyles } from '../resources/list/ChoiceChip';
import { useSettings } from '../settings/SettingsContext';
import { DocumentTitle } from './DocumentTitle';
import { ErrorPage } from './error-log/ErrorPage';
import { SchemaMenu } from './menu/SchemaMenu';
import { Navbar } from './navbar/Navbar';
import { DrawnContext, useLayoutPasses } from './layoutPasses';
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
 * with each page. In the rehearsal, the parts that act on the page around the console (its title,
 * the progress bar, the visit log, the open tags, the session's dialog) are left out.
 */
const PageFrame = memo(function PageFrame() {
  const { settings } = useSettings();
  const rehearsal = useRehearsal();
  return (
    <>
      <ChoiceChipStyles />
      <ResponsiveSidebar />
      <SettingsDrawer />
      {!rehearsal && (
        <>
          <NavigationProgress />
          <DocumentTitle />
          <VisitRecorder />
          <ConfirmLogoutDialog />
        </>
      )}
      {settings.tagsView && !rehearsal && (
        <div style={{ position: settings.fixedHeader ? 'sticky' : 'static', top: 48, zIndex: 2, margin: '0 -8px 8px' }}>
          <TagsBar />
        </div>
      )}
    </>
  );
});

/** A notice left for the console (a failed check before a sign-out) is shown by the console a person sees. */
function PendingNotice() {
  useShowPendingNotice();
  return null;
}

const Nothing = () => null;

export function Layout({ children }: { children: ReactNode }) {
  const rehearsal = useRehearsal();
  const drawn = useLayoutPasses(rehearsal);
  return (
    <DrawnContext.Provider value={drawn}>
      <RaLayout appBar={AppBar} menu={drawn('menu') ? Menu : Nothing} error={ErrorPage} sidebar={Sidebar} sx={FRAME}>
        {!rehearsal && <PendingNotice />}
        <PageFrame />
        {drawn('page') && children}
      </RaLayout>
    </DrawnContext.Provider>
  );
}
