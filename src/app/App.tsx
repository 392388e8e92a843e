import {
  AdminContext,
  AdminUI,
  type AuthProvider,
  CustomRoutes,
  type DataProvider,
  Notification,
  type Store,
  localStorageStore,
} from 'react-admin';
import { BrowserRouter, MemoryRouter, Navigate, Route, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { createDataProvider } from '../api/dataProvider';
import { request } from '../api/http';
import { createAuthProvider } from '../auth/authProvider';
import { LoginPage } from '../auth/LoginPage';
import { SessionLoading } from '../auth/SessionLoading';
import { AuthRedirect } from '../pages/AuthRedirect';
import { Home } from '../pages/Home';
import { Page404 } from '../pages/Page404';
import { Pending } from '../pages/Pending';
import { LOGIN_LOG_PAGE } from '../../kernel/history/names';
import { ATTACHMENT_PAGE } from '../../kernel/contract/attachments';
import { BACKUP_PAGE } from '../../kernel/contract/backups';
import { MESSAGE_PAGE, NOTIFICATION_PAGE } from '../../kernel/notify/names';
import { Profile } from '../pages/Profile';
import { Redirect } from '../pages/Redirect';
import { buildRoutes } from '../routes/buildRoutes';
import { visibleRoutes } from '../routes/visibleRoutes';
import { useCurrentAccess } from '../routes/useVisibleRoutes';
import { refreshInfoAfter } from '../auth/refreshAfterAccessWrite';
import { PasswordGateLayout } from '../auth/PasswordGate';
import { registry } from '../../kernel/schema/load-vite';
import type { I18nProvider } from 'react-admin';
import { SettingsProvider, useSettings } from '../settings/SettingsContext';
import { buildTheme } from '../settings/theme';
import { lazy, useCallback, useMemo } from 'react';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { invalidateDictionaryAfter } from '../resources/generic/useDictionaryOptions';
import { CONFIG_QUERY, schemaOptions } from '../resources/generic/useConfigOptions';
import { prefetchFirstScreen } from './firstScreen';
import { RehearsalContext } from './rehearsalContext';
import { KnownResources } from './KnownResources';
import { PathnameProvider } from '../routes/pathname';
import { answerSessionChecks } from '../auth/sessionQueries';
import type { Access } from '../auth/session';
import type { DeferredHistory } from '../routes/deferredHistory';
import type { UserInfo } from '../../kernel/contract/user-info';
import type { Language } from '../../kernel/i18n/languages';

// Pages only some people open load when first opened.
const LoginLog = lazy(() => import('../pages/LoginLog').then((m) => ({ default: m.LoginLog })));
const Attachments = lazy(() => import('../pages/Attachments').then((m) => ({ default: m.Attachments })));
const Messages = lazy(() => import('../pages/Messages').then((m) => ({ default: m.Messages })));
const Notifications = lazy(() => import('../pages/Notifications').then((m) => ({ default: m.Notifications })));
const Backups = lazy(() => import('../pages/Backups').then((m) => ({ default: m.Backups })));

/** The pages route entries may name by `component` in schemas/routes.json. */
const pages = {
  home: Home,
  profile: Profile,
  pending: Pending,
  [LOGIN_LOG_PAGE]: LoginLog,
  [MESSAGE_PAGE]: Messages,
  [NOTIFICATION_PAGE]: Notifications,
  [ATTACHMENT_PAGE]: Attachments,
  [BACKUP_PAGE]: Backups,
};

const dataProvider = createDataProvider(registry, request);

// react-admin's query client, plus two rules: a write to a dictionary list or item has the
// dictionary options (every form's and list's `dict:` choices) read again, and a write to the
// menu, the roles or the accounts has the signed-in person's info (their route tree) loaded again.
const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    onSuccess: (_data, _variables, _context, mutation) => {
      invalidateDictionaryAfter(queryClient, mutation.options.mutationKey?.[0]);
      refreshInfoAfter(queryClient, mutation.options.mutationKey?.[0]);
    },
  }),
});

/** How long the session's checks, answered from the info at hand, count as fresh: the first screen's time. */
const CHECKS_FRESH_MS = 10_000;

/** Answers react-admin's session checks from the person's info, loaded before the console renders (see sessionQueries). */
export const answerSessionFrom = (info: UserInfo) => answerSessionChecks(queryClient, info, CHECKS_FRESH_MS);

/** What react-admin remembers (list parameters, the sidebar, column choices), in the browser's storage as react-admin's Admin keeps it. */
const consoleStore = localStorageStore();

/**
 * Tells react-admin the console's language (the cookie's, chosen on the sign-in page or in the
 * app bar) before it renders: it keeps its own copy, and when that copy differs it renders nothing
 * at first, then switches to the copy's language.
 */
export const setConsoleLanguage = (language: Language) => consoleStore.setItem('locale', language);

