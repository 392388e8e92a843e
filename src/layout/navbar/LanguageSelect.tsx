import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Cookies from 'js-cookie';
import { useState } from 'react';
import { useI18nProvider, useLocaleState, useTranslate } from 'react-admin';
import { pendingNotice } from '../../app/pendingNotice';
import { applyLanguage } from '../../i18n/apply';
import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_NAMES, type Language } from '../../i18n/languages';

/** SPEC §2, §9: zh, en, es, ja; remembered in the `language` cookie; the server answers in it too. */
export function LanguageSelect() {
  const translate = useTranslate();
  const i18nProvider = useI18nProvider();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const choose = (language: Language) => {
    setAnchor(null);
    if (language === locale) return;
    Cookies.set(LANGUAGE_COOKIE, language, { expires: 365 });
    applyLanguage(language, i18nProvider.translate);
    // The console re-renders whole in the new language: the message waits for that, to be said in it.
    pendingNotice.set('app.layout.language_switched', 'success');
    setLocale(language);
  };
  return (
    <>
      <Tooltip title={translate('app.navbar.language')}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={translate('app.navbar.language')}>
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => (
          <MenuItem key={language} selected={language === locale} disabled={language === locale} onClick={() => choose(language)} lang={language}>
            {LANGUAGE_NAMES[language]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
