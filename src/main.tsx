import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import Cookies from 'js-cookie';
import { App } from './app/App';
import { applyLanguage } from './i18n/apply';
import { collectErrors } from './layout/error-log/errorLog';
import { LANGUAGE_COOKIE, detectLanguage } from '../kernel/i18n/languages';
import { createI18nProvider, loadMessages } from './i18n/provider';

async function start() {
  collectErrors();
  // The development mock answers /dev-api inside the browser; production builds leave it out.
  if (import.meta.env.VITE_MOCK === 'true') {
    const { installMock } = await import('../mock');
    await installMock();
  }
  const language = detectLanguage(Cookies.get(LANGUAGE_COOKIE), navigator.languages ?? [navigator.language]);
  await loadMessages(language);
  const i18nProvider = createI18nProvider(language);
  applyLanguage(language, i18nProvider.translate);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App i18nProvider={i18nProvider} />
    </StrictMode>,
  );
}

void start();
