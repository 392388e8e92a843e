// The console: react-admin, the router and every screen, loaded on demand by the first page
// (src/main.tsx) once a session exists, or while the sign-in page is idle.
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App, setConsoleLanguage } from './App';
import { applyLanguage } from '../i18n/apply';
import { createI18nProvider, loadMessages } from '../i18n/provider';
import { prepareFormats } from '../format';
import { preloadListScreen } from '../resources/generic';
import { preloadListTools } from '../resources/list/LazyListTools';
import type { Language } from '../../kernel/i18n/languages';

/** Shows the console in `root`, on the current location, once its messages in `language` are loaded. */
export async function mountConsole(root: Root, language: Language) {
  // The list screen (the usual first screen) and its tools, fetched alongside; a failure shows when the screen opens.
  void preloadListScreen().catch(() => undefined);
  void preloadListTools().catch(() => undefined);
  prepareFormats(language);
  await loadMessages(language);
  const i18nProvider = createI18nProvider(language);
  applyLanguage(language, i18nProvider.translate);
  setConsoleLanguage(language);
  root.render(
    <StrictMode>
      <App i18nProvider={i18nProvider} />
    </StrictMode>,
  );
}
