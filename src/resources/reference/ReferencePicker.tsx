// The input of an `x-ref` field (and of a filter on one): an autocomplete over the target's
// records that asks the server as the person types, naming each by its representation.
import { AutocompleteInput, type AutocompleteInputProps, ReferenceInput } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { searchFilter } from './search';

export type ReferencePickerProps = Omit<AutocompleteInputProps, 'source' | 'choices'> & {
  source: string;
  reference: string;
};

/** How many matches the list of suggestions shows. */
const SUGGESTIONS = 20;

export function ReferencePicker({ source, reference, ...input }: ReferencePickerProps) {
  const target = registry.resources[reference];
  if (!target) throw new Error(`No schema for the referenced resource "${reference}"`);
  const meta = target['x-resource'];
  return (
    <ReferenceInput source={source} reference={reference} sort={meta.list.sort} perPage={SUGGESTIONS}>
      <AutocompleteInput optionText={meta.recordRepresentation} filterToQuery={searchFilter(target)} {...input} />
    </ReferenceInput>
  );
}
