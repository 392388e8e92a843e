// `x-computed`, checked against what the server can work out on a write: a field written directly
// in `properties` (the server computes column by column), from top-level single values, joined
// (`concat`), counted in hours between two times (`hoursBetween`, into a number), another
// top-level field's value as it is (`copy`, into a field of the same type), one number minus or
// divided by another (`difference`, `ratio`: into a number), a field of the parent record
// (`fromParent`, on a child collection: of the same type), or the total of a number field over
// this record's child records (`sumOf`), or over those that began after the latest time of another
// child collection (`sumSince`). Computed fields made from each other must not go round
// in a circle.
import type { ResourceContext } from './check-fields';
import type { Found } from './check-form';
import { sourcesOf } from './derive';
import type { ComputedSpec, FieldSchema, LogHoursSpec, ResourceSchema } from './types';

const TIME_FORMATS = ['date-time', 'date'];
const isNumber = (s: FieldSchema) => s.type === 'number' || s.type === 'integer';
const typeOf = (s: FieldSchema) => (s.$ref ? 'object' : s.type);
const topField = (root: ResourceSchema, name: string) => (Object.hasOwn(root.properties ?? {}, name) ? root.properties![name] : undefined);
const notTopLevel = (root: ResourceSchema, name: string) => `"${name}" is not a top-level field of ${root.$id}`;

type Add = (pointer: string, message: string) => void;

/** `difference` and `ratio`: two number fields of the record, into a number. */
function arithmeticProblems(key: 'difference' | 'ratio', names: string[], schema: FieldSchema, root: ResourceSchema, add: Add) {
  if (schema.type !== 'number') add(`/${key}`, `${key} gives a number: the field must be of type number, not ${schema.type}`);
  names.forEach((part, i) => {
    const prop = topField(root, part);
    if (!prop) add(`/${key}/${i}`, notTopLevel(root, part));
    else if (!isNumber(prop)) add(`/${key}/${i}`, `"${part}" is of type ${typeOf(prop)}: ${key} needs two number fields`);
  });
  if (names[0] === names[1]) add(`/${key}`, 'names the same field twice');
}

/** `fromParent`: a field of the parent record, on a child collection, of the field's own type. */
function fromParentProblems(field: string, schema: FieldSchema, ctx: ResourceContext, add: Add) {
  const parent = ctx.root['x-resource'].parent;
  if (!parent) return add('/fromParent', 'fromParent copies a field of the parent record: the resource needs x-resource.parent');
  const parentSchema = ctx.resources[parent.resource];
  if (!parentSchema) return; // A missing parent is reported with x-resource.parent.
  const source = topField(parentSchema, field);
  if (!source) add('/fromParent', `"${field}" is not a top-level field of ${parent.resource}, the parent`);
  else if (typeOf(source) !== typeOf(schema))
    add(
      '/fromParent',
      `"${field}" of ${parent.resource} is of type ${typeOf(source)}, and the field of type ${typeOf(schema)}: a copy keeps the type`,
    );
  else if (source['x-ref'] !== schema['x-ref'])
    add(
      '/fromParent',
      `"${field}" of ${parent.resource} refers to ${source['x-ref'] ?? 'nothing'}, and the field to ${schema['x-ref'] ?? 'nothing'}`,
    );
}

/** `sumOf`: a number field of a child collection of this resource, into a number. */
function sumOfProblems({ resource, field }: { resource: string; field: string }, schema: FieldSchema, ctx: ResourceContext, add: Add) {
  if (schema.type !== 'number') add('/sumOf', `sumOf gives a total: the field must be of type number, not ${schema.type}`);
  const child = ctx.resources[resource];
  if (!ctx.names.has(resource)) return add('/sumOf/resource', `no resource "${resource}" (no schemas/${resource}.json)`);
  if (!child) return;
  if (child['x-resource'].parent?.resource !== ctx.root.$id)
    return add(
      '/sumOf/resource',
      `${resource} is not a child collection of ${ctx.root.$id}: its x-resource.parent must name ${ctx.root.$id}`,
    );
  const prop = topField(child, field);
  if (!prop) add('/sumOf/field', `"${field}" is not a top-level field of ${resource}`);
  else if (!isNumber(prop)) add('/sumOf/field', `"${field}" of ${resource} is of type ${typeOf(prop)}: sumOf adds up numbers`);
}

