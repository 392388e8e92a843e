// A list field of a form (`type: array` of objects or of texts), edited as rows, never as raw
// JSON: each row holds an item's fields (or one text), with buttons to add a row, remove one and
// move one up or down, all reachable from the keyboard (react-admin's ArrayInput and
// SimpleFormIterator). A list the server keeps (readOnly) is shown as lines of text.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ArrayInput, Labeled, SimpleFormIterator, TextInput, useRecordContext, useSimpleFormIteratorItem, useTranslate } from 'react-admin';
import { registry } from '../../../kernel/schema/load-vite';
import { getPath, resolve } from '../../../kernel/schema/registry';
import type { Field, FieldSchema } from '../../../kernel/schema/types';
import type { ComponentType } from 'react';
import { GRID_COLUMNS, gridSpan } from './formLayout';
import { itemLine } from './itemLine';

export interface ArrayRowsInputProps {
  resource: string;
  field: Field;
  /** The path translations are keyed by (`rule_value`), when the input's source is relative to a row. */
  keyPath?: string;
  /** The input of one field of a row: the form's own field input, handed down so that the two modules do not import each other. */
  FieldInput: ComponentType<{ resource: string; field: Field; keyPath: string }>;
}

/** One text of a list of texts, named by the list and its place in it ("Options 2"). */
function TextRow({ label, schema }: { label: string; schema: FieldSchema }) {
  const { index } = useSimpleFormIteratorItem();
  // An emptied row stays '' (not null), so the check says it needs a text rather than the wrong type.
  return (
    <TextInput source="" label={`${label} ${index + 1}`} parse={(value: string) => value} inputProps={{ maxLength: schema.maxLength }} />
  );
}

/** A list the server fills: its items as lines under the field's label. */
function ReadOnlyRows({ source, label }: { source: string; label: string }) {
  const record = useRecordContext();
  const value = record ? getPath(record, source) : undefined;
  const items = Array.isArray(value) ? value : [];
  return (
    <Labeled label={label} fullWidth>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.length === 0 ? (
          <Typography component="li" variant="body2">
            —
          </Typography>
        ) : (
          items.map((item, i) => (
            <Typography component="li" variant="body2" key={i}>
              {itemLine(item)}
            </Typography>
          ))
        )}
      </Box>
    </Labeled>
  );
}

export function ArrayRowsInput({ resource, field, keyPath = field.path, FieldInput }: ArrayRowsInputProps) {
  const translate = useTranslate();
  const root = registry.resources[resource];
  const items = field.schema.items ? resolve(root, field.schema.items) : { type: 'string' as const };
  const label = translate(`resources.${resource}.fields.${keyPath}`, { _: keyPath });
  if (field.schema.readOnly) return <ReadOnlyRows source={field.path} label={label} />;
  const objects = items.type === 'object';
  return (
    <ArrayInput
      source={field.path}
      label={label}
      helperText={field.schema['x-ui']?.help ? translate(`resources.${resource}.help.${keyPath}`) : false}
    >
      <SimpleFormIterator
        disableClear
        fullWidth
        inline={!objects}
        // Each row of objects stands out from the next; the buttons stay on the row at any width.
        sx={{
          '& .RaSimpleFormIterator-line': objects ? { borderBottom: 1, borderColor: 'divider', py: 1 } : {},
          // An item's fields laid out like the form's own: side by side as their widths say.
          '& > .RaSimpleFormIterator-list > .RaSimpleFormIterator-line > .RaSimpleFormIterator-form': objects
            ? { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))` }, columnGap: 2 }
            : {},
          '& .RaSimpleFormIterator-action': { visibility: 'visible' },
        }}
      >
        {objects ? (
          Object.entries(items.properties ?? {}).map(([name, prop]) => {
            const item = { path: name, schema: resolve(root, prop), required: (items.required ?? []).includes(name) };
            return (
              <Box key={name} sx={{ gridColumn: { xs: 'auto', sm: `span ${gridSpan(item)}` }, minWidth: 0 }}>
                <FieldInput resource={resource} field={item} keyPath={`${keyPath}.${name}`} />
              </Box>
            );
          })
        ) : (
          <TextRow label={label} schema={items} />
        )}
      </SimpleFormIterator>
    </ArrayInput>
  );
}
