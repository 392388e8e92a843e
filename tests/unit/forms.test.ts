// Server-defined forms (kernel/forms): option lines, the JSON Schema and uiSchema made from a
// form's rules, the checks of field definitions, the translated problems of a submission, and
// the form of a record whose values its parent defines — on fixtures, not the product's schemas.
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import Polyglot from 'node-polyglot';
import { describe, expect, it } from 'vitest';
import { definitionProblems, FIELD_NAME_PATTERN, MAX_FIELDS, rulesOf } from '../../kernel/forms/definitions';
import {
  FORM_LONG_TEXT_MAX,
  FORM_PATH_MAX,
  FORM_TEXT_MAX,
  FORM_UPLOADS_MAX,
  fieldSchema,
  fieldUi,
  formJsonSchema,
  formUiSchema,
  formValues,
} from '../../kernel/forms/json-schema';
import { formatParam, parseParam } from '../../kernel/forms/param';
import { cleanField } from '../../src/forms/designer/fieldList';
import { flattenRecord, formValuesField, ownFormFields, recordFormRules, splitSubmission } from '../../kernel/forms/record-form';
import {
  CHOICE_TYPES,
  FORM_FIELD_TYPES,
  type FieldDefinition,
  type FormFieldType,
  type FormOption,
  type FormRule,
} from '../../kernel/forms/types';
import { fieldReason, formProblems } from '../../kernel/forms/validate';
import type { ResourceSchema } from '../../kernel/schema/types';
import { ourMessages } from '../messages';

const english = new Polyglot({ phrases: ourMessages('en'), locale: 'en', allowMissing: true });
const t = (key: string, options?: Record<string, unknown>) => english.t(key, options);
/** A translator that shows which message was asked for, and with what. */
const keys = (key: string, options?: Record<string, unknown>) => key + JSON.stringify(options ?? {});

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const accepts = (schema: object, value: unknown) => ajv.validate(schema, value);

describe('parseParam and formatParam', () => {
  it('reads value=>label lines, skipping blank ones, whole numbers as numbers, both sides trimmed', () => {
    const { options, problems } = parseParam(
      '1=>Shown\n\n  0 =>  Hidden \r\n-3=>Minus\n  \nred=>Red\n01=>Leading zero\n2.5=>Decimal\na=>b=>c',
    );
    expect(problems).toEqual([]);
    expect(options).toEqual([
      { value: 1, label: 'Shown' },
      { value: 0, label: 'Hidden' },
      { value: -3, label: 'Minus' },
      { value: 'red', label: 'Red' },
      { value: '01', label: 'Leading zero' },
      { value: '2.5', label: 'Decimal' },
      { value: 'a', label: 'b=>c' },
    ]);
  });

  it('reads nothing from nothing', () => {
    expect(parseParam(undefined)).toEqual({ options: [], problems: [] });
    expect(parseParam('')).toEqual({ options: [], problems: [] });
    expect(parseParam('\n \n')).toEqual({ options: [], problems: [] });
  });

  it('names each malformed line by its 1-based number and why, keeping the good ones', () => {
    const { options, problems } = parseParam('1=>One\nno arrow here\n\n=>No value\n2=>\n1=>Again\n3=>Three');
    expect(problems).toEqual([
      { line: 2, reason: 'no_arrow' },
      { line: 4, reason: 'no_value' },
      { line: 5, reason: 'no_label' },
      { line: 6, reason: 'repeated' },
    ]);
    expect(options).toEqual([
      { value: 1, label: 'One' },
      { value: 3, label: 'Three' },
    ]);
  });

  it('gives back the options it formatted', () => {
    const WHOLE = /^-?(0|[1-9][0-9]{0,14})$/;
    const text = (extra: (s: string) => boolean) =>
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((s) => s.trim() === s && s !== '' && !s.includes('=>') && !/[\r\n]/.test(s) && extra(s));
    const value = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      text((s) => !WHOLE.test(s)),
    );
    const option = fc.record({ value, label: text(() => true) });
    fc.assert(
      fc.property(fc.uniqueArray(option, { selector: (o) => String(o.value), maxLength: 8 }), (options: FormOption[]) => {
        expect(parseParam(formatParam(options))).toEqual({ options, problems: [] });
      }),
      { numRuns: 300 },
    );
  });
});

