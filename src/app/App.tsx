import { Admin, CustomRoutes, Notification, localStorageStore } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { createDataProvider } from '../api/dataProvider';
import { request } from '../api/http';
import { createAuthProvider } from '../auth/authProvider';
import { LoginPage } from '../auth/LoginPage';
import { SessionLoading } from '../auth/SessionLoading';
import { AuthRedirect } from '../pages/AuthRedirect';
import { Page404 } from '../pages/Page404';
import { pages } from '../pages/registry';
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
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { invalidateDictionaryAfter } from '../resources/generic/useDictionaryOptions';
import { PathnameProvider } from '../routes/pathname';
import type { Access } from '../auth/session';
import type { Language } from '../../kernel/i18n/languages';

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

/** What react-admin remembers (list parameters, the sidebar, column choices), in the browser's storage as react-admin's Admin keeps it. */
const consoleStore = localStorageStore();

/**
 * Tells react-admin the console's language (the cookie's, chosen on the sign-in page or in the
 * app bar) before it renders: it keeps its own copy, and when that copy differs it renders nothing
 * at first, then switches to the copy's language.
 */
export const setConsoleLanguage = (language: Language) => consoleStore.setItem('locale', language);

/** Messages stay 5 seconds. */
export const MESSAGE_DURATION_MS = 5000;
const AppNotification = () => <Notification autoHideDuration={MESSAGE_DURATION_MS} />;

const GoHome = () => <Navigate to="/home" replace />;

/** The console's routes for the person's info and roles: the fixed pages, then the route tree's. */
function consoleRoutes(access: Access | undefined, permissions: string[] | undefined, translate: I18nProvider['translate']) {
  return [
    <CustomRoutes key="public" noLayout>
      <Route path="/auth-redirect" element={<AuthRedirect />} />
    </CustomRoutes>,
    <CustomRoutes key="static">
      <Route path="/redirect/*" element={<Redirect />} />
      <Route path="/404" element={<Page404 />} />
    </CustomRoutes>,
    ...buildRoutes(visibleRoutes(access, permissions ?? [], registry.routes), pages, registry.resources, translate),
  ];
}

/**
 * The console, at clean URLs (/device/index), as the route tree writes them; the server answers
 * index.html for them. A change of page is a transition (the page shown stays until the next one
 * is ready) only while a session is open. Signing out, react-admin navigates to the sign-in page
 * and clears its store and queries at once: a transition would yield to those updates, which check
 * the session again at the old address and sign out again, hundreds of times over several seconds
 * of blank page, the route guard's message lost on the way.
 */
export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  const signedIn = useCurrentAccess() !== undefined;
  return (
    <BrowserRouter useTransitions={signedIn}>
      <PathnameProvider>
        <SettingsProvider>
          <Console i18nProvider={i18nProvider} />
        </SettingsProvider>
      </PathnameProvider>
    </BrowserRouter>
  );
}

function Console({ i18nProvider }: { i18nProvider: I18nProvider }) {
  const { settings, size } = useSettings();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => buildTheme(settings, size, reducedMotion), [settings, size, reducedMotion]);
  const authProvider = useMemo(() => createAuthProvider(i18nProvider.translate), [i18nProvider]);
  // The routes follow the person's info: loaded again, they are built again. With the info here
  // (the usual case: the first page waits for it), they are given as elements, which react-admin
  // draws at once; without it (it could not be loaded yet), as a function react-admin calls once
  // the session is checked, with the person's roles.
  const access = useCurrentAccess();
  const routes = useMemo(
    () =>
      access
        ? consoleRoutes(access, access.roles, i18nProvider.translate)
        : (permissions: string[] | undefined) => consoleRoutes(undefined, permissions, i18nProvider.translate),
    [access, i18nProvider],
  );
  return (
    <Admin
      theme={theme}
      dataProvider={dataProvider}
      queryClient={queryClient}
      store={consoleStore}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
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
    </Admin>
  );
}
