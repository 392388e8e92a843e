// A list filter input from the schema's `x-resource.filters` entry.
import { SearchInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { FieldSchema, FilterSpec } from '../../../kernel/schema/types';
import { ReferencePicker } from '../reference/ReferencePicker';
import { useChoices } from './choices';

export interface FilterInputProps {
  source: string;
  alwaysOn?: boolean;
  resource: string;
  filter: FilterSpec;
  schema: FieldSchema;
}

export function FilterInput({ source, resource, filter, schema }: FilterInputProps) {
  const translate = useTranslate();
  const choices = useChoices(resource, filter.field, schema);
  const label = `resources.${resource}.fields.${source}`;
  if (filter.op === 'given') {
    // Whether the field holds a value (runs whose well is not in the list: their text is given), named by the field.
    const given = [true, false].map((value) => ({ id: String(value), name: translate(`ra.boolean.${value}`) }));
    return (
      <SelectInput
        source={source}
        label={`resources.${resource}.fields.${filter.field}`}
        choices={given}
        emptyText={translate('app.form.all')}
      />
    );
  }
  if (schema['x-ref']) {
    // The same autocomplete as the form's, sized to sit among the other filters (and to fit a phone).
    return (
      <ReferencePicker source={source} label={label} reference={schema['x-ref']} helperText={false} sx={{ width: 220, maxWidth: '100%' }} />
    );
  }
  if (choices) {
    // A filter with an "all" value (brand 0) offers it as the first choice instead of an empty one.
    const all = filter.all !== undefined ? [{ id: filter.all, name: translate('app.form.all') }] : [];
    return (
      <SelectInput
        source={source}
        label={label}
        choices={[...all, ...choices]}
        emptyText={all.length ? undefined : translate('app.form.all')}
      />
    );
  }
  if (schema.type === 'boolean') {
    const yesNo = [true, false].map((value) => ({ id: String(value), name: translate(`ra.boolean.${value}`) }));
    return <SelectInput source={source} label={label} choices={yesNo} emptyText={translate('app.form.all')} />;
  }
  if (filter.op === 'contains') return <SearchInput source={source} placeholder={translate(label)} />;
  return <TextInput source={source} label={label} />;
}
