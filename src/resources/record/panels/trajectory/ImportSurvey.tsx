// The "Import survey" button: picks a CSV or Excel listing, shows what importing it would change
// (when the well's schema has a preview call: ImportPreview) and posts it for the well once
// confirmed. Taken: a notification with the number of stations and the tab reloads. Refused: the
// server's message in an error Alert under the button, with the line, column and value it names.
// Beside it, "Restore previous listing" (when the schema has a restore call), after the Tip
// question. Shown to everyone who sees the well; the server refuses those who may not change it.
import RestoreIcon from '@mui/icons-material/Restore';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useRef, useState } from 'react';
import { type Identifier, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { SurveyImportAnswer, SurveyPreviewAnswer } from '../../../../../kernel/survey/names';
import { useConfirmCall } from '../../../../forms/useConfirmCall';
import { ImportPreview } from './ImportPreview';
import { ApiError } from '../../../../api/http';
import { uploadFile } from '../../../files/uploadFile';
import { refusalDetails, type SurveyRefusal } from './refusal';

export const SURVEY_FILE_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The well schema's survey calls: `path` imports; `preview` and `restore` when it has them. */
export function ImportSurvey({
  path,
  preview: previewPath,
  restore: restorePath,
  wellId,
  onImported,
}: {
  path: string;
  preview?: string;
  restore?: string;
  wellId: Identifier;
  onImported: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ message: string; refusal?: SurveyRefusal }>();
  // The file read and what importing it would change, while the person decides.
  const [pending, setPending] = useState<{ file: File; preview: SurveyPreviewAnswer }>();
  const { confirmCall, dialog } = useConfirmCall();
  const query = `?id=${encodeURIComponent(String(wellId))}`;

  /** Posts the file to a call; a refusal shows under the button. */
  const post = async <T,>(call: string, file: File, taken: (answer: T) => void) => {
    setBusy(true);
    setRefused(undefined);
    try {
      taken(
        await uploadFile<T>(`${call}${query}`, file, { language: locale, noAnswer: translate('app.http.network', { message: file.name }) }),
      );
    } catch (error) {
      // A refusal of the confirmed import shows under the button, the preview closed.
      setPending(undefined);
      setRefused({
        message: error instanceof Error ? error.message : String(error),
        refusal:
          error instanceof ApiError && error.refusal && typeof error.refusal === 'object' ? (error.refusal as SurveyRefusal) : undefined,
      });
    } finally {
      setBusy(false);
      // The same file may be picked again once it is mended.
      if (input.current) input.current.value = '';
    }
  };

  const send = (file: File) =>
    post<SurveyImportAnswer>(path, file, (answer) => {
      setPending(undefined);
      notify('app.trajectory.imported', { type: 'success', messageArgs: { smart_count: answer.kept } });
      onImported();
    });
  const read = (file: File) =>
    previewPath ? post<SurveyPreviewAnswer>(previewPath, file, (preview) => setPending({ file, preview })) : send(file);
  const restore = async () => {
    if (!restorePath) return;
    const done = await confirmCall({
      action: translate('app.trajectory.restore_action'),
      info: translate('app.trajectory.restore_info'),
      method: 'POST',
      url: `${restorePath}${query}`,
    });
    if (done) onImported();
  };

  const details = refused?.refusal ? refusalDetails(refused.refusal, translate) : [];
  return (
    <Box data-import>
      <input
        ref={input}
        type="file"
        accept={SURVEY_FILE_TYPES}
        hidden
        data-survey-file
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void read(file);
        }}
      />
      {/* Labelled on a phone too: it is the one thing to do on an empty tab. */}
      <Button
        variant="contained"
        size="small"
        disabled={busy}
        onClick={() => input.current?.click()}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <UploadFileIcon />}
      >
        {translate('app.trajectory.import')}
      </Button>
      {restorePath && (
        <Button size="small" sx={{ ml: 1 }} disabled={busy} onClick={() => void restore()} startIcon={<RestoreIcon />} data-restore>
          {translate('app.trajectory.restore')}
        </Button>
      )}
      {pending && (
        <ImportPreview
          preview={pending.preview}
          busy={busy}
          onConfirm={() => void send(pending.file)}
          onCancel={() => setPending(undefined)}
        />
      )}
      {dialog}
      {refused && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setRefused(undefined)} data-import-error>
          {refused.message}
          {details.length > 0 && (
            <Box sx={{ mt: 0.5, fontWeight: 500 }} data-refusal>
              {details.join(' · ')}
            </Box>
          )}
        </Alert>
      )}
    </Box>
  );
}
