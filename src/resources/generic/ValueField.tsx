// Shows one value of a record the way its schema says: option, enum and dictionary labels as
// coloured chips, references (and a record of the resource another field names), resource names, dates, numbers (with their unit when asked), yes/no; a field set
// through a switch call as a switch, and a scheduled job's period in words; a closed record
// revised since it was closed, marked so, with the new values beside the kept ones.
import type { ReactElement, ReactNode } from 'react';
import { type Identifier, RecordContextProvider, useI18nProvider, useRecordContext, useTranslate } from 'react-admin';
import { formatDate, formatNumber } from '../../format';
import { getPath } from '../../../kernel/schema/registry';
import type { FieldSchema } from '../../../kernel/schema/types';
import { periodText } from '../../../kernel/schedule/period';
import { periodOf, periodTypeField } from '../../../kernel/schedule/record';
import { registry } from '../../../kernel/schema/load-vite';
import { ChoiceChip } from '../list/ChoiceChip';
import { SwitchValue } from './SwitchValue';
import { ReferenceValue } from '../reference/ReferenceValue';
import { ReferenceListValue } from '../reference/ReferenceListValue';
import { RecordOfValue } from './RecordOfValue';
import { keyText } from './keyText';
import { UploadThumbnail } from '../files/UploadThumbnail';
import { type Choice, useChoices, useProvidedChoices } from './choices';
import { ExpiryValue } from './ExpiryValue';
import { itemLine } from './itemLine';
import { WidgetValue, hasWidgetValue } from '../widgets';
import { RevisedChip, RevisedValue } from '../record/Revision';
import { notGiven } from '../../../kernel/schema/given';

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

/** The mark beside a text a reference held before it became one: no record of that name was found. */
const UNLINKED: FieldSchema = { 'x-ui': { colors: { unlinked: 'warning' } } };

/** The class names of the body text MUI's Typography gives a field: the cell's font already is that text's. */
const TYPOGRAPHY = 'MuiTypography-root MuiTypography-body2';

export function ValueField(props: ValueFieldProps) {
  // In a list, the cells read their choices from the list (see RecordRows); elsewhere, each
  // value reads its own.
  const provided = useProvidedChoices(props.resource);
  return provided ? <ValueShown {...props} choices={provided(props.source, props.schema)} /> : <ValueWithChoices {...props} />;
}

function ValueWithChoices(props: ValueFieldProps) {
  return <ValueShown {...props} choices={useChoices(props.resource, props.source, props.schema)} />;
}

function ValueShown({ source, resource, schema, withUnit, choices }: ValueFieldProps & { choices: Choice[] | undefined }) {
  const record = useRecordContext();
  const translate = useTranslate();
  // Dates and numbers read as in the chosen language. Asked of the provider, not of react-admin's
  // store (one subscription a cell): react-admin draws the whole console anew when it changes.
  const locale = useI18nProvider().getLocale();
  if (!record) return null;
  const resourceSchema = registry.resources[resource];
  const toggle = resourceSchema?.['x-resource'].switch;
  // A closed record revised since: marked beside its closing value, each kept value with the new one beside it.
  const lock = resourceSchema?.['x-resource'].lock;
  if (toggle?.field === source) return <SwitchValue resource={resource} schema={resourceSchema} spec={toggle} record={record} />;
  // A scheduled job's period reads as words ("Daily at 00:30:00"), not as the name of its type.
  const period = periodTypeField(resourceSchema) === source ? periodOf(record, source) : undefined;
  if (period) return <span>{periodText(period, translate)}</span>;
  const value = getPath(record, source);
  // A field with a display of its own shows even when empty (a person without a picture, by their initial).
  const widget = schema['x-ui']?.widget;
  if (hasWidgetValue(widget)) return <WidgetValue widget={widget} value={value} />;
  // A reference that was text before (a run's well, typed by hand) shows that text until a record is picked.
  const unlinked = schema['x-unlinked-text'] && (value === undefined || value === null) ? record[schema['x-unlinked-text']] : undefined;
  if (typeof unlinked === 'string' && unlinked !== '')
    return (
      <span>
        {unlinked}{' '}
        <ChoiceChip schema={UNLINKED} value="unlinked" choice={{ id: 'unlinked', name: translate('app.list.not_in_list') }} index={0} />
      </span>
    );
  if (notGiven(value)) return <span>—</span>;
  const recordOf = schema['x-record-of'];
  if (recordOf) return <RecordOfValue resource={record[recordOf]} id={value as Identifier} />;
  const reference = schema['x-ref'];
  if (reference) return <ReferenceValue source={source} reference={reference} />;
  const revised =
    choices && lock?.revision && lock.field === source ? (
      <RevisedChip resource={resource} record={record} />
    ) : (schema.type === 'number' || schema.type === 'integer') && lock?.keeps?.includes(source) ? (
      <RevisedValue resource={resource} record={record} path={source} />
    ) : undefined;
  // A date that no longer stands for anything (a calibration a later one supersedes) does not expire.
  const unless = schema['x-ui']?.expiryUnless;
  const shown = unless && record[unless] === true ? { ...schema, 'x-ui': { ...schema['x-ui'], expiry: undefined } } : schema;
  return plainValue({ value, schema: shown, withUnit, choices, after: revised }, translate, locale);
}

