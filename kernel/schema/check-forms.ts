// Records written through server-made forms (`x-resource.forms`, `x-form-values`) and the lists
// that define form fields (`x-field-definitions`), checked against what server/form-records.ts
// reads: the values field is a top-level object of a child collection, named by the parent's
// list of field definitions; the status switch sets a top-level field with a list of values.
import type { ResourceContext } from './check-fields';
import { type Found, esc } from './check-form';
import { properties } from './registry';

export function formsProblems({ root, resources }: ResourceContext): Found[] {
  const out: Found[] = [];
  const add = (pointer: string, message: string) => out.push({ pointer, message });
  const own = properties(root);
  const valueFields = Object.entries(own).filter(([, prop]) => prop['x-form-values']);
  for (const [name, prop] of Object.entries(root.properties ?? {})) {
    if (prop['x-field-definitions'] && prop.type !== 'array') add(`/properties/${esc(name)}/x-field-definitions`, 'marks a list of field definitions: the field must be an array');
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
  const status = spec?.status;
  if (status && !own[status.field]?.enum) add('/x-resource/forms/status/field', `"${status.field}" is not a top-level field with a list of values (enum)`);
  return out;
}
