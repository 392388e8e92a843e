// A password input with a button that shows or hides what was typed.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

interface SecretFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helperText?: string;
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
}

export function SecretField({ name, label, value, onChange, error, helperText, autoComplete, autoFocus }: SecretFieldProps) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const toggle = translate(shown ? 'app.password.hide' : 'app.password.show');
  return (
    <TextField
      name={name}
      label={label}
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText ?? ' '}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      fullWidth
      margin="dense"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={toggle} title={toggle} onClick={() => setShown(!shown)} edge="end" size="small">
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