export interface PlainValueProps {
  value: unknown;
  schema: FieldSchema;
  withUnit?: boolean;
  /** The field's choices, when it has a list of options. */
  choices: Choice[] | undefined;
  /** Shown after an option or a number (the mark of a revised value). */
  after?: ReactNode;
}

/**
 * A value as its field's schema writes it, whatever record holds it (or held it: the operation
 * log's values before and after): options as their chips, references by their records' names,
 * dates and numbers in the reader's language.
 */
export function plainValue(
  { value, schema, withUnit, choices, after }: PlainValueProps,
  translate: ReturnType<typeof useTranslate>,
  locale: string,
): ReactElement {
  if (notGiven(value)) return <span>—</span>;
  const key = keyText(schema, value, translate);
  if (key !== undefined) return <span>{key}</span>;
  const upload = schema['x-upload'];
  if (upload) return <UploadThumbnail url={String(value)} accept={upload.accept} />;
  const reference = schema['x-ref'];
  if (reference)
    return (
      <RecordContextProvider value={{ id: value as Identifier, value }}>
        <ReferenceValue source="value" reference={reference} />
      </RecordContextProvider>
    );
  const listReference = schema.items?.['x-ref'];
  if (listReference && Array.isArray(value)) return <ReferenceListValue ids={value as Identifier[]} reference={listReference} />;
  if (choices) {
    const values = Array.isArray(value) ? value : [value];
    return (
      <span>
        {values.map((v) => {
          const index = choices.findIndex((c) => c.id === v);
          return <ChoiceChip key={String(v)} schema={schema} value={v} choice={choices[index]} index={index} />;
        })}
        {after}
      </span>
    );
  }
  // Dates and numbers written as react-admin's DateField and NumberField write them (same text,
  // same markup), with formatters made once rather than per cell.
  if (schema.format === 'date-time' || schema.format === 'date') {
    const readable = value instanceof Date || typeof value === 'string' || typeof value === 'number';
    const text = readable ? formatDate(value, locale, schema.format === 'date-time') : '';
    const expiry = schema['x-ui']?.expiry;
    if (expiry && typeof value === 'string') return <ExpiryValue value={value} text={text} within={expiry} />;
    return <span className={TYPOGRAPHY}>{text}</span>;
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    const unit = withUnit && schema['x-unit'] ? translate(`units.${schema['x-unit']}`, { _: schema['x-unit'] }) : undefined;
    return (
      <span>
        <span className={TYPOGRAPHY}>{formatNumber(value, locale)}</span>
        {unit && ` ${unit}`}
        {after}
      </span>
    );
  }
  if (schema.type === 'boolean' || typeof value === 'boolean')
    return <span>{translate(value ? 'ra.boolean.true' : 'ra.boolean.false')}</span>;
  if (Array.isArray(value)) return <span>{value.map(itemLine).join('; ')}</span>;
  if (typeof value === 'object') return <span>{itemLine(value)}</span>;
  return <span>{String(value)}</span>;
}
