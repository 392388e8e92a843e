// One counting entry of a statistics screen: a chart of the counts (or of the sums of a field, per
// value), with the numbers beside it. The records counted may be another resource's (wells per crew).
import { useTranslate } from 'react-admin';
import { properties } from '../../../kernel/schema/registry';
import type { CountBucket, RangeBucket } from '../../../kernel/schema/statistics';
import type { ResourceSchema } from '../../../kernel/schema/types';
import { useLabels } from '../generic/useLabels';
import { CountTable } from './CountTable';
import { CountChart } from './lazyCharts';
import { type ChartRow, PIE_MAX_SLICES, measureOf } from './rows';
import { useGroupRows, useRangeRows } from './useEntryRows';
import { EntryCard } from './EntryCard';

interface EntryProps<B> {
  /** The resource whose records are counted, and its schema. */
  resource: string;
  schema: ResourceSchema;
  field: string;
  buckets: B[];
  /** The key of the entry (entryKey), carried by its card. */
  entryKey: string;
}

export function GroupEntry(props: EntryProps<CountBucket> & { sum?: string; sumTotal?: number }) {
  const rows = useGroupRows(props.resource, props.schema, props.field, props.buckets, props.sum !== undefined);
  return <CountCard {...props} rows={rows} kind={rows.length <= PIE_MAX_SLICES ? 'pie' : 'bar'} />;
}

export function RangeEntry(props: EntryProps<RangeBucket>) {
  const rows = useRangeRows(props.resource, props.schema, props.field, props.buckets);
  return <CountCard {...props} rows={rows} kind="columns" />;
}

interface CardProps {
  resource: string;
  schema: ResourceSchema;
  field: string;
  sum?: string;
  sumTotal?: number;
  entryKey: string;
  rows: ChartRow[];
  kind: 'pie' | 'bar' | 'columns';
}

function CountCard({ resource, schema, field, sum, sumTotal, entryKey, rows, kind }: CardProps) {
  const translate = useTranslate();
  const labels = useLabels(resource);
  const fieldLabel = labels.field(field);
  const title = sum
    ? translate('app.stats.sum_by', { sum: labels.field(sum), field: fieldLabel })
    : translate('app.stats.by', { resource: translate(`resources.${resource}.name`, { smart_count: 2, _: resource }), field: fieldLabel });
  const sumHeader = sum ? labels.column(sum, properties(schema)[sum]) : undefined;
  const empty = rows.every((r) => measureOf(r) === 0);
  return (
    <EntryCard
      entryKey={entryKey}
      title={title}
      emptyText={empty ? translate('app.stats.no_data') : undefined}
      // Bars carry their names beside them: they take the card's width, the table goes under them.
      chartFlex={kind === 'bar' ? '1 1 100%' : undefined}
      chart={<CountChart rows={rows} label={sumHeader ?? translate('app.stats.count')} kind={kind} />}
    >
      <CountTable rows={rows} title={title} valueHeader={fieldLabel} sumHeader={sumHeader} sumTotal={sumTotal} />
    </EntryCard>
  );
}
