// The message after a record was written, naming it by its kind and its own name ("Instrument
// T4773 created"), rather than react-admin's "Element created".
import { type RaRecord, useGetRecordRepresentation, useNotify, useTranslate } from 'react-admin';
import { resourceName } from './resourceName';

export type RecordChange = 'created' | 'updated' | 'deleted';

/** The message's text, in the reader's language. */
export function useRecordNoticeText(resource: string): (change: RecordChange, record: RaRecord | undefined) => string {
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(resource);
  return (change, record) =>
    translate(`app.record.${change}`, {
      name: resourceName(translate, resource),
      title: record ? String(represent(record) || `#${record.id}`) : '',
    });
}

/** Shows the message. */
export function useRecordNotice(resource: string): (change: RecordChange, record: RaRecord | undefined) => void {
  const notify = useNotify();
  const text = useRecordNoticeText(resource);
  return (change, record) => notify(text(change, record), { type: 'info' });
}
