// A record's name where it is a moment (an operation log entry's time, a job run's start): the
// stored ISO text reads as a date and time in the reader's language, as the summary below shows it.
import type { ResourceSchema } from '../../../kernel/schema/types';

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
