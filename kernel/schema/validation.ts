// A record about to be written, checked against its resource's write schema: on the server
// before it reaches a store, and in the console before it is sent. Each problem names the
// field (translated) and says what is wrong in the person's language, with the field's range
// and unit where it has them; no regular expression or schema jargon ever reaches a person.
import { periodProblems } from '../schedule/period';
import { periodParts } from '../schedule/record';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Language } from '../i18n/languages';
import type { Registry } from './registry';
import { computedOrder, sourcesOf, withComputed } from './derive';
import { fields, getPath, resolve } from './registry';
import { type FieldRule, type FieldSchema, type ResourceSchema, RULE_COMPARISONS, type RuleComparison, type TimeLogRule } from './types';
import { rowPath, timeLogProblems } from './time-log';
import { compact, writeSchema } from './write-schema';
import { MAX_PROBLEMS_REPORTED, echo } from '../contract/limits';
import { MAX_FIELDS, definitionProblems } from '../forms/definitions';
import type { FieldDefinition } from '../forms/types';
import { notGiven } from './given';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldError {
  field: string;
  message: string;
}

/** Decimals kept when adding values up, so that 0.1 + 0.2 is 0.3. */
const STEP_PRECISION = 9;

/**
 * A decimal step such as 0.01 accepts every value that is a whole number of steps when written
 * in decimal (8.45, 0.07, a grid coordinate 19840756.47), which plain floating-point division
 * would refuse about one time in seven: the quotient may miss a whole number by up to a few
 * millionths for values of eight digits and more, and a value off by a hundred-thousandth of a
 * step is no value anyone types.
 */
const MULTIPLE_OF_PRECISION = 5;