/** For each kind of field: a rule, values its schema accepts and refuses, and how RJSF shows it. */
interface Sample {
  rule: Omit<FormRule, 'type' | 'field' | 'title'>;
  good: unknown[];
  bad: unknown[];
  widget?: string;
}
const colours = parseParam('1=>Red\n2=>Blue').options;
const SAMPLES: Record<FormFieldType, Sample> = {
  input: { rule: { placeholder: 'Type here' }, good: ['hello', 'x'.repeat(FORM_TEXT_MAX)], bad: [5, 'x'.repeat(FORM_TEXT_MAX + 1), true] },
  textarea: {
    rule: {},
    good: ['two\nlines', 'x'.repeat(FORM_LONG_TEXT_MAX)],
    bad: ['x'.repeat(FORM_LONG_TEXT_MAX + 1), ['a']],
    widget: 'textarea',
  },
  number: { rule: { min: 1, max: 720 }, good: [1, 2.5, 720], bad: [0, 721, '5', null] },
  select: { rule: { options: colours }, good: [1, 2], bad: [3, '1', 'Red'] },
  radio: { rule: { options: parseParam('a=>Yes\nb=>No').options }, good: ['a', 'b'], bad: ['c', 'Yes', 1], widget: 'radio' },
  checkbox: { rule: { options: colours }, good: [[], [1], [1, 2]], bad: [1, [3], [1, 1], ['1']], widget: 'checkboxes' },
  switch: { rule: {}, good: [true, false], bad: ['yes', 1, 'true'], widget: 'switch' },
  date: { rule: {}, good: ['2025-03-01', '2024-02-29'], bad: ['2025-13-01', '01/03/2025', '2025-03-01T00:00:00Z', 20250301] },
  time: { rule: {}, good: ['08:00', '00:00', '23:59:59'], bad: ['24:00', '8:00', '08:60', '08:00:60', '08:00 ', 'noon'], widget: 'time' },
  upload: { rule: {}, good: ['/uploads/a.png'], bad: ['x'.repeat(FORM_PATH_MAX + 1), ['/uploads/a.png'], 1], widget: 'upload' },
  uploads: {
    rule: {},
    good: [[], ['/uploads/a.png', '/uploads/b.png'], Array.from({ length: FORM_UPLOADS_MAX }, (_, i) => `/u/${i}.png`)],
    bad: [Array.from({ length: FORM_UPLOADS_MAX + 1 }, (_, i) => `/u/${i}.png`), '/uploads/a.png', [1]],
    widget: 'uploads',
  },
  file: { rule: {}, good: ['/uploads/report.pdf'], bad: ['x'.repeat(FORM_PATH_MAX + 1), ['/uploads/report.pdf'], 1], widget: 'file' },
};
/** The option labels of a field's uiSchema, where RJSF reads them: a list's on its items. */
const enumNames = (type: FormFieldType, ui: Record<string, unknown>) =>
  type === 'checkbox' ? (ui.items as Record<string, unknown> | undefined)?.['ui:enumNames'] : ui['ui:enumNames'];
const ruleOf = (type: FormFieldType, extra: Partial<FormRule> = {}): FormRule => ({
  type,
  field: `f_${type}`,
  title: `The ${type}`,
  ...SAMPLES[type]?.rule,
  ...extra,
});

