// A resource's `x-resource` and root keywords, checked against what the lists, the stores and
// the record page can do. The SQL stores keep a group (or a list) as one JSON value, so they
// can sort, filter and keep unique only by the fields written directly in `properties`.
import { assignProblems } from './check-assign';
import { madeProblems } from './check-made';
import { closeProblems, reasonProblems } from './check-close';
import { formsProblems } from './check-forms';
import { scheduleProblems } from './check-schedule';
import { singletonProblems } from './singleton';
import { lifecycleProblems } from './check-lifecycle';
import { ledgerProblems } from './check-ledger';
import { generatorPlanProblems } from './check-fake';
import { type Found, esc } from './check-form';
import type { ResourceContext } from './check-fields';
import { rulesProblems, seedPlanProblems } from './check-rules';
import { statisticsProblems } from './check-statistics';
import { surveyProblems } from './check-survey';
import { IDS_PARAM, SEARCH_PARAM } from './query';
import { valueProblem } from './check-values';
import { field, fields, properties } from './registry';
import type { ResourceSchema } from './types';

/** Query parameters every list takes for itself. */
const LIST_PARAMS = ['page', 'limit', 'sort', SEARCH_PARAM, IDS_PARAM];
/** Names the stores keep on every record besides its fields. */
const STORE_KEYS = ['version'];

/** What a resource's names refer to: its leaf fields (dotted within groups) and its top-level properties. */
function namesOf(root: ResourceSchema) {
  const leaves = new Map(fields(root).map((f) => [f.path, f.schema]));
  const top = properties(root);
  // Every record has an id, declared or not.
  if (!top.id) top.id = { type: 'integer', readOnly: true };
  if (!leaves.has('id')) leaves.set('id', top.id);
  return { leaves, top };
}

type Names = ReturnType<typeof namesOf>;

const notAField = (root: ResourceSchema, name: string) => `"${name}" is not a field of ${root.$id}`;

/** Why the stores cannot `verb` by this name; undefined when they can (a top-level single value). */
function singleValueProblem(root: ResourceSchema, names: Names, name: string, verb: string): string | undefined {
  const prop = names.top[name];
  if (prop) {
    if (prop.type === 'object' || prop.type === 'array')
      return `cannot ${verb} "${name}": it is a ${prop.type === 'array' ? 'list' : 'group'}, which the stores keep as one JSON value`;
    return undefined;
  }
  if (names.leaves.has(name))
    return `cannot ${verb} "${name}": it is inside the group "${name.split('.')[0]}", which the stores keep as one JSON value`;
  return notAField(root, name);
}

/** Why this name is not a field a screen can show (a leaf, or a top-level property that is no group). */
function shownProblem(root: ResourceSchema, names: Names, name: string): string | undefined {
  if (names.leaves.has(name)) return undefined;
  const prop = names.top[name];
  if (prop?.type === 'object') return `"${name}" is a group: name one of its fields (${name}.…)`;
  return prop ? undefined : notAField(root, name);
}

function listProblems(ctx: ResourceContext, names: Names): Found[] {
  const { root } = ctx;
  const meta = root['x-resource'];
  const out: Found[] = [];
  const add = (pointer: string, message: string | undefined) => message && out.push({ pointer: `/x-resource/${pointer}`, message });
  meta.list.columns.forEach((c, i) => add(`list/columns/${i}`, shownProblem(root, names, c)));
  meta.list.sortable.forEach((s, i) => add(`list/sortable/${i}`, singleValueProblem(root, names, s, 'sort by')));
  if (!meta.list.sortable.includes(meta.list.sort.field))
    add('list/sort/field', `the default sort "${meta.list.sort.field}" is not one of list.sortable`);
  const params = new Map<string, number>();
  meta.filters.forEach((f, i) => {
    add(`filters/${i}/field`, singleValueProblem(root, names, f.field, 'filter on'));
    if (f.op === 'contains' && names.leaves.has(f.field) && names.leaves.get(f.field)!.type !== 'string') {
      add(
        `filters/${i}/op`,
        `a contains filter needs a field of type string, and "${f.field}" is of type ${names.leaves.get(f.field)!.type}`,
      );
    }
    if (LIST_PARAMS.includes(f.param)) add(`filters/${i}/param`, `"${f.param}" is a parameter of every list (${LIST_PARAMS.join(', ')})`);
    else if (params.has(f.param)) add(`filters/${i}/param`, `"${f.param}" is already the param of filter ${params.get(f.param)}`);
    else params.set(f.param, i);
  });
  meta.search?.forEach((s, i) => {
    const leaf = names.leaves.get(s);
    add(
      `search/${i}`,
      !leaf
        ? (shownProblem(root, names, s) ?? notAField(root, s))
        : leaf.type !== 'string'
          ? `search matches text, and "${s}" is of type ${leaf.type}`
          : undefined,
    );
  });
  if (meta.find && !meta.find.fields && !meta.search?.length)
    add('find', 'the header search finds records by `find.fields` or the `search` fields, and neither is listed');
  meta.find?.fields?.forEach((s, i) => {
    const leaf = names.leaves.get(s);
    add(
      `find/fields/${i}`,
      !leaf ? (shownProblem(root, names, s) ?? notAField(root, s)) : leaf.type !== 'string' ? `"${s}" is not text` : undefined,
    );
  });
  meta.find?.subtitle?.forEach((s, i) => add(`find/subtitle/${i}`, shownProblem(root, names, s)));
  add('recordRepresentation', shownProblem(root, names, meta.recordRepresentation));
  if (meta.representationFallback !== undefined) add('representationFallback', shownProblem(root, names, meta.representationFallback));
  meta.unique?.forEach((set, i) => set.forEach((f, j) => add(`unique/${i}/${j}`, singleValueProblem(root, names, f, 'keep unique'))));
  return out;
}

