// Shows one value of a record the way its schema says: option, enum and dictionary labels as
// coloured chips, references, dates, numbers (with their unit when asked), yes/no.
import { DateField, NumberField, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { getPath } from '../../../kernel/schema/registry';
import type { FieldSchema } from '../../../kernel/schema/types';
import { ChoiceChip } from '../list/ChoiceChip';
import { ReferenceValue } from '../reference/ReferenceValue';
import { UploadThumbnail } from '../files/UploadThumbnail';
import { useChoices } from './choices';
import { itemLine } from './itemLine';
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
  const upload = schema['x-upload'];
  if (upload) return <UploadThumbnail url={String(value)} accept={upload.accept} />;
  const reference = schema['x-ref'];
  if (reference) return <ReferenceValue source={source} reference={reference} />;
  if (choices) {
    const values = Array.isArray(value) ? value : [value];
    return (
      <span>
        {values.map((v) => {
          const index = choices.findIndex((c) => c.id === v);
          return <ChoiceChip key={String(v)} schema={schema} value={v} choice={choices[index]} index={index} />;
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
  if (Array.isArray(value)) return <span>{value.map(itemLine).join('; ')}</span>;
  return <span>{String(value)}</span>;
}
