// A scheduled job's period as its record holds it: the field carrying the `period` rule is the
// type, the top-level week, day, hour, minute and second its parts (kernel/schema/types.ts).
import { PERIOD_PARTS, type ResourceSchema } from '../schema/types';
import { type Period, type PeriodField, periodProblems } from './period';

/** The field of a resource that holds a period's type (the `field` of its `period` rule), if any. */
export function periodTypeField(schema: ResourceSchema | undefined): string | undefined {
  return schema?.['x-rules']?.find((rule) => rule.period)?.field;
}

/** The period's type and parts as the record holds them, checked or not. */
export function periodParts(record: Record<string, unknown>, typeField: string): Partial<Record<'type' | PeriodField, unknown>> {
  return { ...Object.fromEntries(PERIOD_PARTS.map((part) => [part, record[part]])), type: record[typeField] };
}

/** The record's period, or undefined when it cannot run. */
export function periodOf(record: Record<string, unknown>, typeField: string): Period | undefined {
  const parts = periodParts(record, typeField);
  return periodProblems(parts).length === 0 ? (parts as Period) : undefined;
}