/** `sumSince`: a number field of a child collection, counted after the latest time of another child collection. */
function sumSinceProblems(
  spec: { resource: string; field: string; time: string; since: { resource: string; field: string; when?: Record<string, string> } },
  schema: FieldSchema,
  ctx: ResourceContext,
  add: Add,
) {
  sumOfProblems({ resource: spec.resource, field: spec.field }, schema, ctx, (pointer, message) =>
    add(pointer.replace('/sumOf', '/sumSince'), message.replace('sumOf', 'sumSince')),
  );
  const isTime = (prop: FieldSchema | undefined) => prop?.type === 'string' && TIME_FORMATS.includes(prop.format ?? '');
  const child = ctx.resources[spec.resource];
  if (child && child['x-resource'].parent?.resource === ctx.root.$id && !isTime(topField(child, spec.time))) {
    add('/sumSince/time', `"${spec.time}" of ${spec.resource} holds no time: sumSince needs a field of format date-time or date`);
  }
  const since = ctx.resources[spec.since.resource];
  if (!ctx.names.has(spec.since.resource))
    return add('/sumSince/since/resource', `no resource "${spec.since.resource}" (no schemas/${spec.since.resource}.json)`);
  if (!since) return;
  if (since['x-resource'].parent?.resource !== ctx.root.$id)
    return add(
      '/sumSince/since/resource',
      `${spec.since.resource} is not a child collection of ${ctx.root.$id}: its x-resource.parent must name ${ctx.root.$id}`,
    );
  if (!isTime(topField(since, spec.since.field)))
    add('/sumSince/since/field', `"${spec.since.field}" of ${spec.since.resource} holds no time: sumSince counts after the latest one`);
  for (const [field, value] of Object.entries(spec.since.when ?? {})) {
    const list = topField(since, field);
    if (list?.type !== 'array' || !list.items?.enum?.includes(value))
      add(`/sumSince/since/when/${field}`, `"${field}" of ${spec.since.resource} must be a list of values holding "${value}"`);
  }
}

