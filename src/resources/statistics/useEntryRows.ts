// The rows of a counting entry, labelled as the console labels the field everywhere else: option,
// enum and dictionary labels, the names of referenced records, yes/no, and ranges with the unit.
import { useTheme } from '@mui/material/styles';
import { useGetMany, useGetRecordRepresentation, useLocaleState, useTranslate } from 'react-admin';
import { field as leaf, properties } from '../../../kernel/schema/registry';
import type { CountBucket, GroupValue, RangeBucket } from '../../../kernel/schema/statistics';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { useChoices } from '../generic/choices';
import { useLabels } from '../generic/useLabels';
import { type ChartRow, groupRows, rangeRows } from './rows';
import { useToneColor } from './useToneColor';

/** With `summed`, each row also carries the sum of the entry's field over its records. */
export function useGroupRows(resource: string, schema: ResourceSchema, field: string, buckets: CountBucket[], summed = false): ChartRow[] {
  const translate = useTranslate();
  const theme = useTheme();
  // A member of a group (`mudata.type`) is labelled as its own field is.
  const fieldSchema = properties(schema)[field] ?? leaf(schema, field)?.schema ?? {};
  const choices = useChoices(resource, field, fieldSchema);
  const color = useToneColor(fieldSchema);
  const target = fieldSchema['x-ref'];
  const ids = target ? buckets.flatMap((b) => (typeof b.value === 'number' ? [b.value] : [])) : [];
  const { data: referenced } = useGetMany(target ?? resource, { ids }, { enabled: ids.length > 0 });
  const represent = useGetRecordRepresentation(target ?? resource);

  const label = (value: GroupValue): string => {
    if (value === null) return translate('app.stats.not_set');
    if (typeof value === 'boolean') return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
    const choice = choices?.find((c) => c.id === value);
    if (choice) return choice.name;
    const record = referenced?.find((r) => r.id === value);
    return record ? String(represent(record)) : target ? `#${value}` : String(value);
  };
  return groupRows(
    buckets,
    {
      options: choices?.map((c) => c.id as string | number),
      label,
      color: (value, index) => (value === null ? theme.palette.grey[400] : color(value, index)),
    },
    summed,
  );
}

export function useRangeRows(resource: string, schema: ResourceSchema, field: string, buckets: RangeBucket[]): ChartRow[] {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const unit = useLabels(resource).unit(properties(schema)[field]) ?? '';
  const number = (n: number) => n.toLocaleString(locale);
  return rangeRows(buckets, (from, to) =>
    (to === null
      ? translate('app.stats.range_open', { from: number(from), unit })
      : translate('app.stats.range', { from: number(from), to: number(to), unit })
    ).trim(),
  );
}