function parentProblems(ctx: ResourceContext): Found[] {
  const { root } = ctx;
  const meta = root['x-resource'];
  const parent = meta.parent;
  if (!parent) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string) => out.push({ pointer: `/x-resource/parent${pointer}`, message });
  if (!ctx.names.has(parent.resource)) add('/resource', `no resource "${parent.resource}" (no schemas/${parent.resource}.json)`);
  const prop = Object.hasOwn(root.properties ?? {}, parent.field) ? root.properties![parent.field] : undefined;
  if (!prop) add('/field', notAField(root, parent.field));
  else if (prop['x-ref'] !== parent.resource)
    add('/field', `"${parent.field}" must refer to the parent: give it "x-ref": "${parent.resource}"`);
  else if (!(root.required ?? []).includes(parent.field))
    add('/field', `"${parent.field}" must be required: every record belongs to a ${parent.resource}`);
  const param = parent.param ?? 'id';
  const clash = meta.filters.findIndex((f) => f.param === param);
  const where = parent.param === undefined ? '' : '/param';
  if (LIST_PARAMS.includes(param)) add(where, `the parent's param "${param}" is a parameter of every list (${LIST_PARAMS.join(', ')})`);
  else if (clash >= 0) add(where, `the parent's param "${param}" is also the param of filter ${clash}`);
  return out;
}

function recordProblems(ctx: ResourceContext, names: Names, panels: readonly string[] | undefined): Found[] {
  const { root } = ctx;
  const record = root['x-resource'].record;
  if (!record) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string | undefined) => message && out.push({ pointer: `/x-resource/record/${pointer}`, message });
  record.summary.forEach((s, i) => add(`summary/${i}`, shownProblem(root, names, s)));
  record.sections.forEach((section, i) => {
    if ('panel' in section) {
      add(
        `sections/${i}/panel`,
        !panels || panels.includes(section.panel)
          ? undefined
          : `no panel "${section.panel}" (${panels.length ? `registered: ${panels.join(', ')}` : 'none is registered'})`,
      );
      return;
    }
    if (!ctx.names.has(section.resource)) {
      add(`sections/${i}/resource`, `no resource "${section.resource}" (no schemas/${section.resource}.json)`);
      return;
    }
    const child = ctx.resources[section.resource];
    if (!child) return; // Its own file's problems are reported with it.
    if (section.via !== undefined) add(`sections/${i}/via`, viaProblem(ctx, child, section));
    else if (child['x-resource'].parent?.resource !== root.$id) {
      add(
        `sections/${i}/resource`,
        `${section.resource} is not a child collection of ${root.$id}: its x-resource.parent must name ${root.$id}`,
      );
    }
    if (!child['x-resource'].endpoints.list) add(`sections/${i}/resource`, `${section.resource} has no list endpoint to fill the section`);
  });
  return out;
}

/**
 * Why a section cannot list the records of `child` that refer to this one through `via`: the
 * field must be a reference to this resource, and the child's list must filter on it (eq), which
 * is how the section asks for them.
 */
