// A form the server defines and the console renders: the shape the back-end app sends
// (`{rules, title, action, method, info, status}`) and the field definitions (a group's or a
// dossier template's `typelist`) that such forms are made from.

/** The kinds of field a server-defined form can hold. */
export const FORM_FIELD_TYPES = [
  'input',
  'textarea',
  'number',
  'select',
  'radio',
  'checkbox',
  'switch',
  'date',
  'time',
  'upload',
  'uploads',
  'file',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The kinds that choose among options, which a definition must then give. */
export const CHOICE_TYPES: readonly FormFieldType[] = ['select', 'radio', 'checkbox'];

export interface FormOption {
  value: string | number;
  label: string;
}

/** One field of a form definition. */
export interface FormRule {
  type: FormFieldType;
  /** The key of its value in the submitted payload: letters, digits and underscores. */
  field: string;
  /** Its label, in the language the definition was asked for. */
  title: string;
  /** Its value when the form opens (the record's when editing). */
  value?: unknown;
  required?: boolean;
  /** Help shown under the field (a hint, not a check). */
  info?: string;
  placeholder?: string;
  /** The choices of select, radio and checkbox. */
  options?: FormOption[];
  /** Bounds of a number; of the count of images for uploads. */
  min?: number;
  max?: number;
  /** The step a number keeps to (1 for whole numbers). */
  step?: number;
}

/** A whole form: its fields, its title, and where and how it is submitted. */
export interface FormDefinition {
  rules: FormRule[];
  title: string;
  /** The API path the values are sent to, under the API prefix (`/setting/groupdata/add`). */
  action: string;
  method: 'POST' | 'PUT';
  /** A line shown under the title. */
  info?: string;
  /** Whether the form may be filled in now. */
  status: boolean;
}

/**
 * One field as a person defines it in a group or a dossier template (`typelist`): options as
 * `value=>label` lines in `param`.
 */
export interface FieldDefinition {
  name: string;
  title: string;
  type: FormFieldType;
  param?: string;
  required?: boolean;
  info?: string;
  /** Shown in the empty input (a format, an example), never checked. */
  placeholder?: string;
  min?: number;
  max?: number;
  /** The unit of a number (m, MPa, °), shown after its label. */
  unit?: string;
}
