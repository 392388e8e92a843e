// A dialog around a form the server defines: the definition is asked for when it opens (its
// failure shown as the server's message, or "--"), the form rendered by ServerForm (loaded
// with it, without buttons of its own: the dialog's Cancel and Confirm are the form's), and
// Confirm submits the values to the definition's method and action. Success says
// the server's message or "submitted successfully"; a refusal says its message or "submission
// failed" and marks the fields it names. Confirm stays busy until 500 ms after the answer.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formValues } from '../../kernel/forms/json-schema';
import type { FormDefinition } from '../../kernel/forms/types';
import { ApiError, request } from '../api/http';

const ServerForm = lazy(() => import('./ServerForm'));

/** How long the Confirm button stays busy after the answer. */
export const CONFIRM_SETTLE_MS = 500;

export interface FormDialogProps {
  /** The call that answers the definition, under the API prefix, with its query. */
  definitionPath: string;
  query?: Record<string, string | number>;
  onClose: () => void;
  /** After a successful submission. */
  onSaved: () => void;
}

type Values = Record<string, unknown>;

export function FormDialog({ definitionPath, query, onClose, onSaved }: FormDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const definition = useQuery({
    queryKey: ['form-definition', definitionPath, query],
    queryFn: async () => (await request<FormDefinition>(definitionPath, { query })).data,
    retry: false,
    gcTime: 0,
  });
  // What the person typed; until then, the values the form opens with.
  const [edited, setEdited] = useState<Values>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const form = useRef<{ submit: () => void } | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const opening = definition.data;
  const values = edited ?? (opening ? formValues(opening) : {});

  const submit = async (submitted: Values) => {
    if (!opening) return;
    setBusy(true);
    setServerErrors(undefined);
    let saved = false;
    try {
      const { msg } = await request(opening.action, { method: opening.method, body: submitted });
      notify(msg || translate('forms.submitted'), { type: 'success' });
      saved = true;
    } catch (error) {
      const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      setServerErrors(errors);
      notify((error as Error).message || translate('forms.submit_failed'), { type: 'error' });
    }
    settle.current = setTimeout(() => {
      setBusy(false);
      if (saved) onSaved();
    }, CONFIRM_SETTLE_MS);
  };

  const title = opening?.title ?? '';
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="form-dialog-title"
      data-form-dialog
    >
      <DialogTitle id="form-dialog-title">{title || '\u00a0'}</DialogTitle>
      <DialogContent dividers>
        {definition.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
        {definition.isError && (
          <Alert severity="error" role="alert">
            {definition.error.message || '--'}
          </Alert>
        )}
        {opening && (
          <>
            {opening.info && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {opening.info}
              </Typography>
            )}
            <Suspense fallback={<CircularProgress size={24} />}>
              <Box sx={{ pt: 1 }}>
                <ServerForm
                  formRef={form}
                  rules={opening.rules}
                  values={values}
                  onChange={setEdited}
                  onSubmit={(submitted) => void submit(submitted)}
                  serverErrors={serverErrors}
                  readOnly={!opening.status}
                />
              </Box>
            </Suspense>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => form.current?.submit()}
          disabled={busy || !opening?.status}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {translate('app.confirm.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
