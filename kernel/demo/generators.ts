// The generators an `x-fake` hint names: `<name>[:arg:arg]`. Plain ones make a value from their
// numeric arguments alone (`decimal:1.05:1.6`); the others read the record being made, the record
// made before it in its group, or its parent record, so that a run ends deeper than it started, a
// run starts after the previous one ended, and a tool's run has the tool's type.
import { faker } from '@faker-js/faker/locale/en';
import { onStep } from '../schema/derive';
import { getPath } from '../schema/registry';
import type { ConfigOptions, FieldSchema } from '../schema/types';
import { KEYED_PHRASES, PHRASES, SPECIFICATIONS } from './phrases';

/** Dates are generated relative to this day, not today, to stay reproducible. */
export const SEED_DATE = new Date('2026-11-01T08:00:00Z');

/** What a generator may read besides its arguments and its field. */
export interface Making {
  config: ConfigOptions;
  /** The record being made: the fields made so far, at their dotted paths. */
  record: Record<string, unknown>;
  /**
   * The record made just before it in its group (the records of one parent, or all). A group is
   * made newest first, so this is the record that follows it in time.
   */
  previous?: Record<string, unknown>;
  /** Its parent record, when the records are shared among parents and the parent was read. */
  parent?: Record<string, unknown>;
  /** For a `spread` reference: the next of the ids, each dealt once before any is dealt again. */
  deal?: (field: FieldSchema, ids: readonly number[]) => number | undefined;
}

type Generator = (args: string[], field: FieldSchema, making: Making) => unknown;

const WELL_FIELDS = ['Su', 'Tao', 'Yan', 'Chang', 'Long', 'Hua'];
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The `min:max` of a hint, refused unless both are numbers in order. */
function range(args: string[]): { min: number; max: number } {
  const [min, max] = args.map(Number);
  if (args.length !== 2 || !Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new Error(`needs two numbers, min:max (got "${args.join(':')}")`);
  }
  return { min, max };
}

/** A time moved by `amount`: days for a date field, hours otherwise; date-times on the whole minute. */
function shiftTime(base: string | Date, amount: number, field: FieldSchema): string {
  const start = new Date(base).getTime();
  if (Number.isNaN(start)) throw new Error(`cannot move "${String(base)}": it is not a time`);
  if (field.format === 'date') return new Date(start + Math.round(amount) * 24 * HOUR_MS).toISOString().slice(0, 10);
  return new Date(Math.round((start + amount * HOUR_MS) / MINUTE_MS) * MINUTE_MS).toISOString();
}

/** A number kept inside the field's bounds, on its step. */
function inBounds(value: number, field: FieldSchema): number {
  const step = field.multipleOf ?? (field.type === 'integer' ? 1 : 0.01);
  return Math.min(Math.max(onStep(value, step), field.minimum ?? -Infinity), field.maximum ?? Infinity);
}

/** A value moved by an amount within `min:max`: a number, or a time (days for dates, hours for date-times). */
function moved(base: unknown, args: string[], field: FieldSchema): unknown {
  const { min, max } = range(args);
  if (typeof base === 'number') return inBounds(base + faker.number.float({ min, max }), field);
  if (typeof base === 'string') return shiftTime(base, faker.number.float({ min, max }), field);
  return undefined; // nothing to move: the field is left out as its base is
}

const generators: Record<string, Generator> = {
  crewNumber: () => `${faker.helpers.arrayElement(['ZJ', 'CQ', 'XB'])}${faker.number.int({ min: 10000, max: 70999 })}`,
  deviceNumber: () => String(faker.number.int({ min: 1000, max: 9999 })),
  wellName: () =>
    `${faker.helpers.arrayElement(WELL_FIELDS)}${faker.number.int({ min: 10, max: 99 })}-${faker.number.int({ min: 1, max: 99 })}H`,
  // A mainland mobile number: 1, a carrier digit, nine more.
  phone: () => `1${faker.helpers.arrayElement(['3', '5', '7', '8', '9'])}${faker.string.numeric(9)}`,
  certificateNumber: () => `${faker.string.alpha({ length: 2, casing: 'upper' })}${faker.string.numeric(7)}`,
  int: (args) => faker.number.int(range(args)),
  hours: (args) => faker.number.float({ ...range(args), fractionDigits: 1 }),
  // Two decimals, or the field's own step when it is coarser (a value must stay a multiple of it).
  // Written on the step (faker's large values carry a binary tail: 631178.9300000001).
  decimal: (args, field) => {
    const step = Math.max(field.multipleOf ?? 0, 0.01);
    const places = (String(step).split('.')[1] ?? '').length;
    return Number(faker.number.float({ ...range(args), multipleOf: step }).toFixed(places));
  },
  // A time `min` to `max` days from the seed date (negative: before it): a date for a date field.
  dateAround: (args, field) => {
    const days = faker.number.float(range(args));
    return field.format === 'date' ? shiftTime(SEED_DATE, days, field) : shiftTime(SEED_DATE, days * 24, { ...field, format: 'date-time' });
  },
  // A first and a last name, without the titles faker's full names sometimes carry (Dr., Mrs.).
  personName: () => `${faker.person.firstName()} ${faker.person.lastName()}`,
  // One to four specifications of a spare part, each with the options it is sold in.
  specList: () =>
    faker.helpers.arrayElements(SPECIFICATIONS, { min: 1, max: 4 }).map((spec) => ({
      name: spec.name,
      options: faker.helpers.arrayElements([...spec.options], { min: Math.min(2, spec.options.length), max: spec.options.length }),
    })),
  // Two to four fields of a form, as a person would define them (a group's or a template's fields).
  fieldList: () => faker.helpers.arrayElements(FORM_FIELDS, { min: 2, max: FORM_FIELDS.length }).map((field) => ({ ...field })),
};

