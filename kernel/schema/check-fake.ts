// What is wrong with an `x-fake` hint, found before the demo data is made: a generator that does
// not exist, arguments miscounted or not numbers, a range upside down or outside the field's
// bounds, a faker function that needs arguments or makes the wrong kind of value, a field to make
// it from that the record does not have, weights that do not match the field's values; and a
// seed plan naming a generator that does not exist or does not make that resource.
import { faker } from '@faker-js/faker/locale/en';
import { type ArgKind, GENERATOR_ARGS, RELATIVE_FORMS } from '../demo/generators';
import { KEYED_PHRASES, PHRASES } from '../demo/phrases';
import type { SeedGenerator } from '../demo/made';
import { SEED_GENERATORS } from '../demo/seed-generators';
import type { Found } from './check-form';
import { fields } from './registry';
import type { ConfigOptions, FieldSchema, ResourceSchema } from './types';

export const OURS_GENERATORS = [...Object.keys(GENERATOR_ARGS), ...Object.keys(RELATIVE_FORMS)].join(', ');
const TIME_FORMATS = ['date-time', 'date'];

/** What a hint that reads other values is checked against: the resource, its parent, the option lists. */
export interface FakeContext {
  root: ResourceSchema;
  resources: Record<string, ResourceSchema>;
  config: ConfigOptions;
}

const KIND_OF: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
};

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (Number.isInteger(value)) return 'an integer';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The faker function at a path such as `person.fullName`, with the object it belongs to. */
function fakerFunction(path: string): { fn: (this: unknown) => unknown; owner: unknown } | undefined {
  const parts = path.split('.');
  // One part would be faker's own machinery (seed, setDefaultRefDate), not a generator.
  if (parts.length < 2) return undefined;
  let owner: unknown;
  let target: unknown = faker;
  for (const part of parts) {
    if (target === null || typeof target !== 'object' || part in Object.prototype || part.startsWith('_') || !(part in target))
      return undefined;
    owner = target;
    target = (target as Record<string, unknown>)[part];
  }
  return typeof target === 'function' ? { fn: target as (this: unknown) => unknown, owner } : undefined;
}

function rangeProblem(name: string, args: string[], field: FieldSchema): string | undefined {
  const numbers = args.map(Number);
  const bad = args.find((arg, i) => arg.trim() === '' || !Number.isFinite(numbers[i]));
  if (bad !== undefined) return `${name} takes numbers, and "${bad}" is not one`;
  if (args.length !== 2) return undefined;
  const [min, max] = numbers;
  if (min > max) return `${name}:${min}:${max} has its min above its max`;
  if (field.minimum !== undefined && min < field.minimum) return `${name}:${min}:${max} goes below the field's minimum ${field.minimum}`;
  if (field.maximum !== undefined && max > field.maximum) return `${name}:${min}:${max} goes above the field's maximum ${field.maximum}`;
  return undefined;
}

/** What is wrong with one argument of a generator that reads other values. */
function argProblem(name: string, kind: ArgKind, arg: string, field: FieldSchema, ctx: FakeContext): string | undefined {
  switch (kind) {
    case 'number':
      return Number.isFinite(Number(arg)) && arg.trim() !== ''
        ? undefined
        : `${name} takes numbers after its first argument, and "${arg}" is not one`;
    case 'field':
    case 'previousField': {
      const source = fields(ctx.root).find((f) => f.path === arg);
      if (!source) return `"${arg}" is not a field of ${ctx.root.$id} (dotted within groups)`;
      const time = TIME_FORMATS.includes(field.format ?? '');
      if (name === 'before' && !time) return 'before makes a date or time: the field must have format date-time or date';
      const numeric = (s: FieldSchema) => s.type === 'number' || s.type === 'integer';
      const fits = time ? TIME_FORMATS.includes(source.schema.format ?? '') : numeric(field) && numeric(source.schema);
      return fits ? undefined : `${name} moves a number or a time, and "${arg}" and this field are not both numbers or both times`;
    }
    case 'phrases':
      return Object.hasOwn(PHRASES, arg) ? undefined : `no phrase list "${arg}" (${Object.keys(PHRASES).join(', ')})`;
    case 'keyedPhrases':
      return Object.hasOwn(KEYED_PHRASES, arg) ? undefined : `no keyed phrase list "${arg}" (${Object.keys(KEYED_PHRASES).join(', ')})`;
    case 'keyField':
      return fields(ctx.root).some((f) => f.path === arg) ? undefined : `"${arg}" is not a field of ${ctx.root.$id} (dotted within groups)`;
    case 'parentField': {
      const parent = ctx.root['x-resource'].parent?.resource;
      const parentSchema = parent ? ctx.resources[parent] : undefined;
      if (!parentSchema) return 'parent reads the parent record: the resource needs x-resource.parent';
      if (!ctx.root['x-resource'].seed?.perParent)
        return 'parent reads the parent record, which the demo data knows only when seed.perParent shares the records among parents';
      return Object.hasOwn(parentSchema.properties ?? {}, arg) ? undefined : `"${arg}" is not a top-level field of ${parent}`;
    }
    default:
      return undefined;
  }
}

