// The input of an `x-ref` field (and of a filter on one): an autocomplete over the target's
// records that asks the server as the person types, naming each by its representation.
import { AutocompleteInput, type AutocompleteInputProps, type RaRecord, ReferenceInput, useGetRecordRepresentation } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { searchFilter } from './search';

export type ReferencePickerProps = Omit<AutocompleteInputProps, 'source' | 'choices'> & {
  source: string;
  reference: string;
};

/** How many matches the list of suggestions shows. */
const SUGGESTIONS = 20;

/** A record's name as the target resource gives it (translated where it is a key), `#<id>` when it has none. */
export function useOptionText(reference: string): (record: RaRecord) => string {
  const represent = useGetRecordRepresentation(reference);
  return (record) => String(represent(record) || `#${record.id}`);
}

export function ReferencePicker({ source, reference, ...input }: ReferencePickerProps) {
  const optionText = useOptionText(reference);
  const target = registry.resources[reference];
  if (!target) throw new Error(`No schema for the referenced resource "${reference}"`);
  const meta = target['x-resource'];
  return (
    <ReferenceInput source={source} reference={reference} sort={meta.list.sort} perPage={SUGGESTIONS}>
      <AutocompleteInput optionText={optionText} filterToQuery={searchFilter(target)} {...input} />
    </ReferenceInput>
  );
}
