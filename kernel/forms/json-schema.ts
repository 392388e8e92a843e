// A form definition as JSON Schema (what the server validates a submission against, and what
// RJSF renders) and as a uiSchema (how RJSF shows each field). One function serves both ends,
// so the console never accepts what the server would refuse.
import type { FormDefinition, FormRule } from './types';

/** The longest text of a one-line field, of a multi-line one, and of an uploaded file's path. */
export const FORM_TEXT_MAX = 500;
export const FORM_LONG_TEXT_MAX = 5000;
export const FORM_PATH_MAX = 500;
/** Images an `uploads` field holds when its definition sets no maximum. */
export const FORM_UPLOADS_MAX = 9;
/** A time of day as the time input gives it, seconds optional. */
export const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$';

export type JsonSchema = Record<string, unknown>;
export type UiSchema = Record<string, unknown>;

/** The JSON Schema of one field's value. */
export function fieldSchema(rule: FormRule): JsonSchema {
  const title = rule.title;
  const values = (rule.options ?? []).map((o) => o.value);
  // Choices of numbers and words together are told apart by the list alone.
  const numbers = values.filter((v) => typeof v === 'number');
  const valueType =
    numbers.length === 0
      ? { type: 'string' }
      : numbers.length < values.length
        ? {}
        : { type: numbers.every(Number.isInteger) ? 'integer' : 'number' };
  switch (rule.type) {
    case 'input':
      return { type: 'string', title, maxLength: FORM_TEXT_MAX };
    case 'textarea':
      return { type: 'string', title, maxLength: FORM_LONG_TEXT_MAX };
    case 'number': {
      const whole = rule.step !== undefined && Number.isInteger(rule.step);
      return {
        type: whole ? 'integer' : 'number',
        title,
        ...bounds(rule),
        ...(rule.step && rule.step !== 1 ? { multipleOf: rule.step } : {}),
      };
    }
    case 'select':
    case 'radio':
      return { ...valueType, title, enum: values };
    case 'checkbox':
      return { type: 'array', title, items: { ...valueType, enum: values }, uniqueItems: true };
    case 'switch':
      return { type: 'boolean', title };
    case 'date':
      return { type: 'string', title, format: 'date' };
    case 'time':
      return { type: 'string', title, pattern: TIME_PATTERN };
    case 'upload':
    case 'file':
      return { type: 'string', title, maxLength: FORM_PATH_MAX };
    case 'uploads': {
      // A count of images: a whole number of 0 or more, whatever bounds a definition holds.
      const count = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? undefined : Math.max(0, Math.floor(n)));
      const [min, max] = [count(rule.min), count(rule.max) ?? FORM_UPLOADS_MAX];
      return {
        type: 'array',
        title,
        items: { type: 'string', maxLength: FORM_PATH_MAX },
        maxItems: max,
        ...(min ? { minItems: min } : {}),
      };
    }
  }
}

const bounds = (rule: FormRule) => ({
  ...(rule.min !== undefined ? { minimum: rule.min } : {}),
  ...(rule.max !== undefined ? { maximum: rule.max } : {}),
});

/** How RJSF shows one field: its widget, help, placeholder and option labels. */
export function fieldUi(rule: FormRule): UiSchema {
  const ui: UiSchema = {};
  const widget = {
    textarea: 'textarea',
    radio: 'radio',
    checkbox: 'checkboxes',
    switch: 'switch',
    time: 'time',
    upload: 'upload',
    uploads: 'uploads',
    file: 'file',
  }[rule.type as string];
  if (widget) ui['ui:widget'] = widget;
  // A list of choices takes its labels from the uiSchema of its items.
  const names = rule.options?.map((o) => o.label);
  if (names) Object.assign(ui, rule.type === 'checkbox' ? { items: { 'ui:enumNames': names } } : { 'ui:enumNames': names });
  if (rule.info) ui['ui:help'] = rule.info;
  if (rule.placeholder) ui['ui:placeholder'] = rule.placeholder;
  return ui;
}

/** The whole form: an object of its fields, the required ones named, nothing else accepted. */
export function formJsonSchema(definition: Pick<FormDefinition, 'rules' | 'title'>): JsonSchema {
  const required = definition.rules.filter((r) => r.required).map((r) => r.field);
  return {
    type: 'object',
    title: definition.title,
    additionalProperties: false,
    properties: Object.fromEntries(definition.rules.map((rule) => [rule.field, fieldSchema(rule)])),
    ...(required.length ? { required } : {}),
  };
}

export function formUiSchema(definition: Pick<FormDefinition, 'rules'>): UiSchema {
  return {
    'ui:order': definition.rules.map((r) => r.field),
    ...Object.fromEntries(definition.rules.map((rule) => [rule.field, fieldUi(rule)])),
  };
}

/** The values the form opens with: each rule's `value`, where it has one. */
export function formValues(definition: Pick<FormDefinition, 'rules'>): Record<string, unknown> {
  return Object.fromEntries(definition.rules.filter((r) => r.value !== undefined && r.value !== null).map((r) => [r.field, r.value]));
}
