// The form input for one field, chosen from its schema: a reference picker, a select, a switch,
// a number with its unit, a date, a text (one line or several), a list edited as rows, with its
// help and placeholder.
import InputAdornment from '@mui/material/InputAdornment';
import { useTheme } from '@mui/material/styles';
import {
  BooleanInput,
  CheckboxGroupInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { assignedOnlyValues } from '../../../kernel/schema/assign';
import { getPath } from '../../../kernel/schema/registry';
import { registry } from '../../../kernel/schema/load-vite';
import { isSingleton } from '../../../kernel/schema/singleton';
import type { Field } from '../../../kernel/schema/types';
import { ReferencePicker } from '../reference/ReferencePicker';
import { ReferenceListPicker } from '../reference/ReferenceListPicker';
import { NameInput } from './NameInput';
import { UploadInput } from '../files/UploadInput';
import { ArrayRowsInput } from './ArrayRowsInput';
import { LazyFieldDefinitionsInput } from '../../forms/designer/LazyFieldDefinitionsInput';
import { useChoices } from './choices';
import { formChoices } from './dictionaryChoices';
import { multilineRows } from './formLayout';
import { ReadOnlyValue } from './ReadOnlyValue';
import { useLabels } from './useLabels';
import { WidgetInput, hasWidgetInput } from '../widgets';

/**
 * Number inputs without the browser's spinner arrows: a depth is typed, not clicked up to. The
 * browser's own range bubbles never show either, as no min/max/step reaches the input: the
 * form's validator (the server's) speaks in the person's language instead.
 */
const NO_SPINNER = {
  '& input[type=number]': { MozAppearance: 'textfield' },
  '& input[type=number]::-webkit-outer-spin-button, & input[type=number]::-webkit-inner-spin-button': {
    WebkitAppearance: 'none',
    margin: 0,
  },
};

/** A date-time input gives local time without a zone; the record keeps it as an ISO 8601 instant. */
function isoDateTime(value: string): string | null {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

export interface SchemaInputProps {
  resource: string;
  field: Field;
  /**
   * Inside a row of a list, the field's path is its source within the row (`name`) and this is
   * the path its translations are keyed by (`rule_value.name`).
   */
  keyPath?: string;
  /** The whole record is closed to this person: every field shows as a value. */
  locked?: boolean;
}

/** Server-owned values (computed, stamped) and the fields of a closed record are read, never typed. */
export function SchemaInput(props: SchemaInputProps) {
  // A list the server keeps has its own way of showing its lines (ArrayRowsInput).
  const serverList = props.field.schema.readOnly && props.field.schema.type === 'array';
  if ((props.field.schema.readOnly && !serverList) || props.locked)
    return <ReadOnlyValue resource={props.resource} field={props.field} keyPath={props.keyPath} />;
  return <EditableInput {...props} />;
}

function EditableInput({ resource, field, keyPath }: SchemaInputProps) {
  const { path, schema, required } = field;
  const key = keyPath ?? path;
  const inRow = keyPath !== undefined;
  const translate = useTranslate();
  const record = useRecordContext();
  const choices = useChoices(resource, key, schema);
  const unit = useLabels(resource).unit(schema);
  const ui = schema['x-ui'] ?? {};
  // react-admin draws numbers, dates and autocompletes small whatever the theme says; the
  // theme's size (the person's choice of global size) keeps every input of a row alike.
  const size = useTheme().components?.MuiTextField?.defaultProps?.size;
  // A setting of the one record of a singleton (a system parameter) says what it is when nobody changed it.
  const shownDefault =
    !inRow && isSingleton(registry.resources[resource]) && typeof schema.default === 'number'
      ? [schema.default, unit].filter(Boolean).join(' ')
      : undefined;
  const helpLines = [
    ui.help ? translate(`resources.${resource}.help.${key}`) : '',
    shownDefault ? translate('app.form.default_value', { value: shownDefault }) : '',
  ].filter(Boolean);
  const common = {
    source: path,
    size,
    isRequired: required,
    fullWidth: true,
    helperText: helpLines.length > 0 ? helpLines.join(' ') : (false as const),
    placeholder: ui.placeholder ? translate(`resources.${resource}.placeholders.${key}`) : undefined,
  };

  // An input the schema names (x-ui.widget) comes before the one the type gives.
  if (hasWidgetInput(ui.widget)) {
    const label = translate(`resources.${resource}.fields.${key}`, { _: key });
    return <WidgetInput widget={ui.widget} source={path} label={label} helperText={common.helperText} isRequired={required} />;
  }
  if (schema['x-ref']) return <ReferencePicker {...common} reference={schema['x-ref']} />;
  const listReference = schema.type === 'array' ? schema.items?.['x-ref'] : undefined;
  if (listReference)
    return <ReferenceListPicker {...common} resource={resource} reference={listReference} assignedTo={schema['x-assigned']} />;
  if (schema['x-upload'])
    return <UploadInput source={path} accept={schema['x-upload'].accept} isRequired={required} helperText={common.helperText} />;
  if (choices) {
    const current = record && getPath(record, path);
    // A value only an assignment sets (an instrument "on a well") is not typed: shown, not offered, while the record holds it.
    const assigned = inRow ? [] : assignedOnlyValues(registry, resource, path);
    const typed = choices
      .filter((c) => !assigned.includes(c.id) || c.id === current)
      .map((c) => (assigned.includes(c.id) ? { ...c, disabled: true } : c));
    const offered = formChoices(typed, current, (name) => translate('app.form.inactive', { name }));
    if (schema.type === 'array') return <CheckboxGroupInput {...common} choices={offered} />;
    return <SelectInput {...common} choices={offered} emptyText="" />;
  }
  if (schema['x-field-definitions']) return <LazyFieldDefinitionsInput resource={resource} field={field} keyPath={keyPath} />;
  if (schema.type === 'array') return <ArrayRowsInput resource={resource} field={field} keyPath={keyPath} FieldInput={SchemaInput} />;
  if (schema.type === 'boolean') return <BooleanInput source={path} helperText={common.helperText} />;
  if (schema.type === 'integer' || schema.type === 'number') {
    const endAdornment = unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined;
    return <NumberInput {...common} sx={NO_SPINNER} slotProps={{ input: { endAdornment } }} />;
  }
  if (schema.format === 'date-time') return <DateTimeInput {...common} parse={isoDateTime} />;
  if (schema.format === 'date') return <DateInput {...common} />;
  if (ui.nameOf && !inRow) return <NameInput {...common} nameOf={ui.nameOf} />;
  const rows = multilineRows(schema);
  // In a row of a list an emptied text stays '' (not null), so the check says it needs a text rather than the wrong type.
  const parse = inRow ? (value: string) => value : undefined;
  return <TextInput {...common} multiline={rows !== undefined} minRows={rows} parse={parse} />;
}
