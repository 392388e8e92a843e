// What an import of a survey listing would do, before it is done: the file's stations, what they
// change against the well's listing (added, removed, changed, by depth), and the submitted
// reports it would revise, with their kept value and the new one. Import writes; Cancel does not.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLocaleState, useTranslate } from 'react-admin';
import { field } from '../../../../../kernel/schema/registry';
import { registry } from '../../../../../kernel/schema/load-vite';
import type { ListedStation, SurveyPreviewAnswer } from '../../../../../kernel/survey/names';
import { formatDate } from '../../../../format';
import { figureText } from './series';

/** The rows of the changes table shown at most; the counts say how many there are in all. */
const ROWS_SHOWN = 100;

type Kind = 'added' | 'removed' | 'changed';
interface ChangeRow {
  kind: Kind;
  md: number;
  before?: ListedStation;
  after?: ListedStation;
}

const KIND_COLORS: Record<Kind, 'success' | 'error' | 'warning'> = { added: 'success', removed: 'error', changed: 'warning' };

/** Every change in depth order. */
export function changeRows(changes: SurveyPreviewAnswer['changes']): ChangeRow[] {
  return [
    ...changes.added.map((s) => ({ kind: 'added' as const, md: s.md, after: s })),
    ...changes.removed.map((s) => ({ kind: 'removed' as const, md: s.md, before: s })),
    ...changes.changed.map((c) => ({ kind: 'changed' as const, md: c.md, before: c.before, after: c.after })),
  ].sort((a, b) => a.md - b.md);
}

export function ImportPreview({
  preview,
  busy,
  onConfirm,
  onCancel,
}: {
  preview: SurveyPreviewAnswer;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const number = (value: number | null | undefined) => (typeof value === 'number' ? figureText(value, locale) : '—');
  const angles = (s?: ListedStation) => (s ? `${number(s.inc)}° / ${number(s.azi)}°` : '—');
  const { changes, current, revises } = preview;
  const rows = changeRows(changes);
  const nothing = rows.length === 0;
  const label = (resource: string, path: string) => translate(`resources.${resource}.fields.${path}`, { _: path });
  const withUnit = (resource: string, path: string, value: number | null) => {
    const unit = field(registry.resources[resource], path)?.schema['x-unit'];
    return value === null ? '—' : `${number(value)}${unit ? ` ${translate(`units.${unit}`, { _: unit })}` : ''}`;
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onCancel()}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="survey-preview-title"
      data-survey-preview
    >
      <DialogTitle id="survey-preview-title">{translate('app.trajectory.preview.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 1 }} data-preview-read>
          {translate('app.trajectory.preview.read', {
            smart_count: preview.stations.length,
            file: preview.fileName,
            format: translate(`resources.survey.enums.format.${preview.format}`, { _: preview.format }),
          })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {current
            ? translate('app.trajectory.preview.replaces', {
                smart_count: current.count,
                file: current.fileName ?? '—',
                at: current.importedAt ? formatDate(current.importedAt, locale, true) : '—',
              })
            : translate('app.trajectory.preview.first')}
        </Typography>

        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }} data-preview-counts>
          {(['added', 'removed', 'changed'] as const).map((kind) => (
            <Chip
              key={kind}
              size="small"
              variant="outlined"
              color={changes[kind].length > 0 ? KIND_COLORS[kind] : 'default'}
              label={translate(`app.trajectory.preview.${kind}`, { smart_count: changes[kind].length })}
              data-count={kind}
            />
          ))}
          <Chip size="small" variant="outlined" label={translate('app.trajectory.preview.unchanged', { smart_count: changes.unchanged })} />
        </Box>

        {revises.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }} data-preview-revises>
            <Typography variant="body2" sx={{ fontWeight: 500, mb: 0.5 }}>
              {translate('app.trajectory.preview.revises', { smart_count: revises.length })}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {revises.map((r) => (
                <li key={`${r.resource}#${r.id}`} data-revises={r.id}>
                  <strong>{String(r.label ?? r.id)}</strong>
                  {': '}
                  {r.values
                    .map(
                      (v) =>
                        `${label(r.resource, v.field)} ${withUnit(r.resource, v.field, v.kept)} → ${withUnit(r.resource, v.field, v.now)}`,
                    )
                    .join('; ')}
                </li>
              ))}
            </Box>
          </Alert>
        )}

        {nothing ? (
          <Typography color="text.secondary" data-preview-same>
            {translate('app.trajectory.preview.same')}
          </Typography>
        ) : (
          <TableContainer sx={{ maxHeight: phone ? 'none' : 320 }}>
            <Table size="small" stickyHeader aria-label={translate('app.trajectory.preview.changes')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.trajectory.columns.md')}</TableCell>
                  <TableCell>{translate('app.trajectory.preview.change')}</TableCell>
                  <TableCell>{translate('app.trajectory.preview.before')}</TableCell>
                  <TableCell>{translate('app.trajectory.preview.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.slice(0, ROWS_SHOWN).map((row) => (
                  <TableRow key={`${row.kind}-${row.md}`} data-change={row.kind}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {number(row.md)} {translate('units.m')}
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={KIND_COLORS[row.kind]}
                        label={translate(`app.trajectory.preview.kind.${row.kind}`)}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{angles(row.before)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{angles(row.after)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {rows.length > ROWS_SHOWN && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.trajectory.preview.more', { smart_count: rows.length - ROWS_SHOWN })}
          </Typography>
        )}
        {preview.warnings.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.trajectory.warnings_title', { smart_count: preview.warnings.length })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-confirm-import
        >
          {translate('app.trajectory.preview.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
