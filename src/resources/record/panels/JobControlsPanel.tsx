// The panel of a scheduled job's record page: switch the job on or off, and run it now. Both ask
// first ("Tip"); a run's result is told, and the page (its last run, result and runs) refreshes.
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRefresh, useTranslate } from 'react-admin';
import { RUN_FIELDS } from '../../../../kernel/schedule/names';
import { registry } from '../../../../kernel/schema/load-vite';
import { useConfirmCall } from '../../../forms/useConfirmCall';
import { SwitchValue } from '../../generic/SwitchValue';
import type { PanelProps } from '../panels';

export function JobControlsPanel({ resource, record }: PanelProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { confirmCall, dialog } = useConfirmCall();
  const schema = registry.resources[resource];
  const spec = schema?.['x-resource'].schedule;
  const toggle = schema?.['x-resource'].switch;
  if (!schema || !spec) return null;
  const runNow = async () => {
    const done = await confirmCall({
      action: translate('schedule.run_action'),
      method: 'POST',
      url: spec.run,
      query: { id: String(record.id) },
      succeeded: (run) => (run as Record<string, unknown>)?.[RUN_FIELDS.result] === 'ok',
    });
    if (done) refresh();
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1 }} data-job-controls={record.id}>
      {toggle && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2">{translate(`resources.${resource}.fields.${toggle.field}`, { _: toggle.field })}</Typography>
          <SwitchValue resource={resource} schema={schema} spec={toggle} record={record} />
        </Box>
      )}
      <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => void runNow()}>
        {translate('schedule.run_now')}
      </Button>
      {dialog}
    </Box>
  );
}