/** The computed field this one is made from that leads back to it, if any (a circle). */
function circleThrough(root: ResourceSchema, start: string): string[] | undefined {
  const walk = (name: string, path: string[]): string[] | undefined => {
    const spec = topField(root, name)?.['x-computed'];
    if (!spec) return undefined;
    for (const source of sourcesOf(spec)) {
      if (source === start) return [...path, source];
      if (!path.includes(source)) {
        const found = walk(source, [...path, source]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(start, [start]);
}

/** `logHours`: a readOnly number, from a top-level list of objects whose rows have the named fields. */
function logHoursProblems(spec: LogHoursSpec, schema: FieldSchema, root: ResourceSchema, add: Add): void {
  if (schema.type !== 'number') add('/logHours', `logHours gives a number of hours: the field must be of type number, not ${schema.type}`);
  if (schema.readOnly !== true) add('', 'a value the server keeps must be readOnly');
  const list = topField(root, spec.list);
  const items = list?.type === 'array' && list.items?.type === 'object' ? list.items : undefined;
  if (!items) return add('/logHours/list', `"${spec.list}" is not a top-level list of objects of ${root.$id}`);
  for (const part of [spec.from, spec.to, ...Object.keys(spec.where)])
    if (!Object.hasOwn(items.properties ?? {}, part)) add('/logHours', `"${part}" is not a field of the rows of ${spec.list}`);
}

/** Why `x-computed` cannot work on this field; none when it can. `at` is the field's pointer. */
export function computedProblems(
  at: string,
  schema: FieldSchema,
  topLevel: boolean,
  ctx: ResourceContext,
  topLevelOnly: string,
  inGroup = false,
): Found[] {
  const computed: ComputedSpec | undefined = schema['x-computed'];
  if (!computed) return [];
  const { root } = ctx;
  const out: Found[] = [];
  const add: Add = (pointer, message) => out.push({ pointer: `${at}/x-computed${pointer}`, message });
  // A time log's hours may stand in a group: they are set at their path.
  if ('logHours' in computed && (topLevel || inGroup)) {
    logHoursProblems(computed.logHours, schema, root, add);
    return out;
  }
  if (!topLevel) return [{ pointer: `${at}/x-computed`, message: `x-computed ${topLevelOnly}` }];
  const name = Object.keys(root.properties ?? {}).find((key) => root.properties![key] === schema) ?? '';
  const circle = circleThrough(root, name);
  if (circle) add('', `is made from itself: ${circle.join(' ← ')}`);
  if ('concat' in computed) {
    computed.concat.forEach((part, i) => {
      const prop = topField(root, part);
      if (!prop) add(`/concat/${i}`, notTopLevel(root, part));
      else if (prop.$ref || prop.type === 'object' || prop.type === 'array')
        add(`/concat/${i}`, `"${part}" is a group or a list: x-computed joins single values`);
    });
  } else if ('copy' in computed) {
    const source = topField(root, computed.copy);
    if (!source) add('/copy', notTopLevel(root, computed.copy));
    else if (computed.copy === name) add('/copy', 'copies the field itself');
    else if (typeOf(source) !== schema.type)
      add('/copy', `"${computed.copy}" is of type ${typeOf(source)}, and the field of type ${schema.type}: a copy keeps the type`);
  } else if ('hoursBetween' in computed) {
    if (schema.type !== 'number')
      add('/hoursBetween', `hoursBetween gives a number of hours: the field must be of type number, not ${schema.type}`);
    computed.hoursBetween.forEach((part, i) => {
      const prop = topField(root, part);
      if (!prop) add(`/hoursBetween/${i}`, notTopLevel(root, part));
      else if (prop.type !== 'string' || !TIME_FORMATS.includes(prop.format ?? ''))
        add(`/hoursBetween/${i}`, `"${part}" holds no time: hoursBetween needs two fields of format date-time or date`);
    });
  } else if ('difference' in computed) arithmeticProblems('difference', computed.difference, schema, root, add);
  else if ('ratio' in computed) arithmeticProblems('ratio', computed.ratio, schema, root, add);
  else if ('fromParent' in computed) fromParentProblems(computed.fromParent, schema, ctx, add);
  else if ('revisionOf' in computed) {
    if (schema.type !== 'integer') add('/revisionOf', `revisionOf counts changes: the field must be of type integer, not ${schema.type}`);
    if (!topField(root, computed.revisionOf)) add('/revisionOf', notTopLevel(root, computed.revisionOf));
    else if (computed.revisionOf === name) add('/revisionOf', 'counts the changes of the field itself');
  } else if ('nextRun' in computed) {
    if (schema.type !== 'string' || schema.format !== 'date-time')
      add('/nextRun', 'nextRun gives a time: the field must be a string of format date-time');
    if (!(root['x-rules'] ?? []).some((rule) => rule.period && rule.field === computed.nextRun.period))
      add(
        '/nextRun/period',
        `"${computed.nextRun.period}" carries no period rule ({"field": "${computed.nextRun.period}", "period": true} in x-rules)`,
      );
    for (const field of Object.keys(computed.nextRun.openWhen))
      if (!topField(root, field)) add(`/nextRun/openWhen/${field}`, notTopLevel(root, field));
  } else if ('first' in computed) {
    const list = topField(root, computed.first);
    if (!list) add('/first', notTopLevel(root, computed.first));
    else if (list.type !== 'array' || list.items?.type !== schema.type)
      add('/first', `"${computed.first}" must be a list of ${schema.type} values, as the field holds its first item`);
  } else if ('sumSince' in computed) sumSinceProblems(computed.sumSince, schema, ctx, add);
  else if ('sumOf' in computed) sumOfProblems(computed.sumOf, schema, ctx, add);
  // Made from other records: only the server fills it, so a person never types it.
  if (
    ('fromParent' in computed ||
      'first' in computed ||
      'sumOf' in computed ||
      'sumSince' in computed ||
      'revisionOf' in computed ||
      'nextRun' in computed) &&
    schema.readOnly !== true
  )
    add('', 'a value the server keeps must be readOnly');
  return out;
}
