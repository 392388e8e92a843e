// The form that changes one's own password: the current one, the new one twice. The blocking
// dialog of a person who must choose a new password and the Profile page both use it. The
// server's refusals stand under the field they name.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ApiError, request } from '../../api/http';
import { refreshInfo } from '../session';
import { type PasswordChange, type PasswordProblems, passwordProblems } from './passwordRules';
import { SecretField } from './SecretField';

const EMPTY: PasswordChange = { old: '', new: '', repeat: '' };

/** The server's field errors of a refused change, by our field names. */
function serverProblems(error: unknown): { fields: PasswordProblems; message?: string } {
  const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
  const fields: PasswordProblems = {};
  if (errors?.old) fields.old = errors.old;
  if (errors?.new) fields.new = errors.new;
  return { fields, message: Object.keys(fields).length > 0 ? undefined : (error as Error).message };
}

interface ChangePasswordFormProps {
  /** After the server took the new password and the info was loaded again. */
  onDone: () => void;
  /** Buttons beside Save (Sign out in the blocking dialog, Cancel on the profile). */
  actions?: ReactNode;
  autoFocus?: boolean;
}

export function ChangePasswordForm({ onDone, actions, autoFocus }: ChangePasswordFormProps) {
  const translate = useTranslate();
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [problems, setProblems] = useState<PasswordProblems>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const set = (field: keyof PasswordChange) => (value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setProblems((before) => ({ ...before, [field]: undefined }));
  };
  const shown = (field: keyof PasswordChange) => {
    const problem = problems[field];
    return problem ? translate(problem, { _: problem, min: 8, max: 128 }) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblems(values);
    setProblems(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await request('/user/password', { method: 'POST', body: { old: values.old, new: values.new } });
      await refreshInfo();
      setValues(EMPTY);
      onDone();
    } catch (error) {
      const { fields, message } = serverProblems(error);
      setProblems(fields);
      setFailure(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)} data-form="change-password">
      <SecretField
        name="old"
        label={translate('app.password.current')}
        value={values.old}
        onChange={set('old')}
        error={shown('old')}
        autoComplete="current-password"
        autoFocus={autoFocus}
      />
      <SecretField
        name="new"
        label={translate('app.password.new')}
        value={values.new}
        onChange={set('new')}
        error={shown('new')}
        helperText={translate('app.password.rule')}
        autoComplete="new-password"
      />
      <SecretField
        name="repeat"
        label={translate('app.password.repeat')}
        value={values.repeat}
        onChange={set('repeat')}
        error={shown('repeat')}
        autoComplete="new-password"
      />
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {actions}
        <Button type="submit" variant="contained" disabled={saving}>
          {translate('app.password.change')}
        </Button>
      </Box>
    </Box>
  );
}