describe('the JSON Schema and uiSchema of a form', () => {
  it.each(FORM_FIELD_TYPES.map((type) => [type]))('has a schema for a %s field that takes its values and refuses others', (type) => {
    const sample = SAMPLES[type];
    expect(sample, `no sample for the field type ${type}: add one`).toBeDefined();
    const schema = fieldSchema(ruleOf(type));
    expect(schema).toBeDefined();
    expect(schema.title).toBe(`The ${type}`);
    expect(() => ajv.compile(schema)).not.toThrow();
    for (const value of sample.good) expect(accepts(schema, value), `${type} should accept ${JSON.stringify(value)}`).toBe(true);
    for (const value of sample.bad) expect(accepts(schema, value), `${type} should refuse ${JSON.stringify(value)}`).toBe(false);
  });

  it.each(FORM_FIELD_TYPES.map((type) => [type]))('shows a %s field with its widget, option labels and help', (type) => {
    const ui = fieldUi(ruleOf(type, { info: 'Some help' }));
    expect(ui['ui:widget']).toBe(SAMPLES[type].widget);
    expect(ui['ui:help']).toBe('Some help');
    if (CHOICE_TYPES.includes(type)) expect(enumNames(type, ui)).toEqual(SAMPLES[type].rule.options!.map((o) => o.label));
    else expect(enumNames(type, ui)).toBeUndefined();
    expect(fieldUi(ruleOf(type))['ui:help']).toBeUndefined();
  });

  it('keeps whole numbers whole where the step says so, and to the step', () => {
    expect(accepts(fieldSchema(ruleOf('number', { step: 1 })), 2.5)).toBe(false);
    expect(accepts(fieldSchema(ruleOf('number', { step: 1 })), 2)).toBe(true);
    const half = fieldSchema(ruleOf('number', { step: 0.5, min: undefined, max: undefined }));
    expect(accepts(half, 2.5)).toBe(true);
    expect(accepts(half, 2.25)).toBe(false);
    const even = fieldSchema(ruleOf('number', { step: 2, min: undefined, max: undefined }));
    expect(accepts(even, 4)).toBe(true);
    expect(accepts(even, 3)).toBe(false);
  });

  it('bounds the count of images of an uploads field by its min and max', () => {
    const schema = fieldSchema(ruleOf('uploads', { min: 1, max: 2 }));
    expect(accepts(schema, [])).toBe(false);
    expect(accepts(schema, ['/a.png'])).toBe(true);
    expect(accepts(schema, ['/a.png', '/b.png', '/c.png'])).toBe(false);
  });

  it('accepts every option of a choice whose values mix numbers and words', () => {
    const options = parseParam('1=>One\nother=>Other').options;
    expect(options.map((o) => o.value)).toEqual([1, 'other']);
    for (const type of CHOICE_TYPES) {
      const schema = fieldSchema(ruleOf(type, { options }));
      for (const option of options)
        expect(accepts(schema, type === 'checkbox' ? [option.value] : option.value), `${type} ${JSON.stringify(option.value)}`).toBe(true);
    }
  });

  it('makes one object of every field: the required ones listed, nothing else accepted', () => {
    const rules = FORM_FIELD_TYPES.map((type) => ruleOf(type, type === 'input' || type === 'time' ? { required: true } : {}));
    const schema = formJsonSchema({ rules, title: 'Everything' });
    expect(schema).toMatchObject({ type: 'object', title: 'Everything', additionalProperties: false, required: ['f_input', 'f_time'] });
    expect(Object.keys(schema.properties as object)).toEqual(rules.map((r) => r.field));
    const validate = ajv.compile(schema);
    const full = Object.fromEntries(FORM_FIELD_TYPES.map((type) => [`f_${type}`, SAMPLES[type].good[0]]));
    expect(validate(full), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ f_input: 'x', f_time: '08:00' })).toBe(true);
    expect(validate({ f_input: 'x' })).toBe(false);
    expect(validate({ f_input: 'x', f_time: '08:00', extra: 1 })).toBe(false);
    expect(formJsonSchema({ rules: [ruleOf('input')], title: '' }).required).toBeUndefined();
  });

  it('orders the uiSchema as the rules and gives each field its own entry', () => {
    const rules = [ruleOf('select', { info: 'Pick one' }), ruleOf('input'), ruleOf('switch')];
    expect(formUiSchema({ rules })).toEqual({
      'ui:order': ['f_select', 'f_input', 'f_switch'],
      f_select: { 'ui:enumNames': ['Red', 'Blue'], 'ui:help': 'Pick one' },
      f_input: { 'ui:placeholder': 'Type here' },
      f_switch: { 'ui:widget': 'switch' },
    });
  });

  it('opens with the values the rules carry, false and 0 included, nothing for the others', () => {
    const rules = [
      ruleOf('switch', { value: false }),
      ruleOf('number', { value: 0 }),
      ruleOf('input', { value: null }),
      ruleOf('date'),
      ruleOf('checkbox', { value: [2] }),
    ];
    expect(formValues({ rules })).toEqual({ f_switch: false, f_number: 0, f_checkbox: [2] });
  });
});

