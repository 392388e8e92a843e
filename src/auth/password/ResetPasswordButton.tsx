// "Reset password" on an account's page (x-resource.access of kind accounts): a dialog that
// takes a new initial password twice and sends it to the reset call. The account's owner is
// signed out everywhere and must choose their own password at the next sign-in; the dialog
// says so once the server took it.
import LockReset from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useId, useState } from 'react';
import { type RaRecord, useRefresh, useTranslate } from 'react-admin';
import { ApiError, request } from '../../api/http';
import { PASSWORD_MAX, PASSWORD_MIN, type PasswordProblems, passwordProblems } from './passwordRules';
import { SecretField } from './SecretField';

interface ResetPasswordButtonProps {
  /** The reset call (x-resource.access.resetPassword). */
  path: string;
  record: RaRecord;
  /** How the account is named in the dialog. */
  name: string;
}

export function ResetPasswordButton({ path, record, name }: ResetPasswordButtonProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ new: '', repeat: '' });
  const [problems, setProblems] = useState<PasswordProblems>({});
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setOpen(false);
    setValues({ new: '', repeat: '' });
    setProblems({});
    setFailure(undefined);
    if (done) refresh();
    setDone(false);
  };
  const shown = (problem?: string) => (problem ? translate(problem, { _: problem, min: PASSWORD_MIN, max: PASSWORD_MAX }) : undefined);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = passwordProblems({ old: '', ...values }, false);
    setProblems(found);
    setFailure(undefined);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await request(path, { method: 'POST', body: { id: record.id, password: values.new } });
      setDone(true);
    } catch (error) {
      const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      if (errors?.password) setProblems({ new: errors.password });
      else setFailure((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<LockReset />} onClick={() => setOpen(true)} data-action="reset-password">
        {translate('app.password.reset')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id={titleId}>{translate('app.password.reset_title', { name })}</DialogTitle>
          <DialogContent>
            {done ? (
              <Alert severity="success">{translate('app.password.reset_done', { name })}</Alert>
            ) : (
              <>
                <DialogContentText sx={{ mb: 1 }}>{translate('app.password.reset_text', { name })}</DialogContentText>
                <SecretField
                  name="new"
                  label={translate('app.password.initial')}
                  value={values.new}
                  onChange={(value) => setValues({ ...values, new: value })}
                  error={shown(problems.new)}
                  helperText={translate('app.password.rule_initial')}
                  autoComplete="new-password"
                  autoFocus
                />
                <SecretField
                  name="repeat"
                  label={translate('app.password.repeat')}
                  value={values.repeat}
                  onChange={(value) => setValues({ ...values, repeat: value })}
                  error={shown(problems.repeat)}
                  autoComplete="new-password"
                />
                {failure && <Alert severity="error">{failure}</Alert>}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{translate(done ? 'ra.action.close' : 'ra.action.cancel')}</Button>
            {!done && (
              <Button type="submit" variant="contained" disabled={saving}>
                {translate('app.password.reset')}
              </Button>
            )}
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
