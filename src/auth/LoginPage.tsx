// Username, password, login button. The username is trimmed before sending; after
// sign-in the visitor goes to the redirect parameter. A signed-in visitor goes to '/'.
import Lock from '@mui/icons-material/Lock';
import Person from '@mui/icons-material/Person';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { getToken } from '../api/token';
import { MOCK_PASSWORD, isMockUsername } from '../../kernel/contract/mock-account';
import { redirectTarget } from './redirect';
import { useShowPendingNotice } from '../app/pendingNotice';
import { DocumentTitle } from '../layout/DocumentTitle';
import { LanguageSelect } from '../layout/navbar/LanguageSelect';

const MOCK = import.meta.env.VITE_MOCK === 'true';

/** What the two fields share: full width, filled, light on the dark page. */
const FIELD = { fullWidth: true, margin: 'normal', variant: 'filled', sx: { bgcolor: 'rgba(255,255,255,0.9)', borderRadius: 1 } } as const;

export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const location = useLocation();
  const [username, setUsername] = useState(MOCK ? 'admin' : '');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [loading, setLoading] = useState(false);

  useShowPendingNotice();

  if (getToken() && !loading) return <Navigate to="/" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!username.trim()) found.username = translate('app.login.username_required');
    else if (MOCK && !isMockUsername(username)) found.username = translate('app.login.username_mock_only');
    if (!password) found.password = translate('app.login.password_required');
    setErrors(found);
    if (found.username || found.password) return;
    setLoading(true);
    try {
      await login({ username: username.trim(), password }, redirectTarget(location.search));
    } catch (error) {
      notify((error as Error).message || 'app.http.error', { type: 'error' });
      setLoading(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#2d3a4b', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, position: 'relative' }}>
      <DocumentTitle title="Login" />
      <Box sx={{ position: 'absolute', top: 8, right: 8, color: '#eee' }}>
        <LanguageSelect />
      </Box>
      <Box component="form" onSubmit={submit} noValidate sx={{ width: '100%', maxWidth: 420 }} aria-label={translate('app.login.title')}>
        <Typography variant="h5" component="h1" sx={{ color: '#eee', textAlign: 'center', mb: 1, fontWeight: 700 }}>
          {translate('app.title')}
        </Typography>
        <Typography sx={{ color: '#aab', textAlign: 'center', mb: 4 }}>{translate('app.login.title')}</Typography>
        <TextField
          name="username"
          label={translate('app.login.username')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={Boolean(errors.username)}
          helperText={errors.username}
          autoComplete="username"
          autoFocus
          {...FIELD}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Person /></InputAdornment> } }}
        />
        <TextField
          name="password"
          type={showPassword ? 'text' : 'password'}
          label={translate('app.login.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password}
          autoComplete="current-password"
          {...FIELD}
          slotProps={{
            input: {
              startAdornment: <InputAdornment position="start"><Lock /></InputAdornment>,
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={translate(showPassword ? 'app.login.hide_password' : 'app.login.show_password')}
                    onClick={() => setShowPassword(!showPassword)}
                    edge="end"
                  >
                    {showPassword ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loading} sx={{ mt: 3 }}>
          {translate('app.login.submit')}
        </Button>
        {MOCK && (
          <Typography variant="body2" sx={{ color: '#aab', mt: 2, textAlign: 'center' }}>
            {translate('app.login.mock_hint', { password: MOCK_PASSWORD })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
