// A field the resource sets through a switch call (`x-resource.switch`: a job on or off), shown
// as a switch wherever its value shows; turning it asks first ("Tip") and then makes the call.
import Switch from '@mui/material/Switch';
import { useRefresh, useTranslate } from 'react-admin';
import { properties } from '../../../kernel/schema/registry';
import type { ResourceSchema, StatusSwitchSpec } from '../../../kernel/schema/types';
import { useConfirmCall } from '../../forms/useConfirmCall';

interface SwitchValueProps {
  resource: string;
  schema: ResourceSchema;
  spec: StatusSwitchSpec;
  record: Record<string, unknown> & { id: unknown };
}

export function SwitchValue({ resource, schema, spec, record }: SwitchValueProps) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { confirmCall, dialog } = useConfirmCall();
  // The first listed value is "on" (1 before 0), as the schema lists them.
  const [onValue, offValue] = properties(schema)[spec.field]?.enum ?? [1, 0];
  const on = record[spec.field] === onValue;
  const name = String(record[schema['x-resource'].recordRepresentation] ?? record.id);
  const turn = async () => {
    const value = on ? offValue : onValue;
    const call = { id: record.id, [spec.field]: value };
    const done = await confirmCall({
      action: translate(on ? 'app.switch.off' : 'app.switch.on', { name }),
      method: spec.method ?? 'POST',
      url: spec.path,
      ...(spec.method === 'GET' ? { query: Object.fromEntries(Object.entries(call).map(([k, v]) => [k, String(v)])) } : { body: call }),
    });
    if (done) refresh();
  };
  return (
    // A click on the switch is not a click on the row it stands in.
    <span onClick={(event) => event.stopPropagation()} data-switch={spec.field}>
      <Switch
        size="small"
        checked={on}
        onChange={() => void turn()}
        slotProps={{ input: { 'aria-label': translate(`resources.${resource}.fields.${spec.field}`, { _: spec.field }) } }}
      />
      {dialog}
    </span>
  );
}
