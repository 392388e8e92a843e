// The message after a record was written, naming it by its kind and its own name ("Instrument
// T4773 created"), rather than react-admin's "Element created".
import { type RaRecord, useGetRecordRepresentation, useNotify, useTranslate } from 'react-admin';
import { resourceName } from './resourceName';

export type RecordChange = 'created' | 'updated' | 'deleted';

export function useRecordNotice(resource: string): (change: RecordChange, record: RaRecord | undefined) => void {
  const notify = useNotify();
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  return (change, record) => {
    const title = record ? String(represent(record) || `#${record.id}`) : '';
    notify(`app.record.${change}`, { type: 'info', messageArgs: { name: resourceName(translate, resource), title } });
  };
}
