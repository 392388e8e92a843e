// The confirm-then-call helper: a dialog titled "Tip" asking "Are you sure you want to <action>?"
// (with an optional extra line), and on Confirm one call under the API prefix with the ids (and
// the optional `kefu` flag) as its payload: in the query string for GET and DELETE, else as the
// JSON body. The call's refusal is told, and the dialog closes either way.
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactElement, useState } from 'react';
import { type Identifier, useNotify, useTranslate } from 'react-admin';
import { request } from '../api/http';

export interface ConfirmCall {
  /** What the person is about to do, in their language ("delete this item"). */
  action: string;
  /** A line under the question. */
  info?: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under the API prefix. */
  url: string;
  ids?: Identifier[];
  kefu?: boolean;
  /** A body of its own instead of the ids (a status switch's `{id, status}`). */
  body?: Record<string, unknown>;
  /** A query string of its own instead of the ids (a GET switch's `?id=&is_open=`). */
  query?: Record<string, string>;
  /** Whether an accepted call did what was asked (a job run that failed is told as an error). */
  succeeded?: (data: unknown) => boolean;
}

/** The payload of a confirmed call, as the method carries it. */
export function confirmPayload({ method, ids = [], kefu, body, query }: ConfirmCall): {
  query?: Record<string, string>;
  body?: Record<string, unknown>;
} {
  if (body) return { body };
  if (query) return { query };
  const wire = ids.map((id) => (typeof id === 'string' && /^[1-9][0-9]*$/.test(id) ? Number(id) : id));
  if (method === 'GET' || method === 'DELETE') return { query: { ids: wire.join(','), ...(kefu ? { kefu: '1' } : {}) } };
  return { body: { ids: wire, ...(kefu ? { kefu: true } : {}) } };
}

/** react-admin's delete confirmations worded as the same "Tip" dialog (props of its delete buttons). */
export const TIP_DELETE = { confirmTitle: 'app.confirm.title', confirmContent: 'app.confirm.delete' } as const;
export const TIP_BULK_DELETE = { confirmTitle: 'app.confirm.title', confirmContent: 'app.confirm.bulk_delete' } as const;

interface Pending {
  call: ConfirmCall;
  done: (confirmed: boolean) => void;
}

/** `confirmCall(call)` resolves true once the call succeeded, false when cancelled or refused; render `dialog`. */
export function useConfirmCall(): { confirmCall: (call: ConfirmCall) => Promise<boolean>; dialog: ReactElement | null } {
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);

  const confirmCall = (call: ConfirmCall) => new Promise<boolean>((resolve) => setPending({ call, done: resolve }));
  const close = (succeeded: boolean) => {
    pending?.done(succeeded);
    setPending(undefined);
  };
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const { data, msg } = await request(pending.call.url, { method: pending.call.method, ...confirmPayload(pending.call) });
      notify(msg || translate('app.confirm.done'), { type: (pending.call.succeeded?.(data) ?? true) ? 'success' : 'error' });
      close(true);
    } catch (error) {
      notify((error as Error).message || translate('app.http.error'), { type: 'error' });
      close(false);
    } finally {
      setBusy(false);
    }
  };

  const dialog = pending ? (
    <Dialog open onClose={() => !busy && close(false)} aria-labelledby="confirm-call-title" data-confirm-call>
      <DialogTitle id="confirm-call-title">{translate('app.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.confirm.text', { action: pending.call.action })}</DialogContentText>
        {pending.call.info && <DialogContentText sx={{ mt: 1 }}>{pending.call.info}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close(false)} disabled={busy}>
          {translate('app.confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {translate('app.confirm.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  ) : null;
  return { confirmCall, dialog };
}
