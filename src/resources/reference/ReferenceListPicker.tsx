// The input of a list of references (a trip's instruments): chips picked from the target's
// records. When the list must name records assigned to the record another field names
// (`x-assigned`: the instruments sent to the trip's well), it offers those only, current or past;
// when that assignment asks its members to be fit to go (`reason.fitness`), each option shows its
// calibration and service state and the ready ones come first.
import Box from '@mui/material/Box';
import { createContext, useContext } from 'react';
import {
  AutocompleteArrayInput,
  type RaRecord,
  useRecordContext,
  type AutocompleteArrayInputProps,
  ReferenceArrayInput,
  useGetManyAggregate,
  useGetManyReference,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { assignmentCollections } from '../../../kernel/schema/assign';
import { registry } from '../../../kernel/schema/load-vite';
import type { FitnessItem } from '../../../kernel/fleet/fitness';
import { FitnessChips } from '../fitness/FitnessChips';
import { rankOf, readyFirst, useFitness } from '../fitness/useFitness';
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
  const reason = collection.spec.reason;
  const fitnessOn = Boolean(reason?.fitness);
  const fitness = useFitness(memberIds, fitnessOn);
  const waiting = (record: RaRecord) =>
    Object.entries({ ...collection.spec.refuse, ...reason?.when }).some(([path, values]) =>
      values.includes(record[path] as string | number),
    );
  const choices = fitnessOn
    ? readyFirst(members ?? [], (record) => rankOf(fitness.get(String(record.id)), waiting(record), false))
    : (members ?? []);
  const pending = typeof parentId === 'number' && !members && memberIds.length > 0;
  if (!fitnessOn) return <AutocompleteArrayInput source={source} choices={choices} optionText={optionText} isPending={pending} {...rest} />;
  return (
    <FitnessOf.Provider value={{ fitness, name: optionText }}>
      <AutocompleteArrayInput
        source={source}
        choices={choices}
        optionText={<FitnessOption />}
        inputText={optionText}
        matchSuggestion={(filter, choice) => optionText(choice).toLowerCase().includes(filter.toLowerCase())}
        isPending={pending}
        {...rest}
      />
    </FitnessOf.Provider>
  );
}

/** What the options of a fitness-checked list read: each member's fitness and its name. */
const FitnessOf = createContext<{ fitness: Map<string, FitnessItem>; name: (record: RaRecord) => string }>({
  fitness: new Map(),
  name: (record) => `#${record.id}`,
});

/** An option: the member's name, then its calibration and service state. */
function FitnessOption() {
  const record = useRecordContext();
  const { fitness, name } = useContext(FitnessOf);
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }} data-option={name(record)}>
      <span>{name(record)}</span>
      <FitnessChips item={fitness.get(String(record.id))} />
    </Box>
  );
}
