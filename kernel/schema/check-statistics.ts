// `x-resource.statistics`: each entry names fields the stores can count by (a top-level single
// value; a number for ranges and for what is added up or averaged) of a resource that exists
// (this one unless the entry names another), a per-month entry a date field, and an expiring
// entry a date field of a resource that refers to this one; the call's path is one no other
// endpoint has.
import type { ResourceContext } from './check-fields';
import { type Found, esc } from './check-form';
import { DICTIONARY_OPTIONS_PATH } from './dictionary';
import { field as leaf, properties } from './registry';
import { DEVICE_STATS, ownerField, runFieldsOf } from './statistics';
import type { FieldSchema, ParetoSpec, PerMonthSpec, ReliabilitySpec, ResourceSchema, StatisticsEntry } from './types';

const TIME_FORMATS = ['date', 'date-time'];

/** Why records cannot be counted by this field, if they cannot: it must be a top-level single value. */
function countableProblem(root: ResourceSchema, name: string): string | undefined {
  const prop: FieldSchema | undefined = name === 'id' ? { type: 'integer' } : properties(root)[name];
  if (!prop)
    return name.includes('.')
      ? `cannot count by "${name}": it is inside a group, which the stores keep as one JSON value`
      : `"${name}" is not a field of ${root.$id}`;
  if (prop.type === 'object' || prop.type === 'array')
    return `cannot count by "${name}": it is a ${prop.type === 'array' ? 'list' : 'group'}, which the stores keep as one JSON value`;
  return undefined;
}

/** Why this field cannot be added up or averaged, if it cannot: it must be a top-level number. */
function numberProblem(root: ResourceSchema, name: string, what: string): string | undefined {
  const problem = countableProblem(root, name);
  if (problem) return problem.replace('cannot count by', `cannot ${what}`);
  const type = properties(root)[name]?.type;
  return type === 'number' || type === 'integer' ? undefined : `cannot ${what} "${name}": it is of type ${type}, not a number`;
}

/** Why this field holds no date, if it does not: a top-level date or date-time. */
function dateProblem(root: ResourceSchema, name: string): string | undefined {
  const prop = properties(root)[name];
  if (!prop) return `"${name}" is not a top-level field of ${root.$id}`;
  return prop.type === 'string' && TIME_FORMATS.includes(prop.format ?? '')
    ? undefined
    : `"${name}" of ${root.$id} holds no date: give a field of format date or date-time`;
}

/** The resource an entry counts: this one, or the one it names (a problem at `pointer` when there is none). */
function countedResource(ctx: ResourceContext, name: string | undefined, pointer: string): { root?: ResourceSchema; problems: Found[] } {
  if (name === undefined) return { root: ctx.root, problems: [] };
  if (!ctx.names.has(name)) return { problems: [{ pointer, message: `no resource "${name}" (no schemas/${name}.json)` }] };
  // A resource whose file has problems of its own is reported there.
  return { root: ctx.resources[name], problems: [] };
}

function groupProblems(ctx: ResourceContext, entry: { groupBy: string; resource?: string; sum?: string }): Found[] {
  const { root, problems } = countedResource(ctx, entry.resource, '/resource');
  if (!root) return problems;
  const out: Found[] = [];
  const problem = countableProblem(root, entry.groupBy);
  if (problem) out.push({ pointer: '/groupBy', message: problem });
  const sum = entry.sum === undefined ? undefined : numberProblem(root, entry.sum, 'add up');
  if (sum) out.push({ pointer: '/sum', message: sum });
  return out;
}

function perMonthProblems(ctx: ResourceContext, spec: PerMonthSpec): Found[] {
  const at = (pointer: string) => `/perMonth/${pointer}`;
  const { root, problems } = countedResource(ctx, spec.resource, at('resource'));
  if (!root) return problems;
  const out: Found[] = [];
  if (spec.sum !== undefined && spec.average !== undefined)
    out.push({ pointer: at('average'), message: 'a per-month entry adds up a field or averages one, not both: give sum or average' });
  const date = dateProblem(root, spec.date);
  if (date) out.push({ pointer: at('date'), message: date });
  for (const [key, what] of [
    ['sum', 'add up'],
    ['average', 'average'],
  ] as const) {
    const field = spec[key];
    const problem = field === undefined ? undefined : numberProblem(root, field, what);
    if (problem) out.push({ pointer: at(key), message: problem });
  }
  return out;
}

function histogramProblems(root: ResourceSchema, entry: { histogram: string; bins: number[] }): Found[] {
  const out: Found[] = [];
  const problem = countableProblem(root, entry.histogram);
  const type = properties(root)[entry.histogram]?.type;
  if (problem) out.push({ pointer: '/histogram', message: problem });
  else if (type !== 'number' && type !== 'integer')
    out.push({ pointer: '/histogram', message: `ranges need a number field, and "${entry.histogram}" is of type ${type}` });
  const unordered = entry.bins.findIndex((bound, i) => i > 0 && bound <= entry.bins[i - 1]);
  if (unordered > 0)
    out.push({
      pointer: `/bins/${unordered}`,
      message: `the bounds must go up: ${entry.bins[unordered]} does not come after ${entry.bins[unordered - 1]}`,
    });
  return out;
}