const field = (name: string, type: FormFieldType, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  title: name.toUpperCase(),
  type,
  ...extra,
});

describe('definitionProblems', () => {
  it('finds nothing wrong with a sound list of every kind of field', () => {
    const list = FORM_FIELD_TYPES.map((type) => field(`f_${type}`, type, CHOICE_TYPES.includes(type) ? { param: '1=>A\n2=>B' } : {}));
    expect(definitionProblems(list)).toEqual([]);
    expect(definitionProblems([field('x', 'number', { min: 3, max: 3 })])).toEqual([]);
  });

  it('refuses an empty list and one too long', () => {
    expect(definitionProblems([])).toEqual([{ reason: 'no_fields' }]);
    const many = Array.from({ length: MAX_FIELDS + 1 }, (_, i) => field(`f${i}`, 'input'));
    expect(definitionProblems(many)).toEqual([{ reason: 'too_many_fields' }]);
    expect(definitionProblems(many.slice(0, MAX_FIELDS))).toEqual([]);
  });

  it('refuses bad names and names repeated in any case, at the field that repeats', () => {
    for (const name of ['', '1abc', 'a-b', 'with space', 'é', 'a'.repeat(33), '_a1', '__proto__']) {
      expect(FIELD_NAME_PATTERN.test(name)).toBe(false);
      expect(definitionProblems([field('ok', 'input'), { ...field('x', 'input'), name }])).toEqual([
        { index: 1, part: 'name', reason: 'name_format' },
      ]);
    }
    expect(definitionProblems([{ title: 'No name', type: 'input' } as FieldDefinition])).toEqual([
      { index: 0, part: 'name', reason: 'name_format' },
    ]);
    expect(definitionProblems([field('a_1', 'input'), field('a'.repeat(32), 'input')])).toEqual([]);
    expect(definitionProblems([field('Title', 'input'), field('body', 'input'), field('TITLE', 'textarea')])).toEqual([
      { index: 2, part: 'name', reason: 'name_repeated' },
    ]);
  });

  it('refuses a missing or blank title and an unknown type', () => {
    expect(definitionProblems([{ ...field('a', 'input'), title: '  ' }])).toEqual([{ index: 0, part: 'title', reason: 'title_missing' }]);
    expect(definitionProblems([{ name: 'a', type: 'input' } as FieldDefinition])).toEqual([
      { index: 0, part: 'title', reason: 'title_missing' },
    ]);
    expect(definitionProblems([field('a', 'color' as FormFieldType)])).toEqual([{ index: 0, part: 'type', reason: 'type_unknown' }]);
  });

  it('wants the options of each choice, naming each bad line', () => {
    for (const type of CHOICE_TYPES) {
      expect(definitionProblems([field('a', type)])).toEqual([{ index: 0, part: 'param', reason: 'options_missing' }]);
      expect(definitionProblems([field('a', type, { param: ' \n ' })])).toEqual([{ index: 0, part: 'param', reason: 'options_missing' }]);
    }
    expect(definitionProblems([field('ok', 'input'), field('a', 'select', { param: '1=>A\nB\n\n2=>\n1=>Again\n=>C' })])).toEqual([
      { index: 1, part: 'param', reason: 'param_no_arrow', line: 2 },
      { index: 1, part: 'param', reason: 'param_no_label', line: 4 },
      { index: 1, part: 'param', reason: 'param_repeated', line: 5 },
      { index: 1, part: 'param', reason: 'param_no_value', line: 6 },
    ]);
    // Options on a field that does not choose are not read.
    expect(definitionProblems([field('a', 'input', { param: 'nonsense' })])).toEqual([]);
  });

  it('refuses a maximum below the minimum', () => {
    expect(definitionProblems([field('n', 'number', { min: 10, max: 1 })])).toEqual([{ index: 0, part: 'max', reason: 'max_below_min' }]);
    expect(definitionProblems([field('n', 'uploads', { min: 3, max: 1 })])).toEqual([{ index: 0, part: 'max', reason: 'max_below_min' }]);
  });

  it('has a message for every reason it gives', () => {
    const reasons = [
      'no_fields',
      'too_many_fields',
      'name_format',
      'name_repeated',
      'title_missing',
      'type_unknown',
      'options_missing',
      'max_below_min',
      'count_whole',
      'param_no_arrow',
      'param_no_value',
      'param_no_label',
      'param_repeated',
    ];
    const messages = ourMessages('en');
    expect(reasons.filter((reason) => !messages[`forms.problems.${reason}`])).toEqual([]);
  });
});