/**
 * Loads the option lists into the query cache, before the console renders: the first screen's
 * filters and cells label their values from them. Asked for even when the schemas' own lists were
 * assumed (assumeConfig): an answer that says the same draws nothing again.
 */
export const prefetchConfig = () => queryClient.prefetchQuery({ ...CONFIG_QUERY, staleTime: 0 });

/** The option lists as the console's schemas give them, until the server's come (the console drawn ahead of the sign-in's answer). */
export const assumeConfig = () => queryClient.setQueryData(CONFIG_QUERY.queryKey, schemaOptions());

/** Forgets every answer and every call waiting for one (a console drawn ahead of a sign-in that failed). */
export const forgetQueries = () => queryClient.clear();

/** Puts the first screen's list page in the query cache, before the console renders (see firstScreen). */
export function prefetchFirstScreenData(location: { pathname: string; search: string }) {
  return prefetchFirstScreen(registry, location, queryClient, dataProvider);
}

/** Messages stay 5 seconds. */
export const MESSAGE_DURATION_MS = 5000;
const AppNotification = () => <Notification autoHideDuration={MESSAGE_DURATION_MS} />;

const GoHome = () => <Navigate to="/home" replace />;

/** What the rehearsal (src/app/rehearsal.tsx) renders the console with instead of the real session and data. */
export interface RehearsalSetting {
  /** The page it opens on, as the console will after sign-in. */
  path: string;
  info: UserInfo;
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  queryClient: QueryClient;
  /** react-admin's store: kept in memory, so that nothing the rehearsal does is remembered. */
  store: Store;
}

/** `history`: the deferred history of a console drawn ahead of sign-in (src/routes/deferredHistory.ts); else the browser's. */
export function App({
  i18nProvider,
  rehearsal,
  history,
}: {
  i18nProvider: I18nProvider;
  rehearsal?: RehearsalSetting;
  history?: DeferredHistory['history'];
}) {
  if (rehearsal) {
    return (
      <RehearsalContext.Provider value={rehearsal.info}>
        <MemoryRouter initialEntries={[rehearsal.path]}>
          <PathnameProvider>
            <SettingsProvider>
              <Console i18nProvider={i18nProvider} rehearsal={rehearsal} />
            </SettingsProvider>
          </PathnameProvider>
        </MemoryRouter>
      </RehearsalContext.Provider>
    );
  }
  // Clean URLs (/device/index), as the route tree writes them; the server answers index.html for them.
  const console = (
    <PathnameProvider>
      <SettingsProvider>
        <Console i18nProvider={i18nProvider} />
      </SettingsProvider>
    </PathnameProvider>
  );
  return history ? <HistoryRouter history={history}>{console}</HistoryRouter> : <BrowserRouter>{console}</BrowserRouter>;
}

/** The console's routes for the person's info and roles: the fixed pages, then the route tree's. */
function consoleRoutes(access: Access | undefined, permissions: string[] | undefined) {
  return [
    <CustomRoutes key="public" noLayout>
      <Route path="/auth-redirect" element={<AuthRedirect />} />
    </CustomRoutes>,
    <CustomRoutes key="static">
      <Route path="/redirect/*" element={<Redirect />} />
      <Route path="/404" element={<Page404 />} />
    </CustomRoutes>,
    ...buildRoutes(visibleRoutes(access, permissions ?? [], registry.routes), pages, registry.resources),
  ];
}

function Console({ i18nProvider, rehearsal }: { i18nProvider: I18nProvider; rehearsal?: RehearsalSetting }) {
  const { settings, size } = useSettings();
  const theme = useMemo(() => buildTheme(settings, size), [settings, size]);
  const authProvider = useMemo(() => rehearsal?.authProvider ?? createAuthProvider(i18nProvider.translate), [i18nProvider, rehearsal]);
  // The routes follow the person's info: loaded again, they are built again.
  const access = useCurrentAccess();
  const routes = useCallback((permissions: string[] | undefined) => consoleRoutes(access, permissions), [access]);
  // Given as a function, not as the elements: with elements, react-admin's router would take them
  // again in an effect after its first render, as new ones, and draw the console again twice
  // (the routes, then the resources declared anew). Given a function, it calls it once in that
  // effect, and its own first pass is only its loading screen.
  // react-admin's Admin, in its two parts, with the resources declared between them (KnownResources).
  return (
    <AdminContext
      theme={theme}
      dataProvider={rehearsal?.dataProvider ?? dataProvider}
      queryClient={rehearsal?.queryClient ?? queryClient}
      store={rehearsal?.store ?? consoleStore}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
    >
      <KnownResources routes={routes}>
        <AdminUI
          loginPage={LoginPage}
          loading={SessionLoading}
          layout={PasswordGateLayout}
          dashboard={GoHome}
          catchAll={Page404}
          notification={AppNotification}
          requireAuth
          disableTelemetry
          title=""
        >
          {routes}
        </AdminUI>
      </KnownResources>
    </AdminContext>
  );
}
