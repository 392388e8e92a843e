// The sign-in page of the first load: the form with the page's own theme, language selector and
// messages (a failed sign-in, a language switched). No react-admin: the console comes after.
import Translate from '@mui/icons-material/Translate';
import CssBaseline from '@mui/material/CssBaseline';
import Snackbar from '@mui/material/Snackbar';
import { ThemeProvider } from '@mui/material/styles';
import Cookies from 'js-cookie';
import { useMemo, useState } from 'react';
import { applyLanguage } from '../i18n/apply';
import { ChoiceMenuButton } from '../layout/navbar/ChoiceMenuButton';
import { loadSettings, loadSize } from '../settings/settings';
import { LANGUAGES, LANGUAGE_COOKIE, LANGUAGE_NAMES, type Language } from '../../kernel/i18n/languages';
import { loadSignInMessages } from './messages';
import { SignInView } from './SignInView';
import { signInTheme } from './theme';
import { type Messages, translator } from './translate';

/** Messages stay 5 seconds, as the console's. */
const NOTICE_MS = 5000;
/** As react-admin's notifications colour them. */
const NOTICE_COLOURS = {
  error: { bgcolor: 'error.main', color: 'error.contrastText' },
  success: { bgcolor: 'success.main', color: 'success.contrastText' },
} as const;

interface Notice {
  message: string;
  type: keyof typeof NOTICE_COLOURS;
  key: number;
}

export interface SignInPageProps {
  language: Language;
  messages: Messages;
  signIn: (username: string, password: string) => Promise<void>;
}

export function SignInPage(props: SignInPageProps) {
  const [{ language, messages }, setShown] = useState({ language: props.language, messages: props.messages });
  const [notice, setNotice] = useState<Notice>();
  const translate = useMemo(() => translator(messages), [messages]);
  // Read once: the page-style settings cannot change on this page.
  const theme = useMemo(() => signInTheme(loadSettings(), loadSize()), []);

  const choose = async (next: Language) => {
    Cookies.set(LANGUAGE_COOKIE, next, { expires: 365 });
    const nextMessages = await loadSignInMessages(next);
    const nextTranslate = translator(nextMessages);
    applyLanguage(next, nextTranslate);
    setShown({ language: next, messages: nextMessages });
    setNotice({ message: nextTranslate('app.layout.language_switched'), type: 'success', key: Date.now() });
  };

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <SignInView
        translate={translate}
        signIn={props.signIn}
        onError={(message) => setNotice({ message, type: 'error', key: Date.now() })}
        languageSelect={
          <ChoiceMenuButton
            label={translate('app.navbar.language')}
            icon={<Translate />}
            choices={LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value], lang: value }))}
            current={language}
            onChoose={(value) => void choose(value)}
          />
        }
      />
      <Snackbar
        key={notice?.key}
        open={Boolean(notice)}
        message={notice?.message}
        autoHideDuration={NOTICE_MS}
        onClose={(_event, reason) => reason !== 'clickaway' && setNotice(undefined)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{ content: { sx: notice ? NOTICE_COLOURS[notice.type] : undefined } }}
      />
    </ThemeProvider>
  );
}
