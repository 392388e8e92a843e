// A record's name as the console shows it: the value of the field that names it, made text as
// its widget shows it, or, where it is a moment (an operation log entry's time, a job run's
// start), read as a date and time in the reader's language.
import { field as fieldAt } from '../../../kernel/schema/registry';
import { representationOf } from '../../../kernel/schema/representation';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { keyText } from '../generic/keyText';

/**
 * How the console names a record of a resource (react-admin's recordRepresentation): the field
 * the schema names it by, as the lists show it where it is a key (a route title key,
 * translated); '' when the record holds no name. `translate` answers in the language of the
 * moment it is called.
 */
export function recordNamer(
  schema: ResourceSchema,
  translate: (key: string, options?: Record<string, unknown>) => string,
): (record: Record<string, unknown>) => string {
  return (record) => {
    const named = record ? representationOf(schema['x-resource'], record) : undefined;
    if (!named) return '';
    // A record named by its number reads as one.
    if (named.field === 'id') return `#${String(named.value)}`;
    const field = fieldAt(schema, named.field)?.schema;
    return (field && keyText(field, named.value, translate)) ?? String(named.value);
  };
}

/** The stored ISO text of a record's name that is a moment, as the summary below shows it. */
export function momentRepresentation(
  schema: ResourceSchema | undefined,
  record: Record<string, unknown> | undefined,
  locale: string,
): string | undefined {
  const field = schema?.['x-resource'].recordRepresentation;
  if (!field || !record || schema?.properties?.[field]?.format !== 'date-time') return undefined;
  const value = record[field];
  const moment = typeof value === 'string' ? new Date(value) : undefined;
  return moment && !Number.isNaN(moment.getTime()) ? moment.toLocaleString(locale) : undefined;
}