describe('rulesOf', () => {
  it('turns definitions into rules with their options, bounds, help and values', () => {
    const list = [
      field('title', 'input', { required: true, info: 'Shown big', placeholder: 'Short, please' }),
      field('colour', 'radio', { param: '1=>Red\n2=>Blue' }),
      field('hours', 'number', { min: 1, max: 720 }),
      field('on', 'switch', { required: false }),
    ];
    expect(rulesOf(list)).toEqual([
      { type: 'input', field: 'title', title: 'TITLE', required: true, info: 'Shown big', placeholder: 'Short, please' },
      { type: 'radio', field: 'colour', title: 'COLOUR', options: colours },
      { type: 'number', field: 'hours', title: 'HOURS', min: 1, max: 720 },
      { type: 'switch', field: 'on', title: 'ON' },
    ]);
    const opened = rulesOf(list, { title: 'Hello', on: false, other: 'x' });
    expect(opened.map((r) => r.value)).toEqual(['Hello', undefined, undefined, false]);
  });
});

describe('formProblems', () => {
  const rules: FormRule[] = [
    { type: 'input', field: 'headline', title: 'Headline', required: true },
    { type: 'select', field: 'colour', title: 'Colour', options: colours },
    { type: 'checkbox', field: 'tags', title: 'Tags', options: parseParam('a=>Alpha\nb=>Beta').options },
    { type: 'number', field: 'hours', title: 'Hours', min: 1, max: 720 },
    { type: 'time', field: 'start', title: 'Start' },
    { type: 'date', field: 'day', title: 'Day' },
  ];
  const form = { rules, title: 'A form' };
  const problems = (input: Record<string, unknown>) => formProblems(form, input, 'en', t);

  it('accepts a sound submission, and empty values of fields not required', () => {
    expect(problems({ headline: 'Hi', colour: 2, tags: ['a', 'b'], hours: 3, start: '08:30', day: '2025-03-01' })).toEqual([]);
    expect(problems({ headline: 'Hi', colour: '', tags: null, hours: null, start: '', day: '' })).toEqual([]);
  });

  it('names a missing required field by its title; an empty text or null is no value', () => {
    for (const headline of [undefined, '', null]) {
      expect(problems({ headline, colour: 1 })).toEqual([{ field: 'headline', message: 'Headline: is required' }]);
    }
  });

  it('says the labels of the options a choice allows', () => {
    expect(problems({ headline: 'Hi', colour: 3 })).toEqual([{ field: 'colour', message: 'Colour: must be one of: Red, Blue' }]);
    expect(problems({ headline: 'Hi', tags: ['a', 'z'] })).toEqual([{ field: 'tags', message: 'Tags: must be one of: Alpha, Beta' }]);
  });

  it('refuses a field the form does not have, naming it', () => {
    expect(problems({ headline: 'Hi', extra: 1 })).toEqual([{ field: 'extra', message: 'extra: is not a field of this record' }]);
  });

  it('wants a time as HH:MM or HH:MM:SS', () => {
    for (const start of ['8:00', '24:00', '12:60', 'noon', '12:00:00.5']) {
      expect(problems({ headline: 'Hi', start }), start).toEqual([{ field: 'start', message: 'Start: must be a time of day' }]);
    }
    expect(problems({ headline: 'Hi', start: '12:00:59' })).toEqual([]);
  });

  it('says the bounds of a number, and names every wrong field once', () => {
    expect(problems({ headline: 'Hi', hours: 0 })).toEqual([{ field: 'hours', message: 'Hours: must be from 1 to 720' }]);
    const all = problems({ colour: 9, hours: 'many', day: '2025-02-30', start: '7', extra: true });
    expect(all.map((p) => p.field).sort()).toEqual(['colour', 'day', 'extra', 'headline', 'hours', 'start']);
    expect(all.find((p) => p.field === 'hours')?.message).toBe('Hours: must be a number');
    expect(all.find((p) => p.field === 'day')?.message).toBe('Day: must be a date');
  });

  it('asks the translator for its messages', () => {
    expect(formProblems(form, { headline: 'Hi', colour: 3 }, 'en', keys)).toEqual([
      { field: 'colour', message: 'Colour: validation.enum{"values":"Red, Blue"}' },
    ]);
    expect(formProblems(form, { headline: 'Hi', start: '9' }, 'en', keys)).toEqual([
      { field: 'start', message: 'Start: validation.formats.time{}' },
    ]);
  });
});

