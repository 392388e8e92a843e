// `x-resource.close` and an assignment's `reason`, checked against what the server does with
// them: the closing field is an enum a person sets and holds the closing value, the date is a
// date field, each refused resource names the closing one through a reference; the reason is
// kept in a readOnly text of the row, and the certificates it reads exist where it says.
import type { ResourceContext } from './check-fields';
import type { Found } from './check-form';
import { valueProblem } from './check-values';
import { ownerField } from './statistics';
import type { FieldSchema, ResourceSchema } from './types';

const topField = (root: ResourceSchema, name: string): FieldSchema | undefined =>
  Object.hasOwn(root.properties ?? {}, name) ? root.properties![name] : undefined;

/** Every problem of the resource's `x-resource.close`. */
export function closeProblems({ root, resources, config }: ResourceContext): Found[] {
  const spec = root['x-resource'].close;
  if (!spec) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string | undefined) => message && out.push({ pointer: `/x-resource/close${pointer}`, message });
  const prop = topField(root, spec.field);
  if (!prop) add('/field', `"${spec.field}" is not a top-level field of ${root.$id}`);
  else if (!prop.enum || prop.readOnly) add('/field', `"${spec.field}" must be a field with enum values a person chooses`);
  else add('/value', valueProblem(prop, spec.value, config));
  if (spec.date !== undefined) {
    const date = topField(root, spec.date);
    if (!date || date.type !== 'string' || date.format !== 'date') add('/date', `"${spec.date}" must be a top-level field of format date`);
  }
  (spec.refuse ?? []).forEach((resource, i) => {
    const schema = resources[resource];
    if (!schema) add(`/refuse/${i}`, `no resource "${resource}"`);
    else if (!ownerField(schema, root.$id)) add(`/refuse/${i}`, `${resource} must name ${root.$id} by its parent field or an x-ref field`);
  });
  return out;
}

/** Every problem of the resource's `x-resource.assign.reason`. */
export function reasonProblems({ root, resources, config }: ResourceContext): Found[] {
  const assign = root['x-resource'].assign;
  const spec = assign?.reason;
  if (!assign || !spec) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string | undefined) =>
    message && out.push({ pointer: `/x-resource/assign/reason${pointer}`, message });
  const kept = topField(root, spec.field);
  if (!kept || kept.type !== 'string' || kept.readOnly !== true)
    add('/field', `"${spec.field}" must be a readOnly string field of ${root.$id}: the server keeps the call's reason in it`);
  const member = resources[assign.member];
  if (!member) return out;
  if (spec.fitness && !member['x-resource'].lifecycle?.calibrations)
    add('/fitness', `${assign.member} must declare x-resource.lifecycle with its calibrations: fitness is read from them`);
  if (spec.permission) {
    const roles = Object.values(resources).find((schema) => schema['x-resource'].access?.kind === 'roles');
    const access = roles?.['x-resource'].access;
    const listed = roles && access?.kind === 'roles' && access.permissions ? topField(roles, access.permissions)?.items?.enum : undefined;
    if (!listed?.includes(spec.permission))
      add('/permission', `"${spec.permission}" must be one of the values of the roles' permissions field (x-resource.access.permissions)`);
  }
  for (const [field, values] of Object.entries(spec.when ?? {})) {
    const prop = topField(member, field);
    if (!prop) add(`/when/${field}`, `"${field}" is not a top-level field of ${assign.member}`);
    else values.forEach((value, i) => add(`/when/${field}/${i}`, valueProblem(prop, value, config)));
  }
  const certs = spec.certificates;
  if (!certs) return out;
  const held = resources[certs.resource];
  if (!held) add('/certificates/resource', `no resource "${certs.resource}"`);
  else {
    if (held['x-resource'].parent?.resource !== assign.member)
      add('/certificates/resource', `${certs.resource} must be a child collection of ${assign.member}`);
    if (!topField(held, certs.kind)?.enum) add('/certificates/kind', `"${certs.kind}" must be an enum field of ${certs.resource}`);
    if (topField(held, certs.expires)?.format !== 'date')
      add('/certificates/expires', `"${certs.expires}" must be a date field of ${certs.resource}`);
  }
  if (!topField(member, certs.by)) add('/certificates/by', `"${certs.by}" is not a top-level field of ${assign.member}`);
  const parent = root['x-resource'].parent && resources[root['x-resource'].parent.resource];
  if (parent && topField(parent, certs.until)?.format !== 'date')
    add('/certificates/until', `"${certs.until}" must be a date field of ${parent.$id}`);
  return out;
}
