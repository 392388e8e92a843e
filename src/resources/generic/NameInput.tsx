// A machine name (a code) the form makes from another text field as the person types it
// (`x-ui.nameOf`): it follows that field while it is empty or still the name made last, and
// stops following once the person types a name of their own. A record opened for editing keeps
// its name: renaming it would break what refers to it by that name.
import { useEffect, useRef, useState } from 'react';
import { TextInput, type TextInputProps } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { machineName } from '../../../kernel/forms/machine-name';
import { useLatinize } from '../../forms/useLatinize';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

export function NameInput({ nameOf, ...props }: TextInputProps & { nameOf: string }) {
  const title: unknown = useWatch({ name: nameOf });
  const { getValues, setValue } = useFormContext();
  // Only a form whose name starts empty (a new record) makes it: the transliteration is loaded for those alone.
  const [follows] = useState(() => isEmpty(getValues(props.source)));
  const latinize = useLatinize(follows);
  /** The name made last from the title, which the name still follows while it holds it. */
  const made = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (typeof title !== 'string') return;
    const current: unknown = getValues(props.source);
    if (!isEmpty(current) && current !== made.current) return;
    const next = machineName(title, latinize);
    if (next === undefined || next === current) return;
    made.current = next;
    setValue(props.source, next, { shouldDirty: true });
  }, [title, latinize, getValues, setValue, props.source]);
  return <TextInput {...props} />;
}
