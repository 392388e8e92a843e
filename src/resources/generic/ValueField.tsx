// Shows one value of a record the way its schema says: option, enum and dictionary labels,
// references, dates, numbers (with their unit when asked), yes/no.
import Chip from '@mui/material/Chip';
import { DateField, NumberField, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { getPath } from '../../../kernel/schema/registry';
import type { FieldSchema } from '../../../kernel/schema/types';
import { ReferenceValue } from '../reference/ReferenceValue';
import { useChoices } from './choices';
import { useLabels } from './useLabels';

export interface ValueFieldProps {
  source: string;
  resource: string;
  schema: FieldSchema;
  /** The column header (read by Datagrid). */
  label?: string;
  sortable?: boolean;
  /** Writes the unit after a number (a summary does; a column says it in its header). */
  withUnit?: boolean;
}

export function ValueField({ source, resource, schema, withUnit }: ValueFieldProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState(); // dates and numbers read as in the chosen language
  const choices = useChoices(resource, source, schema);
  const unit = useLabels(resource).unit(schema);
  if (!record) return null;
  const value = getPath(record, source);
  if (value === undefined || value === null || value === '') return <span>—</span>;
  const reference = schema['x-ref'];
  if (reference) return <ReferenceValue source={source} reference={reference} />;
  if (choices) {
    const values = Array.isArray(value) ? value : [value];
    return (
      <span>
        {values.map((v) => {
          const choice = choices.find((c) => c.id === v);
          return (
            <Chip
              key={String(v)}
              size="small"
              variant="outlined"
              label={choice?.name ?? String(v)}
              // A dictionary item an admin disabled still names old values, greyed.
              title={choice?.inactive ? translate('app.form.inactive', { name: choice.name }) : undefined}
              sx={{ mr: 0.5, maxWidth: '100%', ...(choice?.inactive ? { color: 'text.disabled', borderStyle: 'dashed' } : {}) }}
            />
          );
        })}
      </span>
    );
  }
  if (schema.format === 'date-time' || schema.format === 'date') {
    return <DateField source={source} showTime={schema.format === 'date-time'} locales={locale} />;
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    return (
      <span>
        <NumberField source={source} locales={locale} />
        {withUnit && unit && ` ${unit}`}
      </span>
    );
  }
  if (schema.type === 'boolean') return <span>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</span>;
  return <span>{String(value)}</span>;
}