/** A parent record that defines fields (`fields`), and a child whose `answers` are their values. */
const kindSchema: ResourceSchema = {
  $id: 'kind',
  type: 'object',
  required: ['name', 'fields'],
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    fields: { type: 'array', 'x-field-definitions': true, items: { type: 'object' } },
  },
  'x-resource': {
    endpoints: {},
    list: { columns: ['id', 'name'], sortable: [], sort: { field: 'id', order: 'ASC' }, perPage: 20 },
    filters: [],
    recordRepresentation: 'name',
  },
};
const entrySchema: ResourceSchema = {
  $id: 'entry',
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'status'],
  properties: {
    id: { type: 'integer', readOnly: true },
    kind: { type: 'integer', 'x-ref': 'kind' },
    created: { type: 'string', format: 'date-time', readOnly: true },
    sort: { type: 'integer', minimum: 0, maximum: 99, default: 5 },
    status: { type: 'integer', enum: [1, 0], default: 1 },
    due: { type: 'string', format: 'date' },
    pinned: { type: 'boolean' },
    note: { type: 'string' },
    answers: { type: 'object', readOnly: true, 'x-form-values': 'fields' },
  },
  'x-resource': {
    endpoints: {},
    list: { columns: ['id'], sortable: [], sort: { field: 'sort', order: 'DESC' }, perPage: 20 },
    filters: [],
    recordRepresentation: 'id',
    parent: { resource: 'kind', field: 'kind', param: 'kid' },
  },
};
const dictionary: Record<string, string> = {
  'resources.entry.fields.sort': 'Order',
  'resources.entry.fields.status': 'Shown',
  'resources.entry.enums.status.1': 'Visible',
  'resources.entry.enums.status.0': 'Hidden',
};
const entryT = (key: string, options?: Record<string, unknown>) => dictionary[key] ?? String(options?._ ?? key);
const typelist: FieldDefinition[] = [
  field('headline', 'input', { required: true }),
  field('colour', 'select', { param: '1=>Red\n2=>Blue' }),
];

