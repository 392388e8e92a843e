// What every input named by x-ui.widget receives, and how a widget finds the resource of the
// access model it draws from (the menu entries, the roles) without naming it.
import { registry } from '../../../kernel/schema/load-vite';
import type { AccessSpec } from '../../../kernel/schema/types';

export interface WidgetInputProps {
  /** The field's path in the record. */
  source: string;
  /** The field's translated label. */
  label: string;
  /** Its help line, or false. */
  helperText: string | false;
  isRequired?: boolean;
  disabled?: boolean;
}

/** The resource whose x-resource.access is of that kind (the menu entries, the roles), if any. */
export function accessResource(kind: AccessSpec['kind']): string | undefined {
  return Object.entries(registry.resources).find(([, schema]) => schema['x-resource'].access?.kind === kind)?.[0];
}
