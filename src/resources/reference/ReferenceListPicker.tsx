// The input of a list of references (a trip's instruments): chips picked from the target's
// records. When the list must name records assigned to the record another field names
// (`x-assigned`: the instruments sent to the trip's well), it offers those only, current or past.
import {
  AutocompleteArrayInput,
  type AutocompleteArrayInputProps,
  ReferenceArrayInput,
  useGetManyAggregate,
  useGetManyReference,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { assignmentCollections } from '../../../kernel/schema/assign';
import { registry } from '../../../kernel/schema/load-vite';
import { useOptionText } from './ReferencePicker';
import { searchFilter } from './search';

type PickerProps = Omit<AutocompleteArrayInputProps, 'source' | 'choices'> & { source: string; reference: string };

/** How many records one list offers at most: an assignment collection of one parent holds far fewer. */
const OFFERED = 1000;

export function ReferenceListPicker({ assignedTo, ...props }: PickerProps & { resource: string; assignedTo?: string }) {
  const { resource, ...input } = props;
  const parent = assignedTo ? registry.resources[resource].properties?.[assignedTo]?.['x-ref'] : undefined;
  const collection =
    parent && assignmentCollections(registry).find((c) => c.spec.member === props.reference && c.parent.resource === parent);
  if (assignedTo && collection) return <AssignedPicker {...input} otherField={assignedTo} collection={collection} />;
  return <ReferencesPicker {...input} />;
}

function ReferencesPicker({ source, reference, ...rest }: PickerProps) {
  const optionText = useOptionText(reference);
  const target = registry.resources[reference];
  return (
    <ReferenceArrayInput source={source} reference={reference} sort={target['x-resource'].list.sort} perPage={20}>
      <AutocompleteArrayInput optionText={optionText} filterToQuery={searchFilter(target)} {...rest} />
    </ReferenceArrayInput>
  );
}

type Collection = ReturnType<typeof assignmentCollections>[number];

function AssignedPicker({
  otherField,
  collection,
  source,
  reference,
  ...rest
}: PickerProps & { otherField: string; collection: Collection }) {
  const parentId = useWatch({ name: otherField }) as number | undefined;
  const { data: rows } = useGetManyReference(
    collection.resource,
    {
      target: collection.parent.field,
      id: parentId ?? 0,
      pagination: { page: 1, perPage: OFFERED },
      sort: { field: 'id', order: 'ASC' },
    },
    { enabled: typeof parentId === 'number' },
  );
  const memberIds = [...new Set((rows ?? []).map((row) => row[collection.spec.member]))];
  const { data: members } = useGetManyAggregate(reference, { ids: memberIds }, { enabled: memberIds.length > 0 });
  const optionText = useOptionText(reference);
  return (
    <AutocompleteArrayInput
      source={source}
      choices={members ?? []}
      optionText={optionText}
      isPending={typeof parentId === 'number' && !members && memberIds.length > 0}
      {...rest}
    />
  );
}
