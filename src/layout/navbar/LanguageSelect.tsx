import Translate from '@mui/icons-material/Translate';
import Cookies from 'js-cookie';
import { useI18nProvider, useLocaleState, useTranslate } from 'react-admin';
import { pendingNotice } from '../../app/pendingNotice';
import { applyLanguage } from '../../i18n/apply';
import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_NAMES, type Language } from '../../../kernel/i18n/languages';
import { ChoiceMenuButton } from './ChoiceMenuButton';

/** Zh, en, es, ja; remembered in the `language` cookie; the server answers in it too. */
export function LanguageSelect() {
  const translate = useTranslate();
  const i18nProvider = useI18nProvider();
  const [locale, setLocale] = useLocaleState();

  const choose = (language: Language) => {
    Cookies.set(LANGUAGE_COOKIE, language, { expires: 365 });
    applyLanguage(language, i18nProvider.translate);
    // The console re-renders whole in the new language: the message waits for that, to be said in it.
    pendingNotice.set('app.layout.language_switched', 'success');
    setLocale(language);
  };
  return (
    <ChoiceMenuButton
      label={translate('app.navbar.language')}
      icon={<Translate />}
      choices={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language], lang: language }))}
      current={locale}
      onChoose={choose}
    />
  );
}
