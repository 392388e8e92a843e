// What is wrong with an `x-fake` hint, found before the demo data is made: a generator that does
// not exist, arguments miscounted or not numbers, a range upside down or outside the field's
// bounds, a faker function that needs arguments or makes the wrong kind of value.
import { faker } from '@faker-js/faker/locale/en';
import { GENERATOR_ARGS } from '../demo/fake';
import type { FieldSchema } from './types';

const OURS = Object.keys(GENERATOR_ARGS).join(', ');

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
    if (target === null || typeof target !== 'object' || part in Object.prototype || part.startsWith('_') || !(part in target)) return undefined;
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

/** What is wrong with the field's `x-fake`, in words; undefined when nothing is. */
export function fakeProblem(field: FieldSchema): string | undefined {
  const hint = field['x-fake'];
  if (hint === undefined) return undefined;
  const [name, ...args] = hint.split(':');
  const count = GENERATOR_ARGS[name];
  if (Object.hasOwn(GENERATOR_ARGS, name)) {
    if (args.length !== count) {
      const form = count === 2 ? ` (${name}:min:max)` : '';
      return `${name} takes ${count === 0 ? 'no' : count} argument${count === 1 ? '' : 's'}${form}, not ${args.length}`;
    }
    return rangeProblem(name, args, field);
  }
  const found = fakerFunction(name);
  if (!found) return `no generator "${name}": ours are ${OURS}; any other is a faker function such as person.fullName`;
  if (args.length) return `faker's ${name} takes no arguments here`;
  let sample: unknown;
  try {
    sample = found.fn.call(found.owner);
  } catch {
    return `faker's ${name} needs arguments, which x-fake cannot give`;
  }
  const fits = field.type && KIND_OF[field.type];
  if (fits && !fits(sample)) return `faker's ${name} makes ${describe(sample)}, but the field is ${field.type === 'integer' ? 'an integer' : `a ${field.type}`}`;
  return undefined;
}
