// The form input for one field, chosen from its schema.
import {
  BooleanInput,
  CheckboxGroupInput,
  DateTimeInput,
  NumberInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import type { Field } from '../../../kernel/schema/types';
import { useChoices } from './choices';

export function SchemaInput({ resource, field }: { resource: string; field: Field }) {
  const { path, schema, required } = field;
  const choices = useChoices(resource, path, schema);
  const common = { source: path, isRequired: required, fullWidth: true, helperText: false as const };
  if (schema.type === 'array' && choices) return <CheckboxGroupInput {...common} choices={choices} />;
  if (choices) return <SelectInput {...common} choices={choices} emptyText="" />;
  if (schema.type === 'boolean') return <BooleanInput source={path} />;
  if (schema.type === 'integer' || schema.type === 'number') {
    return <NumberInput {...common} min={schema.minimum} max={schema.maximum} step={schema.type === 'integer' ? 1 : (schema.multipleOf ?? 'any')} />;
  }
  if (schema.format === 'date-time') return <DateTimeInput {...common} />;
  const long = (schema.maxLength ?? 0) > 500;
  return <TextInput {...common} multiline={long} minRows={long ? 3 : undefined} />;
}
