// Records written through server-made forms (`x-resource.forms`, `x-form-values`), records that
// are a template's form filled in (`x-resource.fills`) and the lists that define form fields
// (`x-field-definitions`), checked against what server/forms/form-records.ts and filled-forms.ts read:
// the values field is a top-level object of a child collection, named by the parent's list of
// field definitions; the status switch sets a top-level field with a list of values; a filled
// record names its template, copies its fields and keeps its values in fields of the right kind.
import type { ResourceContext } from './check-fields';
import { type Found, esc } from './check-form';
import { properties } from './registry';

export function formsProblems({ root, resources }: ResourceContext): Found[] {
  const out: Found[] = [];
  const add = (pointer: string, message: string) => out.push({ pointer, message });
  const own = properties(root);
  const valueFields = Object.entries(own).filter(([, prop]) => prop['x-form-values']);
  for (const [name, prop] of Object.entries(root.properties ?? {})) {
    if (prop['x-field-definitions'] && prop.type !== 'array')
      add(`/properties/${esc(name)}/x-field-definitions`, 'marks a list of field definitions: the field must be an array');
  }
  const spec = root['x-resource'].forms;
  if (valueFields.length > 1) add(`/properties/${esc(valueFields[1][0])}/x-form-values`, 'only one field of a resource holds form values');
  const [values] = valueFields;
  if (values) {
    const [name, prop] = values;
    const at = `/properties/${esc(name)}/x-form-values`;
    const parent = root['x-resource'].parent;
    const parentSchema = parent ? resources[parent.resource] : undefined;
    if (prop.type !== 'object') add(at, 'holds the values of a form: the field must be an object');
    if (!parent) add(at, 'the fields are defined by the parent record: the resource needs x-resource.parent');
    else if (parentSchema && !properties(parentSchema)[prop['x-form-values']!]?.['x-field-definitions']) {
      add(at, `"${prop['x-form-values']}" is not a list of field definitions (x-field-definitions) of ${parent.resource}`);
    }
    if (!spec) add(at, 'records with form values are written through their forms: the resource needs x-resource.forms');
  }
  if (spec && !values) add('/x-resource/forms', 'needs a field marked x-form-values to keep the values of the forms');
  if (spec?.status) out.push(...statusProblem(own, spec.status.field, '/x-resource/forms/status/field'));
  if (spec?.shown) {
    const parent = root['x-resource'].parent;
    const parentSchema = parent ? resources[parent.resource] : undefined;
    if (!spec.status) add('/x-resource/forms/shown', 'shows the records the status switch turned on: forms.status is needed');
    else if (own[spec.status.field]?.enum && !own[spec.status.field].enum!.includes(spec.shown.on))
      add('/x-resource/forms/shown/on', `${JSON.stringify(spec.shown.on)} is not a value of "${spec.status.field}"`);
    if (parentSchema && !properties(parentSchema)[spec.shown.key])
      add('/x-resource/forms/shown/key', `"${spec.shown.key}" is not a top-level field of ${parent!.resource}`);
  }
  return [...out, ...fillsProblems({ root, resources } as ResourceContext)];
}

/** `x-resource.fills`: the template reference, the copies and the kinds of the fields that keep them. */
function fillsProblems({ root, resources }: ResourceContext): Found[] {
  const spec = root['x-resource'].fills;
  if (!spec) return [];
  const out: Found[] = [];
  const add = (key: string, message: string) => out.push({ pointer: `/x-resource/fills/${key}`, message });
  const own = properties(root);
  if (!root['x-resource'].parent) add('', 'a filled form belongs to a record: the resource needs x-resource.parent');
  const target = own[spec.template]?.['x-ref'];
  const template = target ? resources[target] : undefined;
  if (!target) add('template', `"${spec.template}" is not a top-level x-ref field`);
  else if (template && !properties(template)[spec.fields]?.['x-field-definitions'])
    add('fields', `"${spec.fields}" is not a list of field definitions (x-field-definitions) of ${target}`);
  const kinds: [keyof typeof spec, string][] = [
    ['fields', 'array'],
    ['values', 'object'],
    ['revision', 'integer'],
    ['by', 'string'],
  ];
  for (const [key, type] of kinds) {
    const name = spec[key] as string;
    if (own[name]?.type !== type) add(key, `"${name}" must be a top-level field of type ${type}`);
    else if (!own[name].readOnly) add(key, `"${name}" is kept by the server: it must be readOnly`);
  }
  if (spec.status) out.push(...statusProblem(own, spec.status.field, '/x-resource/fills/status/field'));
  for (const [mine, theirs] of Object.entries(spec.copy)) {
    if (!own[mine]) add(`copy/${esc(mine)}`, `"${mine}" is not a top-level field`);
    if (template && !properties(template)[theirs]) add(`copy/${esc(mine)}`, `"${theirs}" is not a top-level field of ${target}`);
  }
  return out;
}

/** A status switch sets a top-level field that lists its values. */
function statusProblem(own: ReturnType<typeof properties>, field: string, pointer: string): Found[] {
  return own[field]?.enum ? [] : [{ pointer, message: `"${field}" is not a top-level field with a list of values (enum)` }];
}
