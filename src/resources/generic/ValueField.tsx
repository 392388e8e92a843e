// Shows one value of a record the way its schema says: option and enum labels, dates, numbers.
import Chip from '@mui/material/Chip';
import { DateField, NumberField, useLocaleState, useRecordContext } from 'react-admin';
import { getPath } from '../../../kernel/schema/registry';
import type { FieldSchema } from '../../../kernel/schema/types';
import { useChoices } from './choices';

export interface ValueFieldProps {
  source: string;
  resource: string;
  schema: FieldSchema;
  label?: string;
  sortable?: boolean;
}

export function ValueField({ source, resource, schema }: ValueFieldProps) {
  const record = useRecordContext();
  const [locale] = useLocaleState(); // dates and numbers read as in the chosen language
  const choices = useChoices(resource, source, schema);
  if (!record) return null;
  const value = getPath(record, source);
  if (value === undefined || value === null || value === '') return <span>—</span>;
  if (choices) {
    const values = Array.isArray(value) ? value : [value];
    return (
      <span>
        {values.map((v) => (
          <Chip key={String(v)} size="small" variant="outlined" label={choices.find((c) => c.id === v)?.name ?? String(v)} sx={{ mr: 0.5 }} />
        ))}
      </span>
    );
  }
  if (schema.format === 'date-time' || schema.format === 'date') {
    return <DateField source={source} showTime={schema.format === 'date-time'} locales={locale} />;
  }
  if (schema.type === 'number' || schema.type === 'integer') return <NumberField source={source} locales={locale} />;
  if (schema.type === 'boolean') return <span>{value ? '✓' : '✗'}</span>;
  return <span>{String(value)}</span>;
}
