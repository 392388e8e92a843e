// The form input for one field, chosen from its schema: a reference picker, a select, a switch,
// a number with its unit, a date, a text (one line or several), with its help and placeholder.
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
import { getPath } from '../../../kernel/schema/registry';
import type { Field } from '../../../kernel/schema/types';
import { ReferencePicker } from '../reference/ReferencePicker';
import { useChoices } from './choices';
import { formChoices } from './dictionaryChoices';
import { multilineRows } from './formLayout';
import { useLabels } from './useLabels';

/**
 * Number inputs without the browser's spinner arrows: a depth is typed, not clicked up to. The
 * browser's own range bubbles never show either, as no min/max/step reaches the input: the
 * form's validator (the server's) speaks in the person's language instead.
 */
const NO_SPINNER = {
  '& input[type=number]': { MozAppearance: 'textfield' },
  '& input[type=number]::-webkit-outer-spin-button, & input[type=number]::-webkit-inner-spin-button': { WebkitAppearance: 'none', margin: 0 },
};

/** A date-time input gives local time without a zone; the record keeps it as an ISO 8601 instant. */
function isoDateTime(value: string): string | null {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
}

export function SchemaInput({ resource, field }: { resource: string; field: Field }) {
  const { path, schema, required } = field;
  const translate = useTranslate();
  const record = useRecordContext();
  const choices = useChoices(resource, path, schema);
  const unit = useLabels(resource).unit(schema);
  const ui = schema['x-ui'] ?? {};
  // react-admin draws numbers, dates and autocompletes small whatever the theme says; the
  // theme's size (the person's choice of global size) keeps every input of a row alike.
  const size = useTheme().components?.MuiTextField?.defaultProps?.size;
  const common = {
    source: path,
    size,
    isRequired: required,
    fullWidth: true,
    // Server-owned values are shown on an edit form, never typed.
    disabled: Boolean(schema.readOnly),
    helperText: ui.help ? translate(`resources.${resource}.help.${path}`) : (false as const),
    placeholder: ui.placeholder ? translate(`resources.${resource}.placeholders.${path}`) : undefined,
  };

  if (schema['x-ref']) return <ReferencePicker {...common} reference={schema['x-ref']} />;
  if (choices) {
    const offered = formChoices(choices, record && getPath(record, path), (name) => translate('app.form.inactive', { name }));
    if (schema.type === 'array') return <CheckboxGroupInput {...common} choices={offered} />;
    return <SelectInput {...common} choices={offered} emptyText="" />;
  }
  if (schema.type === 'boolean') return <BooleanInput source={path} disabled={common.disabled} helperText={common.helperText} />;
  if (schema.type === 'integer' || schema.type === 'number') {
    const endAdornment = unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined;
    return <NumberInput {...common} sx={NO_SPINNER} slotProps={{ input: { endAdornment } }} />;
  }
  if (schema.format === 'date-time') return <DateTimeInput {...common} parse={isoDateTime} />;
  if (schema.format === 'date') return <DateInput {...common} />;
  const rows = multilineRows(schema);
  return <TextInput {...common} multiline={rows !== undefined} minRows={rows} />;
}
