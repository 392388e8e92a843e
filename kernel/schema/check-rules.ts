// The checks across fields of a resource (`x-rules`) and the plan of its demo data (`seed`),
// checked against what the validation and the demo data can do: rules name fields a person types
// (a comparison may also name a value the record's own fields compute) and compare values of one
// kind, a sum adds up numbers; a child's records can be shared among the records its parent's
// plan makes.
import { type Found, esc } from './check-form';
import type { ResourceContext } from './check-fields';
import { valueProblem } from './check-values';
import { needsStore } from './derive';
import { fields, resolve } from './registry';
import { type FieldRule, type FieldSchema, PERIOD_PARTS, RULE_COMPARISONS, type ResourceSchema } from './types';

type Kind = 'number' | 'time' | 'other';
const kindOf = (schema: FieldSchema): Kind =>
  schema.type === 'number' || schema.type === 'integer'
    ? 'number'
    : schema.format === 'date-time' || schema.format === 'date'
      ? 'time'
      : 'other';

/**
 * Why a rule cannot name this field; undefined when it can (a field a person types, or, where
 * `computedToo`, a value computed from the record's own fields, which the console works out too).
 */
function namedProblem(root: ResourceSchema, leaves: Map<string, FieldSchema>, name: string, computedToo = false): string | undefined {
  const leaf = leaves.get(name);
  if (!leaf) {
    const group = Object.hasOwn(root.properties ?? {}, name);
    return group ? `"${name}" is a group: name one of its fields (${name}.…)` : `"${name}" is not a field of ${root.$id}`;
  }
  const computed = leaf['x-computed'];
  if (computedToo && computed && !needsStore(computed)) return undefined;
  if (computedToo && computed)
    return `"${name}" is worked out from other records, which the console does not have: rules compare values of the record`;
  return leaf.readOnly ? `"${name}" is set by the server, and rules check what a person gives` : undefined;
}

/** The problems of a `sumAtMost` rule: it adds up number fields a person types, its own field among them. */
function sumProblems(
  root: ResourceSchema,
  leaves: Map<string, FieldSchema>,
  rule: FieldRule,
  add: (pointer: string, message: string | undefined) => void,
) {
  const { of, max } = rule.sumAtMost!;
  of.forEach((name, j) => {
    const problem = namedProblem(root, leaves, name);
    if (problem) add(`/sumAtMost/of/${j}`, problem);
    else if (kindOf(leaves.get(name)!) !== 'number')
      add(`/sumAtMost/of/${j}`, `"${name}" is of type ${leaves.get(name)!.type}: sumAtMost adds up numbers`);
  });
  if (!of.includes(rule.field)) add('/field', `a sumAtMost rule stands under one of the fields it adds up (${of.join(', ')})`);
  if (max <= 0) add('/sumAtMost/max', 'must be more than 0: the fields cannot be negative and all be given');
}

/** A `period` rule stands under the period's type and finds its parts as top-level whole-number fields. */
function periodRuleProblems(root: ResourceSchema, rule: FieldRule, add: (pointer: string, message: string | undefined) => void) {
  const own = root.properties ?? {};
  const integer = (name: string) => Object.hasOwn(own, name) && own[name].type === 'integer';
  if (!integer(rule.field))
    add('/field', `"${rule.field}" must be a top-level integer field: a period rule stands under the period's type`);
  const missing = PERIOD_PARTS.filter((part) => !integer(part));
  if (missing.length > 0)
    add(
      '/period',
      `a period reads the top-level integer fields ${PERIOD_PARTS.join(', ')}; missing or not integers: ${missing.join(', ')}`,
    );
}

/** The fields of the rows of top-level lists of objects, by the path rules name them with (`timeLog.*.depthTo`). */
function rowLeaves(root: ResourceSchema): [string, FieldSchema][] {
  return Object.entries(root.properties ?? {}).flatMap(([name, prop]) => {
    const items = prop.type === 'array' && prop.items ? resolve(root, prop.items) : undefined;
    if (items?.type !== 'object') return [];
    return Object.entries(items.properties ?? {}).map(([part, raw]) => [`${name}.*.${part}`, resolve(root, raw)] as [string, FieldSchema]);
  });
}

/** A `timeLog` rule stands under a top-level list of objects whose rows hold its two clock times. */
function timeLogRuleProblems(root: ResourceSchema, rule: FieldRule, add: (pointer: string, message: string | undefined) => void) {
  const list = Object.hasOwn(root.properties ?? {}, rule.field) ? root.properties![rule.field] : undefined;
  const items = list?.type === 'array' && list.items ? resolve(root, list.items) : undefined;
  if (items?.type !== 'object') return add('/field', `"${rule.field}" must be a top-level list of objects: a timeLog rule checks its rows`);
  for (const part of ['from', 'to'] as const) {
    const name = rule.timeLog![part];
    const prop = Object.hasOwn(items.properties ?? {}, name) ? resolve(root, items.properties![name]) : undefined;
    if (prop?.type !== 'string') add(`/timeLog/${part}`, `"${name}" must be a text field of the rows of ${rule.field} ("HH:MM")`);
  }
  for (const name of Object.keys(rule.timeLog!.coverWhen ?? {}))
    if (!Object.hasOwn(root.properties ?? {}, name))
      add(`/timeLog/coverWhen/${esc(name)}`, `"${name}" is not a top-level field of ${root.$id}`);
}

