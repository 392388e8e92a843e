// The sign-in form: username, password, login button, language selector. Plain React and MUI,
// no react-admin and no router, so that the first page a visitor loads is small (src/main.tsx)
// and the console shows the very same form after a sign-out (src/auth/LoginPage.tsx).
// The username is trimmed before sending; the caller decides where a signed-in visitor goes.
import Lock from '@mui/icons-material/Lock';
import Person from '@mui/icons-material/Person';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilledInput, { type FilledInputProps } from '@mui/material/FilledInput';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { MOCK_PASSWORD, isMockUsername } from '../../kernel/contract/mock-account';
import { pageTitle } from '../../kernel/routes/tree';

const MOCK = import.meta.env.VITE_MOCK === 'true';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the two fields share: full width, filled, light on the dark page (darker in the dark theme, whose text is light). */
const FIELD_SX = {
  bgcolor: (theme: Theme) => (theme.palette.mode === 'dark' ? 'rgba(0,0,0,0.25)' : 'rgba(255,255,255,0.9)'),
  borderRadius: 1,
} as const;
// Static styles, made once rather than on every render.
const PAGE_SX = {
  minHeight: '100vh',
  bgcolor: '#2d3a4b',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  p: 2,
  position: 'relative',
} as const;
const CORNER_SX = { position: 'absolute', top: 8, right: 8, color: '#eee' } as const;
const FORM_SX = { width: '100%', maxWidth: 420 } as const;
const HEADING_SX = { color: '#eee', textAlign: 'center', mb: 1, fontWeight: 700 } as const;
const SUBTITLE_SX = { color: '#aab', textAlign: 'center', mb: 4 } as const;
const HINT_SX = { color: '#aab', mt: 2, textAlign: 'center' } as const;

export interface SignInViewProps {
  translate: Translate;
  /** Signs in with the trimmed username; rejects with a message a person can read. */
  signIn: (username: string, password: string) => Promise<void>;
  /** Shows a failed sign-in's message. */
  onError: (message: string) => void;
  /** The language selector of the page's top right corner. */
  languageSelect: ReactNode;
}

export function SignInView({ translate, signIn, onError, languageSelect }: SignInViewProps) {
  const [username, setUsername] = useState(MOCK ? 'admin' : '');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    // A title an admin typed for a menu entry may have no translation; this one always has.
    document.title = pageTitle('Login', (key) => translate(key, { _: 'Login' }), translate('app.title'));
  }, [translate]);

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
      // Stays disabled after success: the console takes the page over.
      await signIn(username.trim(), password);
    } catch (error) {
      onError((error as Error).message || translate('app.http.error'));
      setLoading(false);
    }
  };

  return (
    <Box sx={PAGE_SX}>
      <Box sx={CORNER_SX}>{languageSelect}</Box>
      <Box component="form" onSubmit={submit} noValidate sx={FORM_SX} aria-label={translate('app.login.title')}>
        <Typography variant="h5" component="h1" sx={HEADING_SX}>
          {translate('app.title')}
        </Typography>
        <Typography sx={SUBTITLE_SX}>{translate('app.login.title')}</Typography>
        <Field
          name="username"
          label={translate('app.login.username')}
          value={username}
          onChange={setUsername}
          error={errors.username}
          autoComplete="username"
          autoFocus
          startAdornment={
            <InputAdornment position="start">
              <Person />
            </InputAdornment>
          }
        />
        <Field
          name="password"
          type={showPassword ? 'text' : 'password'}
          label={translate('app.login.password')}
          value={password}
          onChange={setPassword}
          error={errors.password}
          autoComplete="current-password"
          startAdornment={
            <InputAdornment position="start">
              <Lock />
            </InputAdornment>
          }
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(showPassword ? 'app.login.hide_password' : 'app.login.show_password')}
                onClick={() => setShowPassword(!showPassword)}
                edge="end"
              >
                {showPassword ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={loading} sx={{ mt: 3 }}>
          {translate('app.login.submit')}
        </Button>
        {MOCK && (
          <Typography variant="body2" sx={HINT_SX}>
            {translate('app.login.mock_hint', { password: MOCK_PASSWORD })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

interface FieldProps extends Pick<FilledInputProps, 'name' | 'type' | 'autoComplete' | 'autoFocus' | 'startAdornment' | 'endAdornment'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * A filled text field as MUI's TextField draws it (label, input, helper text under one form
 * control), put together from its parts so that the page does not carry TextField's select mode.
 */
function Field({ label, value, onChange, error, ...input }: FieldProps) {
  const id = useId();
  const helperId = `${id}-helper-text`;
  return (
    <FormControl fullWidth margin="normal" variant="filled" error={Boolean(error)} sx={FIELD_SX}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <FilledInput
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={error ? helperId : undefined}
        {...input}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