/** The dotted field an Ajv error is about (the missing or unknown one for those keywords). */
export function fieldOf(error: ErrorObject): string {
  const base = error.instancePath.slice(1).replace(/\//g, '.');
  const child =
    error.keyword === 'required'
      ? (error.params as { missingProperty: string }).missingProperty
      : error.keyword === 'additionalProperties'
        ? (error.params as { additionalProperty: string }).additionalProperty
        : '';
  return [base, child]
    .filter(Boolean)
    .join('.')
    .replace(/\.\d+$/, '');
}

/** Dotted paths of the keys of `input` that `schema` has no field for, groups included. */
function unknownFields(root: ResourceSchema, schema: FieldSchema, input: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(input).flatMap(([key, value]) => {
    const known = schema.properties && Object.hasOwn(schema.properties, key) ? resolve(root, schema.properties[key]) : undefined;
    if (!known) return [`${prefix}${key}`];
    if (known.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
      return unknownFields(root, known, value as Record<string, unknown>, `${prefix}${key}.`);
    }
    return [];
  });
}

/** `input` without the keys unknownFields names: those are refused already, one message each for the first few. */
function knownOnly(root: ResourceSchema, schema: FieldSchema, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const known = schema.properties && Object.hasOwn(schema.properties, key) ? resolve(root, schema.properties[key]) : undefined;
    if (!known) continue;
    out[key] =
      known.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)
        ? knownOnly(root, known, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** The field at a dotted path, through groups and list items (`rule_value.1.name`). */
function schemaAt(root: ResourceSchema, path: string): FieldSchema | undefined {
  let schema: FieldSchema | undefined = root;
  for (const part of path.split('.')) {
    if (!schema) return undefined;
    const next: FieldSchema | undefined = /^\d+$/.test(part)
      ? schema.items
      : schema.properties && Object.hasOwn(schema.properties, part)
        ? schema.properties[part]
        : undefined;
    schema = next && resolve(root, next);
  }
  return schema;
}

/** A path without its list indexes, as labels and enum values are keyed: `rule_value.1.name` → `rule_value.name`. */
const keyPath = (path: string) => path.replace(/\.\d+(?=\.|$)/g, '');

/** The translated name of a field; a field of a list item also says which item ("Specifications, row 2, Name"). */
function fieldLabel(resource: string, path: string, t: Translate): string {
  const name = (p: string) => t(`resources.${resource}.fields.${p}`, { _: p });
  const item = /^(.*?)\.(\d+)\.(.+)$/.exec(path);
  if (!item) return name(path);
  const [, list, index, rest] = item;
  return t('validation.item_field', {
    list: name(keyPath(list)),
    row: Number(index) + 1,
    field: name(keyPath(`${list}.${rest}`)),
    _: path,
  });
}

/** How a value is shown in a message: a number in the person's language with its unit. */
function shown(value: unknown, schema: FieldSchema, language: Language, t: Translate): string {
  if (typeof value !== 'number') return String(value);
  const unit = schema['x-unit'] ? ` ${t(`units.${schema['x-unit']}`, { _: schema['x-unit'] })}` : '';
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 10 }).format(value)}${unit}`;
}

/** The label of one value of an enum, an option list or a dictionary-free choice. */
function valueLabel(resource: string, path: string, schema: FieldSchema, value: unknown, t: Translate): string {
  const list = schema['x-options'];
  return list
    ? t(`options.${list}.${value}`, { _: String(value) })
    : t(`resources.${resource}.enums.${keyPath(path)}.${value}`, { _: String(value) });
}

/** What a value must be, in words: "must be from 0 to 100,000 h", "may have at most 2 decimals". */
export function reasonFor(
  error: ErrorObject,
  schema: FieldSchema,
  context: { resource: string; path: string; language: Language; t: Translate },
): string {
  const { t, language } = context;
  const custom = schema['x-messages']?.[error.keyword];
  if (custom) return t(`validation.custom.${custom}`);
  const number = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 10 }).format(n);
  const unit = schema['x-unit'] ? ` ${t(`units.${schema['x-unit']}`, { _: schema['x-unit'] })}` : '';
  const limit = (error.params as { limit?: number }).limit;
  switch (error.keyword) {
    case 'required':
      return t('validation.required');
    case 'additionalProperties':
      return t('validation.unknown_field');
    case 'minimum':
    case 'maximum':
      if (schema.minimum !== undefined && schema.maximum !== undefined) {
        return t('validation.between', { min: number(schema.minimum), max: number(schema.maximum), unit });
      }
      return t(`validation.${error.keyword}`, { limit: number(limit ?? 0), unit });
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return t(`validation.${error.keyword}`, { limit: number(limit ?? 0), unit });
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return t(`validation.${error.keyword}`, { smart_count: limit ?? 0, limit: number(limit ?? 0) });
    case 'multipleOf': {
      const step = (error.params as { multipleOf: number }).multipleOf;
      const decimals = Math.round(-Math.log10(step));
      return decimals > 0 && Math.abs(10 ** -decimals - step) < 1e-12
        ? t('validation.decimals', { smart_count: decimals })
        : t('validation.multipleOf', { step: number(step), unit });
    }
    case 'type':
      return t('validation.type', { type: t(`validation.types.${(error.params as { type: string }).type}`) });
    case 'format':
      return t(`validation.formats.${(error.params as { format: string }).format}`, { _: t('validation.invalid') });
    case 'enum': {
      const allowed = (error.params as { allowedValues: (string | number)[] }).allowedValues;
      const label = (v: string | number) => valueLabel(context.resource, context.path, schema, v, t);
      return allowed.length <= 12 ? t('validation.enum', { values: allowed.map(label).join(', ') }) : t('validation.enum_long');
    }
    case 'uniqueItems':
      return t('validation.uniqueItems');
    default:
      return t('validation.invalid');
  }
}

/** A value a rule can compare: a number, or a date or time as milliseconds. */
function comparable(schema: FieldSchema | undefined, value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || (schema?.format !== 'date-time' && schema?.format !== 'date')) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

const HOLDS: Record<RuleComparison, (a: number, b: number) => boolean> = {
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
};
/** Comparisons of times say "after" and "before" rather than "more" and "less". */
const TIME_WORDS: Record<RuleComparison, string> = { gt: 'after', gte: 'not_before', lt: 'before', lte: 'not_after' };

interface Context {
  resource: string;
  root: ResourceSchema;
  language: Language;
  t: Translate;
  /** The time the record is checked at (the server's clock; the browser's in a form). */
  now: Date;
}

/** The browser's clock and the server's may differ a little: a time this close to now is not yet the future. */
const CLOCK_GRACE_MS = 60_000;

/** The day `now` is, where the check runs, as a date field holds it (YYYY-MM-DD). */
const dayOf = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** A date later than today, or a time later than now (give or take the clocks' difference). */
function inFuture(schema: FieldSchema | undefined, value: unknown, now: Date): boolean {
  if (typeof value !== 'string') return false;
  if (schema?.format === 'date') return value > dayOf(now);
  const ms = comparable(schema, value);
  return ms !== undefined && ms > now.getTime() + CLOCK_GRACE_MS;
}

/**
 * The problems of the resource's `x-rules` in a record: a comparison with another field (checked
 * when both are given; the other may be a value the record's own fields compute), a field
 * required while others hold given values, or fields that together must stay within a maximum.
 * Each names the fields and is attached to the rule's `field`, so a form shows it under that
 * input. A rule about a field already refused (`refused`) says nothing: that field's own problem
 * comes first.
 */
function ruleProblems(data: Record<string, unknown>, refused: Set<string>, context: Context): FieldError[] {
  const { resource, root, language, t } = context;
  const out: FieldError[] = [];
  const label = (path: string) => fieldLabel(resource, path, t);
  for (const rule of (root['x-rules'] ?? []).flatMap((r) => perRow(r, data))) {
    const value = getPath(data, rule.field);
    for (const op of RULE_COMPARISONS) {
      const other = rule[op];
      if (other === undefined || refused.has(other)) continue;
      const [schema, otherSchema] = [schemaAt(root, rule.field), schemaAt(root, other)];
      const [a, b] = [comparable(schema, value), comparable(otherSchema, getPath(data, other))];
      if (a === undefined || b === undefined || HOLDS[op](a, b)) continue;
      const time = typeof value === 'string';
      const reason = time
        ? t(`validation.rules.${TIME_WORDS[op]}`, { other: label(other) })
        : t(`validation.rules.${op}`, { other: label(other), value: shown(getPath(data, other), otherSchema ?? {}, language, t) });
      out.push({ field: rule.field, message: `${label(rule.field)}: ${reason}` });
    }
    const when = Object.entries(rule.requiredWhen ?? {});
    if (when.length > 0 && notGiven(value) && when.every(([path, expected]) => !refused.has(path) && getPath(data, path) === expected)) {
      const [path, expected] = when[0];
      const other = when
        .map(([p, v]) => t('validation.rules.is', { other: label(p), value: valueLabel(resource, p, schemaAt(root, p) ?? {}, v, t) }))
        .join(', ');
      out.push({
        field: rule.field,
        message: `${label(rule.field)}: ${t('validation.rules.required_when', { condition: other, _: `${path} = ${expected}` })}`,
      });
    }
    const withOther = rule.requiredWith;
    if (withOther !== undefined && notGiven(value) && !refused.has(withOther) && !notGiven(getPath(data, withOther)))
      out.push({ field: rule.field, message: `${label(rule.field)}: ${t('validation.rules.required_with', { other: label(withOther) })}` });
    if (rule.notFuture && inFuture(schemaAt(root, rule.field), value, context.now))
      out.push({ field: rule.field, message: `${label(rule.field)}: ${t('validation.rules.not_future')}` });
    if (rule.sumAtMost) out.push(...sumProblems(data, rule.field, rule.sumAtMost, refused, context));
    if (rule.period) out.push(...periodRuleProblems(data, rule.field, refused, context));
    if (rule.timeLog) out.push(...timeLogRuleProblems(data, rule.field, rule.timeLog, refused, context));
  }
  return out;
}

/**
 * A rule about the rows of a list (its paths name them with `*`: `timeLog.*.depthTo`) as one
 * rule per row, each path naming that row (`timeLog.2.depthTo`); any other rule as it is.
 */
function perRow(rule: FieldRule, data: Record<string, unknown>): FieldRule[] {
  const rows = rowPath(rule.field);
  if (!rows) return [rule];
  const list = getPath(data, rows.list);
  const count = Array.isArray(list) ? list.length : 0;
  const at = (i: number) => (path: string) => path.replace(`${rows.list}.*.`, `${rows.list}.${i}.`);
  return Array.from({ length: count }, (_, i) => {
    const name = at(i);
    const out: FieldRule = { ...rule, field: name(rule.field) };
    for (const op of RULE_COMPARISONS) if (rule[op] !== undefined) out[op] = name(rule[op]!);
    if (rule.requiredWhen) out.requiredWhen = Object.fromEntries(Object.entries(rule.requiredWhen).map(([path, v]) => [name(path), v]));
    return out;
  });
}

/** A time log's problems, each under the row's time it is about (`timeLog.2.to`), or under the list. */
function timeLogRuleProblems(
  data: Record<string, unknown>,
  list: string,
  rule: TimeLogRule,
  refused: Set<string>,
  { resource, t }: Context,
): FieldError[] {
  return timeLogProblems(data, list, rule)
    .map((problem) => {
      const field = 'index' in problem ? `${list}.${problem.index}.${rule[problem.part]}` : list;
      const words = { ...problem, other: 'other' in problem ? problem.other + 1 : undefined, day: '00:00–24:00' };
      return { field, message: `${fieldLabel(resource, field, t)}: ${t(`validation.time_log.${problem.reason}`, words)}` };
    })
    .filter((problem) => !refused.has(problem.field));
}

/** A scheduled job's period that cannot run: each part the type uses, missing or out of its range, under its own field. */
function periodRuleProblems(
  data: Record<string, unknown>,
  typeField: string,
  refused: Set<string>,
  { resource, t }: Context,
): FieldError[] {
  return periodProblems(periodParts(data, typeField))
    .map((problem) => ({ ...problem, field: problem.field === 'type' ? typeField : problem.field }))
    .filter((problem) => !refused.has(problem.field))
    .map(({ field, reason, min, max }) => ({
      field,
      message: `${fieldLabel(resource, field, t)}: ${t(`schedule.problems.${reason}`, { min, max })}`,
    }));
}

/** The given fields of `of` adding up to more than `max`: one problem under `field`, naming them all and the maximum with its unit. */
function sumProblems(
  data: Record<string, unknown>,
  field: string,
  { of, max }: { of: string[]; max: number },
  refused: Set<string>,
  context: Context,
): FieldError[] {
  const { resource, root, language, t } = context;
  if (of.some((path) => refused.has(path))) return [];
  const given = of.map((path) => getPath(data, path)).filter((v): v is number => typeof v === 'number');
  const total = Number(given.reduce((sum, v) => sum + v, 0).toFixed(STEP_PRECISION));
  if (given.length === 0 || total <= max) return [];
  const names = new Intl.ListFormat(language, { type: 'conjunction' }).format(of.map((path) => fieldLabel(resource, path, t)));
  const limit = shown(max, schemaAt(root, field) ?? {}, language, t);
  return [
    {
      field,
      message: t('validation.rules.sum_at_most', {
        fields: names,
        max: limit,
        total: shown(total, schemaAt(root, field) ?? {}, language, t),
      }),
    },
  ];
}

/** The refused fields, and the computed fields made from any of them (directly or not). */
function withComputedRefused(root: ResourceSchema, refused: Set<string>): Set<string> {
  const out = new Set(refused);
  for (const name of computedOrder(root)) {
    if (sourcesOf(root.properties![name]['x-computed']!).some((source) => out.has(source))) out.add(name);
  }
  return out;
}

/** The items of lists marked `x-unique-by` that repeat an earlier item's key (trimmed, ignoring case), each at its key. */
function repeatedItems(data: Record<string, unknown>, { resource, root, t }: Context): FieldError[] {
  const out: FieldError[] = [];
  for (const { path, schema } of fields(root)) {
    const key = schema['x-unique-by'];
    const list = key && getPath(data, path);
    if (!key || !Array.isArray(list)) continue;
    const first = new Map<string, number>();
    list.forEach((item, i) => {
      const raw = item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
      if (typeof raw !== 'string' && typeof raw !== 'number') return;
      const name = String(raw).trim().toLocaleLowerCase();
      const earlier = first.get(name);
      if (earlier === undefined) first.set(name, i);
      else {
        const field = `${path}.${i}.${key}`;
        out.push({
          field,
          message: `${fieldLabel(resource, field, t)}: ${t('validation.unique_by', { value: echo(String(raw)), row: earlier + 1 })}`,
        });
      }
    });
  }
  return out;
}

/** The lists marked `x-field-definitions` whose items do not make a sound form, each problem at its item's part. */
function definitionListProblems(data: Record<string, unknown>, { resource, root, t }: Context): FieldError[] {
  const out: FieldError[] = [];
  for (const { path, schema } of fields(root)) {
    const list = schema['x-field-definitions'] ? getPath(data, path) : undefined;
    if (!Array.isArray(list)) continue;
    for (const problem of definitionProblems(list as FieldDefinition[])) {
      const field = problem.index === undefined ? path : `${path}.${problem.index}.${problem.part}`;
      const reason = t(`forms.problems.${problem.reason}`, { line: problem.line, max: MAX_FIELDS });
      out.push({ field, message: `${fieldLabel(resource, field, t)}: ${reason}` });
    }
  }
  return out;
}

export class RecordValidator {
  private ajv = addFormats(new Ajv({ allErrors: true, strict: false, multipleOfPrecision: MULTIPLE_OF_PRECISION }));
  private compiled = new Map<string, ValidateFunction>();
  private computed = new Map<string, ValidateFunction>();

  constructor(private registry: Registry) {}

  private compile(resource: string): ValidateFunction {
    let fn = this.compiled.get(resource);
    if (!fn) {
      fn = this.ajv.compile(writeSchema(this.registry.resources[resource], this.registry.config));
      this.compiled.set(resource, fn);
    }
    return fn;
  }

  /**
   * The problems of a record about to be written; empty when it is valid. Empty values
   * (null, '') mean "no value" and are checked as absent; a field the schema does not know
   * is refused whatever its value.
   */
  check(resource: string, input: Record<string, unknown>, language: Language, t: Translate, now = new Date()): FieldError[] {
    const root = this.registry.resources[resource];
    const label = (field: string) => fieldLabel(resource, field, t);
    // A caller's own field names are quoted shortened, and only the first few of them.
    const unknown = unknownFields(root, root, input);
    const out: FieldError[] = unknown
      .slice(0, MAX_PROBLEMS_REPORTED)
      .map((name) => echo(name))
      .map((field) => ({ field, message: `${label(field)}: ${t('validation.unknown_field')}` }));
    const seen = new Set(out.map((e) => e.field));
    const validate = this.compile(resource);
    // Unknown fields are refused above: the schema's check need not find each of them again.
    const data = compact(unknown.length > 0 ? knownOnly(root, root, input) : input, root);
    const errors = validate(data) ? [] : (validate.errors ?? []);
    for (const error of errors) {
      const field = echo(fieldOf(error));
      if (seen.has(field)) continue; // one message a field is enough to act on
      seen.add(field);
      if (out.length >= MAX_PROBLEMS_REPORTED) continue; // refused all the same, not worded
      const schema = schemaAt(root, field) ?? {};
      out.push({ field, message: `${label(field)}: ${reasonFor(error, schema, { resource, path: keyPath(field), language, t })}` });
    }
    // Checks across fields, for the fields that passed their own, with the values the record computes.
    const context = { resource, root, language, t, now };
    const ruled = ruleProblems(withComputed(root, data), withComputedRefused(root, seen), context);
    for (const problem of [...ruled, ...repeatedItems(data, context), ...definitionListProblems(data, context)]) {
      if (seen.has(problem.field)) continue;
      seen.add(problem.field);
      out.push(problem);
    }
    // The first few problems of every kind are enough to act on; the rest are refused all the same.
    return out.slice(0, MAX_PROBLEMS_REPORTED);
  }

  /**
   * Problems of the values the server computed (`x-computed`) against their own field's bounds:
   * a use time worked out from two far-apart times must still fit its range, or nothing is written.
   */
  checkComputed(resource: string, record: Record<string, unknown>, language: Language, t: Translate): FieldError[] {
    const root = this.registry.resources[resource];
    const out: FieldError[] = [];
    for (const { path, schema } of fields(root)) {
      const value = getPath(record, path);
      if (!schema['x-computed'] || value === undefined || value === null) continue;
      const key = `${resource}#${path}`;
      let validate = this.computed.get(key);
      if (!validate) {
        const { readOnly: _r, ...bounds } = Object.fromEntries(Object.entries(schema).filter(([k]) => !k.startsWith('x-'))) as FieldSchema;
        validate = this.ajv.compile({ ...bounds, definitions: root.definitions });
        this.computed.set(key, validate);
      }
      const error = validate(value) ? undefined : validate.errors?.[0];
      if (error)
        out.push({
          field: path,
          message: `${fieldLabel(resource, path, t)}: ${reasonFor(error, schema, { resource, path, language, t })}`,
        });
    }
    return out;
  }
}