/** Fields of the trade a demo form is made of. */
const FORM_FIELDS = [
  { name: 'title', title: 'Title', type: 'input', required: true },
  { name: 'photo', title: 'Photo', type: 'upload' },
  { name: 'checked_on', title: 'Checked on', type: 'date' },
  { name: 'result', title: 'Result', type: 'select', param: 'pass=>Pass\nfail=>Fail' },
  { name: 'remarks', title: 'Remarks', type: 'textarea' },
];

/**
 * Our plain generators, with how many arguments each takes: all numbers, two being a `min:max`
 * range. The schema check refuses a hint that names no generator here, in RELATIVE_FORMS or in faker.
 */
export const GENERATOR_ARGS: Readonly<Record<string, number>> = {
  crewNumber: 0,
  deviceNumber: 0,
  wellName: 0,
  phone: 0,
  certificateNumber: 0,
  int: 2,
  hours: 2,
  decimal: 2,
  dateAround: 2,
  specList: 0,
  fieldList: 0,
  personName: 0,
};

/**
 * What an argument of a generator below is: a field of the record (made before this one), a field
 * of the record made before it in its group, a number, a list of phrases (keyed by another field's
 * values, that field), a field of the parent, or one weight per value.
 */
export type ArgKind = 'field' | 'previousField' | 'number' | 'phrases' | 'keyedPhrases' | 'keyField' | 'parentField' | 'weights';

const relative: Record<string, Generator> = {
  // The value of another field of this record moved by min..max (`offset:startcl:150:900`).
  offset: ([path, ...args], field, { record }) => moved(getPath(record, path), args, field),
  // A time min..max before that field of the record made before it (the next in time), or before the seed date.
  before: ([path, ...args], field, { previous }) => {
    const { min, max } = range(args);
    const base = getPath(previous ?? {}, path);
    return shiftTime(typeof base === 'string' ? base : SEED_DATE, -faker.number.float({ min, max }), field);
  },
  // The parent record's value of that field (a run's tool type is the tool's).
  parent: ([name], _field, { parent }) => parent?.[name],
  phrase: ([list]) => {
    if (!PHRASES[list]) throw new Error(`no phrase list "${list}" (${Object.keys(PHRASES).join(', ')})`);
    return faker.helpers.arrayElement(PHRASES[list]);
  },
  // A phrase of the list kept for the value another field of this record has (a finding for the reason).
  phraseFor: ([list, path], _field, { record }) => {
    const key = getPath(record, path);
    const phrases = key === undefined ? undefined : KEYED_PHRASES[list]?.[String(key)];
    return phrases ? faker.helpers.arrayElement(phrases) : undefined;
  },
  // The field's values (its enum, or the keys of its option list) drawn with these weights, in order.
  weights: (args, field, { config }) => {
    const values = field.enum ?? (field['x-options'] ? config[field['x-options']]?.items.map((i) => i.key) : undefined) ?? [];
    const weights = args.map(Number);
    if (values.length === 0 || weights.length !== values.length || weights.some((w) => !(w >= 0))) {
      throw new Error(`needs one weight (a number) for each of the field's ${values.length} values`);
    }
    // A weight of 0: a value the demo never draws (an instrument is on a well only by an assignment).
    return faker.helpers.weightedArrayElement(values.map((value, i) => ({ value, weight: weights[i] })).filter((v) => v.weight > 0));
  },
  // No value: the field is left out of the demo data (an image URL that would point outside).
  none: () => undefined,
  // A reference that points at every record it may before it points at any twice (every crew
  // has people); fake.ts deals the ids, this is reached only by a field that is no reference.
  spread: () => {
    throw new Error('spread deals the records a reference points at: the field needs x-ref');
  },
};

/** The generators that read more than their numbers, with the kind of each argument. */
export const RELATIVE_FORMS: Readonly<Record<string, readonly ArgKind[]>> = {
  offset: ['field', 'number', 'number'],
  before: ['previousField', 'number', 'number'],
  parent: ['parentField'],
  phrase: ['phrases'],
  phraseFor: ['keyedPhrases', 'keyField'],
  weights: ['weights'],
  none: [],
  spread: [],
};

/** The field of the same record a hint is made from (`offset:<field>:…`): it must be made first. */
export function madeFrom(hint: string | undefined): string | undefined {
  const [name, ...args] = (hint ?? '').split(':');
  const at = (RELATIVE_FORMS[name] ?? []).findIndex((kind) => kind === 'field' || kind === 'keyField');
  return at < 0 || !Object.hasOwn(RELATIVE_FORMS, name) ? undefined : args[at];
}

function fromFaker(path: string): unknown {
  let target: unknown = faker;
  for (const part of path.split('.')) target = (target as Record<string, unknown> | undefined)?.[part];
  if (typeof target !== 'function') throw new Error(`no generator "${path}" (ours, or a faker path such as person.fullName)`);
  const owner = path
    .split('.')
    .slice(0, -1)
    .reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], faker);
  return (target as (this: unknown) => unknown).call(owner);
}

const parsed = new Map<string, [string, string[]]>();

/** The value a hint makes for the field. */
export function fromHint(hint: string, field: FieldSchema, making: Making): unknown {
  let parts = parsed.get(hint);
  if (!parts) parsed.set(hint, (parts = [hint.split(':')[0], hint.split(':').slice(1)]));
  const [name, args] = parts;
  if (Object.hasOwn(generators, name)) return generators[name](args, field, making);
  if (Object.hasOwn(relative, name)) return relative[name](args, field, making);
  if (args.length) throw new Error(`no generator "${name}" taking arguments`);
  return fromFaker(name);
}