/** Every problem of the resource's `x-rules`, each at its pointer. */
export function rulesProblems({ root, config }: ResourceContext): Found[] {
  const out: Found[] = [];
  const leaves = new Map([...fields(root).map((f) => [f.path, f.schema] as [string, FieldSchema]), ...rowLeaves(root)]);
  const required = new Set(
    fields(root)
      .filter((f) => f.required)
      .map((f) => f.path),
  );
  (root['x-rules'] ?? []).forEach((rule, i) => {
    const add = (pointer: string, message: string | undefined) => message && out.push({ pointer: `/x-rules/${i}${pointer}`, message });
    if (rule.timeLog) return timeLogRuleProblems(root, rule, add);
    const fieldProblem = namedProblem(root, leaves, rule.field);
    // A rule about a list's rows names fields of the same rows.
    const rows = rule.field.split('.*.')[0];
    for (const op of RULE_COMPARISONS) {
      const other = rule[op];
      if (other === undefined) continue;
      if (other.includes('.*.') !== rule.field.includes('.*.') || (other.includes('.*.') && other.split('.*.')[0] !== rows))
        add(`/${op}`, `"${rule.field}" and "${other}" must both be fields of the record, or both of the same list's rows (${rows}.*.…)`);
    }
    add('/field', fieldProblem);
    for (const op of RULE_COMPARISONS) {
      const other = rule[op];
      if (other === undefined) continue;
      const otherProblem = namedProblem(root, leaves, other, true);
      add(`/${op}`, otherProblem);
      if (fieldProblem || otherProblem) continue;
      const [a, b] = [kindOf(leaves.get(rule.field)!), kindOf(leaves.get(other)!)];
      if (a === 'other' || a !== b)
        add(`/${op}`, `"${rule.field}" and "${other}" cannot be compared: rules compare two numbers, or two dates or times`);
      else if (other === rule.field) add(`/${op}`, 'compares the field with itself');
    }
    if (rule.sumAtMost) sumProblems(root, leaves, rule, add);
    if (rule.period) periodRuleProblems(root, rule, add);
    if (rule.notFuture && !fieldProblem && kindOf(leaves.get(rule.field)!) !== 'time')
      add('/notFuture', `"${rule.field}" is not a date or a time: notFuture keeps a date or a time from being later than now`);
    if (rule.requiredWith !== undefined) {
      add('/requiredWith', namedProblem(root, leaves, rule.requiredWith));
      if (rule.requiredWith === rule.field) add('/requiredWith', 'names the field itself');
      if (!fieldProblem && required.has(rule.field))
        add('/requiredWith', `"${rule.field}" is required always, so requiredWith adds nothing`);
    }
    if (!rule.requiredWhen) return;
    if (!fieldProblem && required.has(rule.field)) add('/requiredWhen', `"${rule.field}" is required always, so requiredWhen adds nothing`);
    for (const [name, value] of Object.entries(rule.requiredWhen)) {
      const at = `/requiredWhen/${esc(name)}`;
      const leaf = leaves.get(name);
      if (!leaf) add(at, `"${name}" is not a field of ${root.$id}`);
      else add(at, valueProblem(leaf, value, config));
    }
  });
  return out;
}

/** Every problem of the resource's demo data plan that the other resources' plans reveal. */
export function seedPlanProblems({ root, resources }: ResourceContext): Found[] {
  const plan = root['x-resource'].seed;
  if (!plan) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string) => out.push({ pointer: `/x-resource/seed${pointer}`, message });
  const parent = root['x-resource'].parent?.resource;
  if (plan.parentShare !== undefined && !plan.perParent)
    add('/parentShare', 'parentShare says which share of the parents get records: it needs perParent');
  if (!plan.perParent) return out;
  if (!parent)
    return [
      ...out,
      {
        pointer: '/x-resource/seed/perParent',
        message: 'perParent shares the records among parents: the resource needs x-resource.parent',
      },
    ];
  const [min, max] = plan.perParent;
  if (min > max) return [...out, { pointer: '/x-resource/seed/perParent', message: `has its min ${min} above its max ${max}` }];
  const parentPlan = resources[parent]?.['x-resource'].seed;
  if (!resources[parent]) return out; // A missing parent is reported with x-resource.parent.
  const parents = Math.round((plan.parentShare ?? 1) * ((parentPlan?.count ?? 0) + (parentPlan?.fixed?.length ?? 0)));
  if (plan.count < parents * min || plan.count > parents * max) {
    add(
      '/count',
      `${plan.count} records cannot be shared among the ${parents} ${parent} records of its plan at ${min} to ${max} each (${parents * min} to ${parents * max})`,
    );
  }
  return out;
}