describe('fieldReason, what a form shows under a field', () => {
  const headline: FormRule = { type: 'input', field: 'headline', title: 'Headline', required: true };
  const hours: FormRule = { type: 'number', field: 'hours', title: 'Hours', min: 1, max: 720 };
  const chinese = new Polyglot({ phrases: ourMessages('zh'), locale: 'zh', allowMissing: true });
  const zh = (key: string, options?: Record<string, unknown>) => chinese.t(key, options);
  const missing = { keyword: 'required', params: { missingProperty: 'headline' } };

  it("names a missing field by its title, in the reader's language", () => {
    expect(fieldReason(missing, headline, 'en', t)).toBe('Headline is required');
    expect(fieldReason(missing, { ...headline, title: '标题' }, 'zh', zh)).toBe('标题不能为空');
  });

  it('says the other reasons as the server does, without the title', () => {
    expect(fieldReason({ keyword: 'maximum', params: { limit: 720 } }, hours, 'en', t)).toBe('must be from 1 to 720');
  });
});

describe('the form of a record whose values its parent defines', () => {
  it('finds the field of the values and the parent list that defines them', () => {
    expect(formValuesField(entrySchema)).toEqual({ field: 'answers', definedBy: 'fields' });
    expect(formValuesField(kindSchema)).toBeUndefined();
  });

  it("takes the record's own writable fields: not the id, the parent, read-only ones or the values", () => {
    expect(ownFormFields(entrySchema).map(([name]) => name)).toEqual(['sort', 'status', 'due', 'pinned', 'note']);
  });

  it('puts the own fields first, titled and labelled in the language, opening with their defaults', () => {
    const rules = recordFormRules('entry', entrySchema, typelist, entryT);
    expect(rules).toEqual([
      { type: 'number', field: 'sort', title: 'Order', step: 1, min: 0, max: 99, value: 5 },
      {
        type: 'radio',
        field: 'status',
        title: 'Shown',
        required: true,
        options: [
          { value: 1, label: 'Visible' },
          { value: 0, label: 'Hidden' },
        ],
        value: 1,
      },
      { type: 'date', field: 'due', title: 'due' },
      { type: 'switch', field: 'pinned', title: 'pinned' },
      { type: 'input', field: 'note', title: 'note' },
      { type: 'input', field: 'headline', title: 'HEADLINE', required: true },
      { type: 'select', field: 'colour', title: 'COLOUR', options: colours },
    ]);
  });

  it("opens with a record's own fields and its values", () => {
    const record = { id: 4, kind: 1, sort: 7, status: 0, pinned: false, answers: { headline: 'Hi', colour: 2, gone: 'x' } };
    const rules = recordFormRules('entry', entrySchema, typelist, entryT, record);
    expect(formValues({ rules })).toEqual({ sort: 7, status: 0, pinned: false, headline: 'Hi', colour: 2 });
  });

  it('lets an own field win over a parent field of the same name', () => {
    const rules = recordFormRules('entry', entrySchema, [field('sort', 'input'), ...typelist], entryT);
    expect(rules.filter((r) => r.field === 'sort')).toEqual([expect.objectContaining({ type: 'number', title: 'Order' })]);
  });

  it('splits a submission into own fields and values', () => {
    expect(splitSubmission(entrySchema, { sort: 2, status: 1, headline: 'Hi', colour: 1, whatever: true })).toEqual({
      own: { sort: 2, status: 1 },
      values: { headline: 'Hi', colour: 1, whatever: true },
    });
    expect(splitSubmission(entrySchema, {})).toEqual({ own: {}, values: {} });
  });

  it('answers a stored record with its values beside its own fields, the own ones winning', () => {
    const row = { id: 4, kind: 1, sort: 7, answers: { headline: 'Hi', sort: 99 } };
    expect(flattenRecord(entrySchema, row)).toEqual({ id: 4, kind: 1, sort: 7, headline: 'Hi' });
    expect(flattenRecord(entrySchema, { id: 5, kind: 1 })).toEqual({ id: 5, kind: 1 });
    const plain = { id: 1, name: 'x', fields: [] };
    expect(flattenRecord(kindSchema, plain)).toBe(plain);
  });

  it('answers every value its form takes: a parent field named like a stored own field is not lost', () => {
    // The form offers each parent field it does not leave out; the record answered must then show its value.
    for (const name of ['id', 'kind', 'created']) {
      const rules = recordFormRules('entry', entrySchema, [field(name, 'input')], entryT);
      if (!rules.some((r) => r.field === name)) continue;
      const { values } = splitSubmission(entrySchema, { [name]: 'typed' });
      const answered = flattenRecord(entrySchema, { id: 4, kind: 1, created: '2025-01-01T00:00:00.000Z', answers: values });
      expect(answered[name], `a parent field named ${name}`).toBe('typed');
    }
  });

  it('keeps the value of any field name a definition accepts', () => {
    // A name the definitions accept must reach the stored values, whatever it is.
    for (const name of ['__proto__', 'constructor', 'toString']) {
      if (definitionProblems([field(name, 'input')]).length > 0) continue;
      const { values } = splitSubmission(entrySchema, JSON.parse(`{"${name}": "typed"}`));
      expect(Object.hasOwn(values, name) && values[name], `a field named ${name}`).toBe('typed');
    }
  });
});

