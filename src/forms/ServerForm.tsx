// A form the server defines, rendered with RJSF's Material UI theme: the definition's JSON
// Schema and uiSchema come from kernel/forms (the server checks submissions against the same
// schema), labels sit 130 px wide on the left with a colon, number inputs have no spinners,
// RJSF's own buttons are hidden (the dialog has them) and its messages are ours, translated.
// This module and RJSF load only when a form opens.
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Form from '@rjsf/mui';
import type { ErrorSchema, FieldTemplateProps, RJSFValidationError, WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { type Ref, useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formJsonSchema, formUiSchema } from '../../kernel/forms/json-schema';
import type { FormRule } from '../../kernel/forms/types';
import { fieldReason } from '../../kernel/forms/validate';
import type { Language } from '../../kernel/i18n/languages';
import { ImagesInput } from './ImagesInput';

export const LABEL_WIDTH = 130;

type Values = Record<string, unknown>;

/** The label on the left with its colon, the input beside it; one above the other on a phone. */
function FieldTemplate({ id, label, required, children, rawErrors = [], rawHelp, hidden, schema }: FieldTemplateProps) {
  if (hidden) return <Box sx={{ display: 'none' }}>{children}</Box>;
  if (schema.type === 'object') return children; // the form itself
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0.5, sm: 2 }, mb: 2 }} data-field={id}>
      <Typography
        component="label"
        htmlFor={id}
        variant="body2"
        sx={{ width: { sm: LABEL_WIDTH }, flex: 'none', pt: { sm: 1 }, textAlign: { sm: 'right' }, color: 'text.secondary' }}
      >
        {label}
        {required && <span aria-hidden> *</span>}:
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {children}
        {rawHelp && <FormHelperText>{rawHelp}</FormHelperText>}
        {rawErrors.map((message) => (
          <FormHelperText key={message} error>
            {message}
          </FormHelperText>
        ))}
      </Box>
    </Box>
  );
}

function SwitchWidget({ id, value, disabled, readonly, onChange, label }: WidgetProps) {
  return (
    <FormControlLabel
      control={<Switch id={id} checked={value === true} disabled={disabled || readonly} onChange={(_e, checked) => onChange(checked)} />}
      label=""
      aria-label={label}
    />
  );
}

function UploadWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const urls = typeof value === 'string' && value ? [value] : [];
  return <ImagesInput id={id} urls={urls} max={1} disabled={disabled || readonly} onChange={(next) => onChange(next[0] ?? undefined)} />;
}

/** A file of any kind (a certificate's scan, a PDF report). */
function FileWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  const urls = typeof value === 'string' && value ? [value] : [];
  return (
    <ImagesInput
      id={id}
      urls={urls}
      max={1}
      accept="any"
      disabled={disabled || readonly}
      onChange={(next) => onChange(next[0] ?? undefined)}
    />
  );
}

function UploadsWidget({ id, value, disabled, readonly, onChange, schema }: WidgetProps) {
  const urls = Array.isArray(value) ? (value as string[]) : [];
  return <ImagesInput id={id} urls={urls} max={schema.maxItems ?? 9} disabled={disabled || readonly} onChange={(next) => onChange(next)} />;
}

/** A time of day: the browser's time picker, or a text input when the form gives a placeholder (the picker shows none). */
function TimeWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  return <BaseInputTemplate {...props} type={props.placeholder ? 'text' : 'time'} />;
}

const ignoreErrors = () => undefined;

const widgets = { switch: SwitchWidget, upload: UploadWidget, uploads: UploadsWidget, file: FileWidget, time: TimeWidget };
const templates = { FieldTemplate };

export interface ServerFormProps {
  rules: FormRule[];
  values: Values;
  onChange?: (values: Values) => void;
  onSubmit?: (values: Values) => void;
  /** Shown and not editable (a filled dossier). */
  readOnly?: boolean;
  /** Messages the server gave for fields, by field name. */
  serverErrors?: Record<string, string>;
  formRef?: Ref<unknown>;
  /** Rendered as a plain block, not a <form>: a preview inside another form. */
  inline?: boolean;
}

export default function ServerForm({ rules, values, onChange, onSubmit, readOnly, serverErrors, formRef, inline }: ServerFormProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const schema = useMemo(() => {
    const { title: _title, ...rest } = formJsonSchema({ rules, title: '' });
    return rest;
  }, [rules]);
  const uiSchema = useMemo(
    () => ({ ...formUiSchema({ rules }), 'ui:globalOptions': { label: false }, 'ui:submitButtonOptions': { norender: true } }),
    [rules],
  );
  const byField = useMemo(() => new Map(rules.map((rule) => [rule.field, rule])), [rules]);
  // RJSF's messages replaced by ours: the same words the server uses for the same problem.
  const transformErrors = (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      const field =
        error.name === 'required'
          ? String((error.params as { missingProperty?: string }).missingProperty ?? '')
          : (error.property ?? '').replace(/^\./, '').split('.')[0];
      const message = fieldReason(
        { keyword: error.name ?? '', params: error.params ?? {} },
        byField.get(field),
        locale as Language,
        translate,
      );
      return { ...error, message, stack: message };
    });
  const extraErrors = useMemo(
    () =>
      serverErrors
        ? (Object.fromEntries(Object.entries(serverErrors).map(([field, message]) => [field, { __errors: [message] }])) as ErrorSchema)
        : undefined,
    [serverErrors],
  );
  return (
    <Box
      sx={{
        // Number inputs without spinner controls.
        '& input[type=number]': { MozAppearance: 'textfield' },
        '& input[type=number]::-webkit-outer-spin-button, & input[type=number]::-webkit-inner-spin-button': {
          WebkitAppearance: 'none',
          margin: 0,
        },
      }}
      data-server-form
    >
      <Form
        ref={formRef as never}
        tagName={inline ? 'div' : undefined}
        schema={schema}
        uiSchema={uiSchema}
        formData={values}
        validator={validator}
        widgets={widgets}
        templates={templates}
        transformErrors={transformErrors}
        extraErrors={extraErrors}
        showErrorList={false}
        readonly={readOnly}
        noHtml5Validate
        // The problems show under their fields; without a handler RJSF writes them to the console too.
        onError={ignoreErrors}
        onChange={(event) => onChange?.(event.formData as Values)}
        onSubmit={(event) => onSubmit?.(event.formData as Values)}
      />
    </Box>
  );
}
