// A closed record whose worked-out values changed after it was closed (x-resource.lock `keeps`
// and `revision`: a submitted daily report whose survey was imported again). Its lists mark it
// "Revised after submission" beside its closing value; each kept value shows the new one beside
// it; its form says what happened above the fields.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import HistoryIcon from '@mui/icons-material/History';
import { useI18nProvider, useTranslate } from 'react-admin';
import { isClosed, revisionOf } from '../../../kernel/schema/lock';
import { field } from '../../../kernel/schema/registry';
import { registry } from '../../../kernel/schema/load-vite';
import { formatDate, formatNumber } from '../../format';

const lockOf = (resource: string) => registry.resources[resource]?.['x-resource'].lock;

/** The revision a record of the resource holds, and the lock that keeps it. */
export function useRevision(resource: string, record: Record<string, unknown> | undefined) {
  const lock = lockOf(resource);
  return { lock, revision: isClosed(lock, record) ? revisionOf(lock, record) : undefined };
}

/** The marker beside the value that closes the record, when it was revised since. */
export function RevisedChip({ resource, record }: { resource: string; record: Record<string, unknown> }) {
  const translate = useTranslate();
  const { revision } = useRevision(resource, record);
  if (!revision) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      icon={<HistoryIcon />}
      label={translate('app.lock.revised')}
      sx={{ ml: 0.5 }}
      data-revised
    />
  );
}

/** The new value beside a kept one (" → 641.5 m"), when the revision holds one for this field. */
export function RevisedValue({ resource, record, path }: { resource: string; record: Record<string, unknown>; path: string }) {
  const translate = useTranslate();
  const locale = useI18nProvider().getLocale();
  const { revision } = useRevision(resource, record);
  const entry = revision?.values.find((v) => v.field === path);
  if (!entry) return null;
  const unit = field(registry.resources[resource], path)?.schema['x-unit'];
  const now =
    entry.value === undefined ? '—' : formatNumber(entry.value, locale) + (unit ? ` ${translate(`units.${unit}`, { _: unit })}` : '');
  return (
    <Box
      component="span"
      sx={{ color: (theme) => theme.palette.warning[theme.palette.mode === 'dark' ? 'light' : 'dark'], whiteSpace: 'nowrap' }}
      title={translate('app.lock.revised_value', { value: now })}
      data-revised-value={path}
    >
      {' → '}
      {now}
    </Box>
  );
}

/** Above a revised record's form: what happened, when, and what reopening does. */
export function RevisionNotice({ resource, record }: { resource: string; record: Record<string, unknown> | undefined }) {
  const translate = useTranslate();
  const locale = useI18nProvider().getLocale();
  const { revision } = useRevision(resource, record);
  if (!revision) return null;
  return (
    <Alert severity="warning" icon={<HistoryIcon />} sx={{ mb: 2, width: '100%' }} data-revision>
      {translate('app.lock.revision', {
        at: formatDate(revision.at, locale, true),
        fields: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
          revision.values.map((v) => translate(`resources.${resource}.fields.${v.field}`, { _: v.field })),
        ),
      })}
    </Alert>
  );
}
