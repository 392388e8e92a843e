// The pieces of showing the console that the sign-in's two ways share: mounted once the sign-in
// answered (console.tsx), or drawn ahead of its answer (drawAhead.tsx).
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import type { I18nProvider } from 'react-admin';
import { App, setConsoleLanguage } from './App';
import { applyLanguage } from '../i18n/apply';
import { createI18nProvider, loadMessages } from '../i18n/provider';
import type { Language } from '../../kernel/i18n/languages';
import type { DeferredHistory } from '../routes/deferredHistory';

/** The console's translator in `language`, applied to the page and told to react-admin. */
export async function consoleI18n(language: Language): Promise<I18nProvider> {
  await loadMessages(language);
  const i18nProvider = createI18nProvider(language);
  applyLanguage(language, i18nProvider.translate);
  setConsoleLanguage(language);
  return i18nProvider;
}

/**
 * How long the console waits for the person's info, the option lists and its first list's page
 * before it shows: shown together, the page and its rows take one pass; shown first, the page
 * keeps the main thread busy while the rows arrive, and they take another.
 */
const FIRST_PAGE_WAIT_MS = 250;

/** The first screen's data, or the wait's end, whichever comes first. */
export const firstDataOrWait = (data: Promise<unknown> | undefined) =>
  data && Promise.race([data, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);

/** Renders the console; in a transition where it may wait (slices the browser can handle input between). */
export function renderConsole(
  root: Root,
  i18nProvider: I18nProvider,
  { history, sliced }: { history?: DeferredHistory['history']; sliced?: boolean } = {},
) {
  const render = () =>
    root.render(
      <StrictMode>
        <App i18nProvider={i18nProvider} history={history} />
      </StrictMode>,
    );
  if (sliced) startTransition(render);
  else render();
}
