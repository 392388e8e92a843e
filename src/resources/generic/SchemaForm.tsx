// The create/edit form of any resource: the fields in schema order, each nested group under its
// heading where it stands, on a six-column grid (one column on a phone).
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import {
  DeleteWithConfirmButton,
  type DeleteWithConfirmButtonProps,
  type RaRecord,
  type RedirectionSideEffect,
  SaveButton,
  SimpleForm,
  Toolbar,
  useTranslate,
  useRecordContext,
  useRedirect,
  useResourceContext,
} from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { PERIOD_TYPES, type PeriodType, periodFields } from '../../../kernel/schedule/period';
import { periodTypeField } from '../../../kernel/schedule/record';
import { fields } from '../../../kernel/schema/registry';
import { decidedFields } from '../../../kernel/schema/made-from';
import { type CloseSpec, PERIOD_PARTS } from '../../../kernel/schema/types';
import { TIP_DELETE } from '../../forms/useConfirmCall';
import { GRID_COLUMNS, defaultValues, formSections, gridSpan } from './formLayout';
import { CloseSaveButton } from './CloseSaveButton';
import { SchemaInput } from './SchemaInput';
import { useRecordValidator } from './useRecordValidator';
import { useSchema } from './useSchema';
import { useRecordNotice } from './useRecordNotice';

export interface SchemaFormProps {
  editing: boolean;
  /** Fields the form keeps but does not show (a child's parent, preset by the page it opens from). */
  hide?: string[];
  /** Values a new record starts with, over the schema's defaults. */
  preset?: Record<string, unknown>;
  /** Where a delete leads (false: nowhere); no delete button when undefined. */
  deleteRedirect?: RedirectionSideEffect;
  deleteOptions?: DeleteWithConfirmButtonProps['mutationOptions'];
  /** Inside a dialog the toolbar stays in the dialog, also on a phone. */
  inDialog?: boolean;
  /** The record is closed to this person: its fields show as values, with nothing to save or delete. */
  locked?: boolean;
  /** A line above the fields (why the record is closed, how to reopen it). */
  notice?: ReactNode;
}

function FormToolbar({
  deleteRedirect,
  deleteOptions,
  inDialog,
  closing,
}: Pick<SchemaFormProps, 'deleteRedirect' | 'deleteOptions' | 'inDialog'> & { closing?: { resource: string; spec: CloseSpec } }) {
  const resource = useResourceContext() ?? '';
  const notice = useRecordNotice(resource);
  const redirect = useRedirect();
  const form = useFormContext();
  // A page's delete says which record went, then leads where it was told (the form marked
  // clean first, as react-admin's own delete does, so that no unsaved-changes guard holds it).
  const deleted = deleteOptions ?? {
    onSuccess: (record: RaRecord) => {
      notice('deleted', record);
      form.reset(undefined, { keepValues: true });
      if (deleteRedirect !== undefined) redirect(deleteRedirect, resource);
    },
  };
  return (
    <Toolbar sx={{ justifyContent: 'space-between', ...(inDialog ? { '&.RaToolbar-mobileToolbar': { position: 'static' } } : {}) }}>
      {closing ? <CloseSaveButton {...closing} /> : <SaveButton />}
      {deleteRedirect !== undefined && (
        <DeleteWithConfirmButton mutationMode="pessimistic" redirect={deleteRedirect} mutationOptions={deleted} {...TIP_DELETE} />
      )}
    </Toolbar>
  );
}

/**
 * What is wrong with a group as a whole (none of a dictionary item's labels given), under its
 * heading: no input of the group is the one to blame.
 */
function GroupError({ group }: { group: string }) {
  const { errors } = useFormState({ name: group });
  // react-admin hands a form's own check as { message }; a refusal of the server is the text itself.
  const found = (errors[group] as { message?: unknown } | undefined)?.message;
  const message = typeof found === 'object' && found !== null ? (found as { message?: unknown }).message : found;
  if (typeof message !== 'string' || !message) return null;
  return (
    <FormHelperText error role="alert" sx={{ mt: -0.5, mb: 1 }}>
      {message}
    </FormHelperText>
  );
}

/** A part of a scheduled job's period shows only while the chosen type uses it (a weekday for weekly jobs). */
function UsedField({ typeField, path, children }: { typeField?: string; path: string; children: ReactNode }) {
  const type = useWatch({ name: typeField ?? '', disabled: !typeField });
  if (!typeField || !(PERIOD_PARTS as readonly string[]).includes(path)) return children;
  const used = (PERIOD_TYPES as readonly unknown[]).includes(type) && periodFields(type as PeriodType).some((part) => part.field === path);
  return used ? children : null;
}

export function SchemaForm({ editing, hide = [], preset, deleteRedirect, deleteOptions, inDialog, locked, notice }: SchemaFormProps) {
  const { resource, schema } = useSchema();
  const translate = useTranslate();
  const validate = useRecordValidator(resource);
  // Read-only fields are the server's: shown as values when editing, absent when creating.
  // Write-only ones (an initial password) are given on create only: never read back, never edited.
  const canDelete = editing && deleteRedirect !== undefined && Boolean(schema['x-resource'].endpoints.del);
  const record = useRecordContext();
  // The text a reference held before it became one (a run's well, once typed) shows only while a record keeps one.
  const unlinkedTexts = fields(schema).flatMap((f) => f.schema['x-unlinked-text'] ?? []);
  const shown = fields(schema).filter(
    (f) =>
      !hide.includes(f.path) &&
      (editing ? !f.schema.writeOnly : !f.schema.readOnly) &&
      (!unlinkedTexts.includes(f.path) || (editing && Boolean(record?.[f.path]))),
  );
  const periodType = periodTypeField(schema);
  // A record made from another (a run from its trip) shows what its source decides as values.
  const decided = useMemo(() => new Set(editing ? decidedFields(schema, record) : []), [editing, schema, record]);
  // Saving the value that closes a record (a well completed) asks first: the server releases what is assigned to it.
  const close = schema['x-resource'].close;
  const defaults = useMemo(() => (editing ? undefined : { ...defaultValues(fields(schema)), ...preset }), [editing, schema, preset]);

  return (
    <SimpleForm
      validate={validate}
      defaultValues={defaults}
      noValidate
      toolbar={
        locked ? (
          false
        ) : (
          <FormToolbar
            deleteRedirect={canDelete && decided.size === 0 ? deleteRedirect : undefined}
            deleteOptions={deleteOptions}
            inDialog={inDialog}
            closing={editing && close ? { resource, spec: close } : undefined}
          />
        )
      }
      sx={{ maxWidth: 960 }}
    >
      {notice}
      {formSections(shown).map(({ group, fields: groupFields }, i) => (
        <Box key={`${group}-${i}`} sx={{ width: '100%' }}>
          {group && (
            <>
              <Typography variant="subtitle1" sx={{ mt: 1, mb: 1, fontWeight: 600 }}>
                {translate(`resources.${resource}.fields.${group}`, { _: group })}
              </Typography>
              <GroupError group={group} />
            </>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))` }, columnGap: 2 }}>
            {groupFields.map((f) => (
              <UsedField key={f.path} typeField={periodType} path={f.path}>
                <Box sx={{ gridColumn: { xs: 'auto', sm: `span ${gridSpan(f)}` }, minWidth: 0 }}>
                  <SchemaInput resource={resource} field={f} locked={locked || decided.has(f.path)} />
                </Box>
              </UsedField>
            ))}
          </Box>
        </Box>
      ))}
    </SimpleForm>
  );
}
