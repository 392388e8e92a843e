// The sign-in page inside the console (after a sign-out, or a session the server refused): the
// same form as the first page's (src/signin/SignInView.tsx), with react-admin's login, messages
// and language selector. After sign-in the visitor goes to the redirect parameter; a signed-in
// visitor goes to '/'.
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { getToken } from '../api/token';
import { redirectTarget } from './redirect';
import { useShowPendingNotice } from '../app/pendingNotice';
import { LanguageSelect } from '../layout/navbar/LanguageSelect';
import { SignInView } from '../signin/SignInView';

export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const location = useLocation();
  const [signingIn, setSigningIn] = useState(false);

  useShowPendingNotice();

  if (getToken() && !signingIn) return <Navigate to="/" replace />;

  const signIn = async (username: string, password: string) => {
    setSigningIn(true);
    try {
      await login({ username, password }, redirectTarget(location.search));
    } catch (error) {
      setSigningIn(false);
      throw error;
    }
  };

  return (
    <SignInView
      translate={translate}
      signIn={signIn}
      onError={(message) => notify(message || 'app.http.error', { type: 'error' })}
      languageSelect={<LanguageSelect />}
    />
  );
}
