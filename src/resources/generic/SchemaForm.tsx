// The create/edit form of any resource: one input per writable field, nested groups under a heading.
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { DeleteWithConfirmButton, SaveButton, SimpleForm, Toolbar, useResourceDefinition, useTranslate } from 'react-admin';
import { fields } from '../../../kernel/schema/registry';
import type { Field } from '../../../kernel/schema/types';
import { SchemaInput } from './SchemaInput';
import { useRecordValidator } from './useRecordValidator';
import { useSchema } from './useSchema';

function groupsOf(all: Field[]): [string, Field[]][] {
  const groups = new Map<string, Field[]>();
  for (const f of all) {
    const group = f.path.includes('.') ? f.path.split('.')[0] : '';
    groups.set(group, [...(groups.get(group) ?? []), f]);
  }
  return [...groups];
}

function FormToolbar({ canDelete }: { canDelete: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {canDelete && <DeleteWithConfirmButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

export function SchemaForm({ editing }: { editing: boolean }) {
  const { resource, schema } = useSchema();
  const translate = useTranslate();
  const validate = useRecordValidator(resource);
  const { hasList } = useResourceDefinition();
  const writable = fields(schema).filter((f) => !f.schema.readOnly);
  const canDelete = editing && Boolean(schema['x-resource'].endpoints.del) && Boolean(hasList);

  return (
    <SimpleForm validate={validate} toolbar={<FormToolbar canDelete={canDelete} />} sx={{ maxWidth: 720 }}>
      {groupsOf(writable).map(([group, groupFields]) => (
        <Box key={group || '_'} sx={{ width: '100%' }}>
          {group && (
            <Typography variant="subtitle1" sx={{ mt: 2, mb: 1, fontWeight: 600 }}>
              {translate(`resources.${resource}.fields.${group}`, { _: group })}
            </Typography>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {groupFields.map((f) => (
              <SchemaInput key={f.path} resource={resource} field={f} />
            ))}
          </Box>
        </Box>
      ))}
    </SimpleForm>
  );
}
