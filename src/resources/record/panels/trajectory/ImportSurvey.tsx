// The "Import survey" button: picks a CSV or Excel listing and posts it for the well. Taken: a
// notification with the number of stations and the tab reloads. Refused: the server's message in
// an error Alert under the button, with the line, column and value it names. Shown to everyone
// who sees the well; the server refuses those who may not change it, with its own message.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useRef, useState } from 'react';
import { type Identifier, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { SurveyImportAnswer } from '../../../../../kernel/survey/names';
import { ApiError } from '../../../../api/http';
import { uploadFile } from '../../../files/uploadFile';
import { refusalDetails, type SurveyRefusal } from './refusal';

export const SURVEY_FILE_TYPES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `path`: the well schema's import call. */
export function ImportSurvey({ path, wellId, onImported }: { path: string; wellId: Identifier; onImported: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ message: string; refusal?: SurveyRefusal }>();

  const send = async (file: File) => {
    setBusy(true);
    setRefused(undefined);
    try {
      const answer = await uploadFile<SurveyImportAnswer>(`${path}?id=${encodeURIComponent(String(wellId))}`, file, {
        language: locale,
        noAnswer: translate('app.http.network', { message: file.name }),
      });
      notify('app.trajectory.imported', { type: 'success', messageArgs: { smart_count: answer.kept } });
      onImported();
    } catch (error) {
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
          if (file) void send(file);
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