/** What is wrong with a hint of a generator that reads other values (RELATIVE_FORMS). */
function relativeProblem(name: string, args: string[], field: FieldSchema, ctx: FakeContext): string | undefined {
  const form = RELATIVE_FORMS[name];
  if (form[0] === 'weights') {
    const values = field.enum ?? (field['x-options'] ? ctx.config[field['x-options']]?.items : undefined);
    if (!values) return "weights draws among the field's values: the field needs an enum or x-options";
    if (args.length !== values.length)
      return `weights needs one weight for each of the field's ${values.length} values, not ${args.length}`;
    const bad = args.find((arg) => !(Number(arg) >= 0) || arg.trim() === '');
    return bad === undefined ? undefined : `weights are numbers of 0 or more, and "${bad}" is not one`;
  }
  if (name === 'spread' && !field['x-ref']) return 'spread deals the records a reference points at: the field needs x-ref';
  if (args.length !== form.length)
    return `${name} takes ${form.length === 0 ? 'no' : form.length} argument${form.length === 1 ? '' : 's'} (${[name, ...form].join(':')}), not ${args.length}`;
  for (const [i, kind] of form.entries()) {
    const problem = argProblem(name, kind, args[i], field, ctx);
    if (problem) return problem;
  }
  if (form.length === 3 && Number(args[1]) > Number(args[2])) return `${name}:${args.join(':')} has its min above its max`;
  return undefined;
}

/** What is wrong with the field's `x-fake`, in words; undefined when nothing is. */
export function fakeProblem(field: FieldSchema, ctx?: FakeContext): string | undefined {
  const hint = field['x-fake'];
  if (hint === undefined) return undefined;
  const [name, ...args] = hint.split(':');
  if (Object.hasOwn(RELATIVE_FORMS, name)) return ctx ? relativeProblem(name, args, field, ctx) : undefined;
  const count = GENERATOR_ARGS[name];
  if (Object.hasOwn(GENERATOR_ARGS, name)) {
    if (args.length !== count) {
      const form = count === 2 ? ` (${name}:min:max)` : '';
      return `${name} takes ${count === 0 ? 'no' : count} argument${count === 1 ? '' : 's'}${form}, not ${args.length}`;
    }
    return rangeProblem(name, args, field);
  }
  const found = fakerFunction(name);
  if (!found) return `no generator "${name}": ours are ${OURS_GENERATORS}; any other is a faker function such as person.fullName`;
  if (args.length) return `faker's ${name} takes no arguments here`;
  let sample: unknown;
  try {
    sample = found.fn.call(found.owner);
  } catch {
    return `faker's ${name} needs arguments, which x-fake cannot give`;
  }
  const fits = field.type && KIND_OF[field.type];
  if (fits && !fits(sample))
    return `faker's ${name} makes ${describe(sample)}, but the field is ${field.type === 'integer' ? 'an integer' : `a ${field.type}`}`;
  return undefined;
}

/**
 * What is wrong with a seed plan that names a generator (`seed.generator`): a name no generator
 * has; a resource the generator does not make; a resource it makes, or reads, missing, or one it
 * makes that does not name it (it makes them all together); keywords of the field-by-field faker
 * (`perParent`, `parentShare`, `fixed`) that it would ignore.
 */
export function generatorPlanProblems(
  root: ResourceSchema,
  resources: Record<string, ResourceSchema>,
  generators: Readonly<Record<string, SeedGenerator>> = SEED_GENERATORS,
): Found[] {
  const plan = root['x-resource'].seed;
  if (!plan?.generator) return [];
  const at = (key: string, message: string): Found => ({ pointer: `/x-resource/seed/${key}`, message });
  const name = plan.generator;
  if (!Object.hasOwn(generators, name)) return [at('generator', `no generator "${name}": ours are ${Object.keys(generators).join(', ')}`)];
  const { makes, reads } = generators[name];
  if (!makes.includes(root.$id)) return [at('generator', `the generator ${name} makes ${makes.join(', ')}, not ${root.$id}`)];
  const out: Found[] = [];
  for (const other of makes) {
    if (!resources[other])
      out.push(at('generator', `the generator ${name} makes ${makes.join(', ')} together, and ${other} is not a resource`));
    else if (resources[other]['x-resource'].seed?.generator !== name)
      out.push(at('generator', `the generator ${name} makes ${makes.join(', ')} together: ${other} must name it in its seed plan too`));
  }
  for (const other of reads)
    if (!resources[other]) out.push(at('generator', `the generator ${name} reads the records of ${other}, which is not a resource`));
  for (const key of ['perParent', 'parentShare', 'fixed'] as const) {
    if (plan[key] !== undefined)
      out.push(at(key, `${key} is for records made field by field; the generator ${name} decides what it makes`));
  }
  return out;
}