describe('bounds of a count of images', () => {
  const t = (key: string) => key;
  const uploads = (min: number | undefined, max: number | undefined): FieldDefinition => ({
    name: 'photos',
    title: 'Photos',
    type: 'uploads',
    min,
    max,
  });

  it('are refused by the definition check unless whole numbers of 0 or more', () => {
    expect(definitionProblems([uploads(-1, 2.5)])).toEqual([
      { index: 0, part: 'min', reason: 'count_whole' },
      { index: 0, part: 'max', reason: 'count_whole' },
    ]);
    expect(definitionProblems([uploads(0, 3)])).toEqual([]);
  });

  it('still make a schema Ajv compiles when a stored definition holds bad ones, and a submission is checked, not a failure', () => {
    fc.assert(
      fc.property(fc.option(fc.double({ noNaN: false }), { nil: undefined }), fc.option(fc.double(), { nil: undefined }), (min, max) => {
        const rules = rulesOf([uploads(min, max)]);
        const schema = fieldSchema(rules[0]) as { maxItems: number; minItems?: number };
        expect(Number.isInteger(schema.maxItems) && schema.maxItems >= 0).toBe(true);
        if (schema.minItems !== undefined) expect(Number.isInteger(schema.minItems) && schema.minItems >= 0).toBe(true);
        expect(() => formProblems({ rules, title: '' }, { photos: ['/a.png'] }, 'en', t)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});

describe('a stored definition that makes no usable schema', () => {
  it('refuses the submission with the reason instead of failing', () => {
    // A choice without options (the designer refuses it; a definition stored another way may hold it).
    const rules: FormRule[] = [{ type: 'select', field: 'pick', title: 'Pick', options: [] }];
    const problems = formProblems({ rules, title: '' }, { pick: 1 }, 'en', keys);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toMatch(/^forms\.definition_broken\{"reason":".*enum/);
  });
});

describe('the unit of a designed number', () => {
  it('follows its label in the form, and is kept only for a number', () => {
    const [pressure, name] = rulesOf([
      { name: 'pressure', title: 'Pump pressure', type: 'number', unit: 'MPa' },
      { name: 'note', title: 'Note', type: 'input', unit: 'MPa' },
    ]);
    expect(pressure.title).toBe('Pump pressure (MPa)');
    expect(fieldSchema(pressure).title).toBe('Pump pressure (MPa)');
    expect(name.title).toBe('Note');
    expect(cleanField({ name: 'note', title: 'Note', type: 'input', unit: 'MPa' })).not.toHaveProperty('unit');
    expect(cleanField({ name: 'p', title: 'P', type: 'number', unit: 'MPa' })).toMatchObject({ unit: 'MPa' });
  });
});