function viaProblem(ctx: ResourceContext, child: ResourceSchema, section: { resource: string; via?: string }): string | undefined {
  const via = section.via!;
  const prop = Object.hasOwn(child.properties ?? {}, via) ? child.properties![via] : undefined;
  if (!prop) return `"${via}" is not a top-level field of ${section.resource}`;
  if (prop['x-ref'] !== ctx.root.$id) return `"${via}" of ${section.resource} must refer to ${ctx.root.$id} ("x-ref": "${ctx.root.$id}")`;
  if (!child['x-resource'].filters.some((f) => f.field === via && f.op === 'eq'))
    return `${section.resource} needs a filter with op eq on "${via}": the section lists its records by it`;
  return undefined;
}

/** Why `x-resource.lock` cannot close records: its field is a top-level enum holding both values. */
function lockProblems(ctx: ResourceContext): Found[] {
  const lock = ctx.root['x-resource'].lock;
  if (!lock) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string | undefined) => message && out.push({ pointer: `/x-resource/lock${pointer}`, message });
  const prop = Object.hasOwn(ctx.root.properties ?? {}, lock.field) ? ctx.root.properties![lock.field] : undefined;
  if (!prop) return [{ pointer: '/x-resource/lock/field', message: notAField(ctx.root, lock.field) }];
  if (!prop.enum || prop.readOnly)
    add('/field', `"${lock.field}" must be a field with enum values a person chooses (the closed one and the reopened one)`);
  add('/value', valueProblem(prop, lock.value, ctx.config));
  add('/reopen', valueProblem(prop, lock.reopen, ctx.config));
  if (lock.value === lock.reopen) add('/reopen', 'must be another value than the one that closes the record');
  (lock.keeps ?? []).forEach((path, i) => {
    const kept = field(ctx.root, path);
    if (!kept?.schema.readOnly) add(`/keeps/${i}`, `"${path}" must be a readOnly field of ${ctx.root.$id} the server works out`);
  });
  const own = ctx.root.properties ?? {};
  const group = lock.revision && Object.hasOwn(own, lock.revision) ? own[lock.revision] : undefined;
  if (lock.keeps && !lock.revision) add('/revision', 'names the readOnly group that holds the later values of the kept fields');
  if (lock.revision && (group?.type !== 'object' || !group.readOnly || !group.properties?.at || group.properties?.values?.type !== 'array'))
    add('/revision', `"${lock.revision}" must be a readOnly group of ${ctx.root.$id} with "at" and a list "values" of {field, value}`);
  const by = lock.by && Object.hasOwn(own, lock.by) ? own[lock.by] : undefined;
  if (lock.by && (by?.type !== 'string' || !by.readOnly)) add('/by', `"${lock.by}" must be a readOnly text field of ${ctx.root.$id}`);
  return out;
}

function rootProblems(root: ResourceSchema): Found[] {
  const out: Found[] = [];
  const props = root.properties ?? {};
  Object.keys(props).forEach((name) => {
    if (STORE_KEYS.includes(name))
      out.push({
        pointer: `/properties/${esc(name)}`,
        message: `"${name}" is kept by the stores on every record; name the field otherwise`,
      });
  });
  const id = props.id;
  if (id && (id.type !== 'integer' || id.readOnly !== true))
    out.push({ pointer: '/properties/id', message: 'id is numbered by the stores: it must be of type integer and readOnly' });
  (root.required ?? []).forEach((name, i) => {
    if (!Object.hasOwn(props, name)) out.push({ pointer: `/required/${i}`, message: notAField(root, name) });
  });
  return out;
}

/** Every problem of the resource's root keywords and x-resource. */
export function resourceProblems(ctx: ResourceContext, panels: readonly string[] | undefined): Found[] {
  const names = namesOf(ctx.root);
  return [
    ...rootProblems(ctx.root),
    ...listProblems(ctx, names),
    ...parentProblems(ctx),
    ...recordProblems(ctx, names, panels),
    ...rulesProblems(ctx),
    ...seedPlanProblems(ctx),
    ...generatorPlanProblems(ctx.root, ctx.resources),
    ...statisticsProblems(ctx),
    ...lockProblems(ctx),
    ...assignProblems(ctx),
    ...madeProblems(ctx),
    ...closeProblems(ctx),
    ...reasonProblems(ctx),
    ...formsProblems(ctx),
    ...scheduleProblems(ctx),
    ...singletonProblems(ctx),
    ...lifecycleProblems(ctx),
    ...ledgerProblems(ctx),
    ...surveyProblems(ctx),
  ];
}
