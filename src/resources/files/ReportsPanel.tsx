// The calibration reports of a record (an instrument), as a tab of its record page: a grid of
// cards with the image's thumbnail or an icon of the file's type, its name, size, type and upload
// time; an upload button that says what may be uploaded and shows the progress; a preview, a
// download under the original name, and delete with confirmation.
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { UploadLimits, UploadedFile } from '../../../kernel/contract/uploads';
import { request } from '../../api/http';
import type { PanelProps } from '../record/panels';
import { FilePreviewDialog } from './FilePreviewDialog';
import { ReportCard } from './ReportCard';
import { formatFileSize } from './fileSize';
import { uploadFile } from './uploadFile';

export default function ReportsPanel({ resource, record }: PanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; share: number } | undefined>();
  const [preview, setPreview] = useState<UploadedFile | undefined>();
  const [doomed, setDoomed] = useState<UploadedFile | undefined>();
  const base = `/${resource}/report`;
  const key = ['reports', resource, record.id];

  const reports = useQuery({
    queryKey: key,
    queryFn: async () => (await request<{ list: UploadedFile[] }>(`${base}/list`, { query: { id: record.id } })).data.list,
  });
  const limits = useQuery({
    queryKey: ['report-limits', resource],
    queryFn: async () => (await request<UploadLimits>(`${base}/upload`)).data,
    staleTime: Infinity,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file may be chosen again
    for (const file of chosen) {
      setProgress({ name: file.name, share: 0 });
      try {
        await uploadFile(`${base}/upload`, file, {
          fields: { id: String(record.id) },
          language: locale,
          noAnswer: translate('app.http.network', { message: file.name }),
          onProgress: (share) => setProgress({ name: file.name, share }),
        });
        notify('app.files.uploaded', { type: 'success', messageArgs: { name: file.name } });
      } catch (error) {
        notify(translate('app.files.upload_failed', { name: file.name, message: (error as Error).message }), { type: 'error' });
      }
    }
    setProgress(undefined);
    await refresh();
  }

  async function remove(file: UploadedFile) {
    setDoomed(undefined);
    try {
      await request(`${base}/del`, { method: 'POST', body: { id: file.id } });
      notify('app.files.deleted', { type: 'info', messageArgs: { name: file.name } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
    await refresh();
  }

  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const list = reports.data ?? [];

  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={Boolean(progress)}>
          {translate('app.files.upload_report')}
        </Button>
        <input ref={input} type="file" hidden multiple accept={limits.data?.accept} onChange={upload} data-testid="report-file-input" />
        {limits.data && (
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, flex: '1 1 240px' }}>
            {translate('app.files.limits', {
              types: limits.data.extensions.map((e) => e.slice(1).toUpperCase()).join(', '),
              size: formatFileSize(limits.data.maxBytes, locale, translate),
            })}
          </Typography>
        )}
      </Box>
      {progress && (
        <Box sx={{ mb: 2 }} role="status">
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {translate('app.files.uploading', { name: progress.name, percent: Math.round(progress.share * 100) })}
          </Typography>
          <LinearProgress variant="determinate" value={progress.share * 100} />
        </Box>
      )}
      {reports.isPending && <LinearProgress />}
      {reports.isError && <Typography color="error">{(reports.error as Error).message}</Typography>}
      {reports.isSuccess && list.length === 0 && (
        <Box role="status" sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
          <UploadFileIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
          <Typography variant="h6" component="p" color="text.primary">
            {translate('app.files.no_reports')}
          </Typography>
          <Typography variant="body2">{translate('app.files.no_reports_hint')}</Typography>
        </Box>
      )}
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}
      >
        {list.map((file) => (
          <ReportCard key={file.id} file={file} time={time} onPreview={() => setPreview(file)} onDelete={() => setDoomed(file)} />
        ))}
      </Box>
      <FilePreviewDialog file={preview} onClose={() => setPreview(undefined)} />
      <Confirm
        isOpen={Boolean(doomed)}
        title="app.files.delete_title"
        content="app.files.delete_content"
        translateOptions={{ name: doomed?.name ?? '' }}
        onConfirm={() => doomed && remove(doomed)}
        onClose={() => setDoomed(undefined)}
      />
    </Box>
  );
}
