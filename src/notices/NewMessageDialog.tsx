// "New message": to one person (their account name) or to everyone with a role, a title and a
// text. The server decides whether the person or role exists; its refusals show under the field
// they concern, anything else above the form. The dialog stays open until the message is sent.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ApiError, request } from '../api/http';
import { MAX_MESSAGE_CONTENT, MAX_MESSAGE_TITLE, NOTICE_PATHS } from '../../kernel/notify/names';
import { knownRoles } from '../../kernel/routes/roles';
import { registry } from '../../kernel/schema/load-vite';
import { refreshNotices } from './api';
import { roleLabel } from './labels';

export interface Draft {
  to_user?: string;
  title?: string;
}

const ROLES = knownRoles(registry);
const FIELDS = ['to_user', 'to_role', 'title', 'content'] as const;
type Field = (typeof FIELDS)[number];

export function NewMessageDialog({ draft, onClose }: { draft: Draft; onClose: (sent: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<'to_user' | 'to_role'>('to_user');
  const [values, setValues] = useState<Record<Field, string>>({
    to_user: draft.to_user ?? '',
    to_role: ROLES[0] ?? '',
    title: draft.title ?? '',
    content: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const label = (field: Field) => translate(`resources.message.fields.${field}`);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    setErrors({ ...errors, [field]: undefined });
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const body = { [target]: values[target].trim(), title: values.title, content: values.content };
      const { msg } = await request(NOTICE_PATHS.messageSend, { method: 'POST', body });
      notify(msg || translate('app.notices.sent'), { type: 'success' });
      void refreshNotices(queryClient);
      onClose(true);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? ((error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {}) : {};
      const known = Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => (FIELDS as readonly string[]).includes(field)));
      setErrors(known);
      if (Object.keys(known).length === 0) setProblem((error as Error).message || translate('app.http.error'));
    } finally {
      setBusy(false);
    }
  };
  const textField = (field: Field, max: number, extra: object = {}) => (
    <TextField
      name={field}
      label={label(field)}
      value={values[field]}
      onChange={change(field)}
      error={!!errors[field]}
      helperText={errors[field] ?? (values[field].length > max * 0.9 ? `${[...values[field]].length} / ${max}` : undefined)}
      slotProps={{ htmlInput: { maxLength: max } }}
      fullWidth
      margin="dense"
      {...extra}
    />
  );

  return (
    <Dialog open onClose={() => !busy && onClose(false)} fullWidth maxWidth="sm" aria-labelledby="new-message-title" data-new-message>
      <form onSubmit={(e) => void send(e)} noValidate>
        <DialogTitle id="new-message-title">{translate('app.notices.new_message')}</DialogTitle>
        <DialogContent>
          {problem && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {problem}
            </Alert>
          )}
          <RadioGroup
            row
            value={target}
            onChange={(e) => setTarget(e.target.value as typeof target)}
            aria-label={translate('app.notices.send_to')}
          >
            <FormControlLabel value="to_user" control={<Radio size="small" />} label={translate('app.notices.to_person')} />
            <FormControlLabel value="to_role" control={<Radio size="small" />} label={translate('app.notices.to_role')} />
          </RadioGroup>
          {target === 'to_user' ? (
            <TextField
              name="to_user"
              label={translate('app.notices.username')}
              value={values.to_user}
              onChange={change('to_user')}
              error={!!errors.to_user}
              helperText={errors.to_user ?? translate('app.notices.username_help')}
              autoComplete="off"
              required
              fullWidth
              margin="dense"
              autoFocus={!draft.to_user}
            />
          ) : (
            <TextField
              select
              name="to_role"
              label={label('to_role')}
              value={values.to_role}
              onChange={change('to_role')}
              error={!!errors.to_role}
              helperText={errors.to_role}
              fullWidth
              margin="dense"
            >
              {ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {roleLabel(role, translate)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {textField('title', MAX_MESSAGE_TITLE, { required: true, autoFocus: !!draft.to_user })}
          {textField('content', MAX_MESSAGE_CONTENT, { multiline: true, minRows: 4, maxRows: 12 })}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
            {translate('app.notices.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