function expiringProblems(ctx: ResourceContext, spec: { resource: string; field: string }): Found[] {
  const add = (pointer: string, message: string): Found[] => [{ pointer: `/expiring/${pointer}`, message }];
  if (!ctx.names.has(spec.resource)) return add('resource', `no resource "${spec.resource}" (no schemas/${spec.resource}.json)`);
  const other = ctx.resources[spec.resource];
  if (!other) return [];
  const out: Found[] = [];
  if (!ownerField(other, ctx.root.$id)) {
    out.push(
      ...add(
        'resource',
        `${spec.resource} does not refer to ${ctx.root.$id}: it needs a field with "x-ref": "${ctx.root.$id}" (or to be its child collection)`,
      ),
    );
  }
  const date = dateProblem(other, spec.field);
  if (date) out.push(...add('field', date));
  return out;
}

/** Why records cannot be grouped by this field: a top-level single value, or a text member of a group (`mudata.type`). */
function memberProblem(root: ResourceSchema, name: string): string | undefined {
  if (!name.includes('.')) return countableProblem(root, name);
  const member = leaf(root, name);
  if (!member) return `"${name}" is not a field of ${root.$id}`;
  return name.split('.').length === 2 && member.schema.type === 'string'
    ? undefined
    : `cannot group by "${name}": only a text member of a top-level group can be read from its JSON value`;
}

/** The fields and values that pick records (`{"status": 0}`): top-level single values, within their enum. */
function whenProblems(root: ResourceSchema, when: Record<string, unknown>, pointer: string): Found[] {
  return Object.entries(when).flatMap(([name, value]): Found[] => {
    const problem = countableProblem(root, name);
    if (problem) return [{ pointer: `${pointer}/${esc(name)}`, message: problem }];
    const allowed = properties(root)[name]?.enum;
    return allowed && !allowed.includes(value as never)
      ? [{ pointer: `${pointer}/${esc(name)}`, message: `${JSON.stringify(value)} is not a value of "${name}" (${allowed.join(', ')})` }]
      : [];
  });
}

function reliabilityProblems(ctx: ResourceContext, spec: ReliabilitySpec): Found[] {
  const at = (pointer: string) => `/reliability/${pointer}`;
  const { root, problems } = countedResource(ctx, spec.resource, at('resource'));
  if (!root) return problems;
  const out: Found[] = [];
  if (!runFieldsOf(root, spec.hours))
    out.push({
      pointer: at('hours'),
      message: `"${spec.hours}" of ${root.$id} is not hours between two times: give a number field with "x-computed": {"hoursBetween": [start, end]}`,
    });
  const by = memberProblem(root, spec.by);
  if (by) out.push({ pointer: at('by'), message: by });
  out.push(...whenProblems(root, spec.failedWhen, at('failedWhen')));
  return out;
}

function paretoProblems(ctx: ResourceContext, spec: ParetoSpec): Found[] {
  const at = (pointer: string) => `/pareto/${pointer}`;
  const { root, problems } = countedResource(ctx, spec.resource, at('resource'));
  if (!root) return problems;
  const out: Found[] = [];
  const text = countableProblem(root, spec.field);
  const type = properties(root)[spec.field]?.type;
  if (text) out.push({ pointer: at('field'), message: text });
  else if (type !== 'string')
    out.push({ pointer: at('field'), message: `a Pareto counts reasons written as text, and "${spec.field}" is of type ${type}` });
  const date = dateProblem(root, spec.date);
  if (date) out.push({ pointer: at('date'), message: date });
  out.push(...whenProblems(root, spec.when, at('when')));
  return out;
}

function entryProblems(ctx: ResourceContext, entry: StatisticsEntry): Found[] {
  if ('reliability' in entry) return reliabilityProblems(ctx, entry.reliability);
  if ('pareto' in entry) return paretoProblems(ctx, entry.pareto);
  if ('groupBy' in entry) return groupProblems(ctx, entry);
  if ('histogram' in entry) return histogramProblems(ctx.root, entry);
  if ('perMonth' in entry) return perMonthProblems(ctx, entry.perMonth);
  return expiringProblems(ctx, entry.expiring);
}

/** The paths other calls already answer, with what answers them. */
function takenPaths(ctx: ResourceContext): Map<string, string> {
  const taken = new Map<string, string>([
    [DICTIONARY_OPTIONS_PATH, 'the dictionary options call'],
    [DEVICE_STATS.path, 'the device stats call'],
    [DEVICE_STATS.pvPath, 'the device counts call'],
  ]);
  for (const [name, schema] of Object.entries(ctx.resources)) {
    for (const [kind, endpoint] of Object.entries(schema['x-resource'].endpoints))
      taken.set(endpoint.path, `the ${kind} endpoint of ${name}`);
    const other = schema['x-resource'].statistics;
    if (other && name !== ctx.root.$id) taken.set(other.path, `the statistics of ${name}`);
  }
  return taken;
}

/** Every problem of a resource's `x-resource.statistics`. */
export function statisticsProblems(ctx: ResourceContext): Found[] {
  const spec = ctx.root['x-resource'].statistics;
  if (!spec) return [];
  const at = '/x-resource/statistics';
  const out: Found[] = [];
  const clash = takenPaths(ctx).get(spec.path);
  if (clash) out.push({ pointer: `${at}/path`, message: `${spec.path} is already ${clash}` });
  spec.entries.forEach((entry, i) => {
    for (const found of entryProblems(ctx, entry)) out.push({ pointer: `${at}/entries/${esc(i)}${found.pointer}`, message: found.message });
  });
  return out;
}
