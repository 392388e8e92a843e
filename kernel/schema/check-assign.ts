// Assignment collections (`x-resource.assign`) and the fields that must name an assigned record
// (`x-assigned`), checked against what the server's assign calls and write checks do: the
// collection refers to its member through a field of the member's name and keeps each
// assignment's start and end as server-stamped times; the member fields it reads and sets exist
// and take the values written; an `x-assigned` field and the field it names are references that
// an assignment collection links.
import type { ResourceContext } from './check-fields';
import { type Found, esc } from './check-form';
import { valueProblem } from './check-values';
import { refOf } from './registry';
import type { FieldSchema, ResourceSchema } from './types';

const topField = (root: ResourceSchema, name: string): FieldSchema | undefined =>
  Object.hasOwn(root.properties ?? {}, name) ? root.properties![name] : undefined;

/** Member field values a collection reads (`refuse`) or writes (`onAssign`, `onRemove`). */
function memberValueProblems(
  member: ResourceSchema,
  key: string,
  values: Record<string, unknown>,
  ctx: ResourceContext,
  add: (p: string, m: string | undefined) => void,
) {
  for (const [name, value] of Object.entries(values)) {
    const at = `/${key}/${esc(name)}`;
    const prop = topField(member, name);
    if (!prop) {
      add(at, `"${name}" is not a top-level field of ${member.$id}`);
      continue;
    }
    const list = Array.isArray(value) ? value : [value];
    list.forEach((v, i) => {
      const where = Array.isArray(value) ? `${at}/${i}` : at;
      if (v === null)
        add(where, (member.required ?? []).includes(name) ? `"${name}" is required in ${member.$id}: it cannot be emptied` : undefined);
      else add(where, valueProblem(prop, v, ctx.config));
    });
  }
}

/** Every problem of the resource's `x-resource.assign`, each at its pointer. */
function collectionProblems(ctx: ResourceContext): Found[] {
  const { root, resources, names } = ctx;
  const spec = root['x-resource'].assign;
  if (!spec) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string | undefined) => message && out.push({ pointer: `/x-resource/assign${pointer}`, message });
  if (!root['x-resource'].parent) add('', 'assigns records to a parent: the resource needs x-resource.parent');
  const memberRef = topField(root, spec.member);
  if (!names.has(spec.member)) add('/member', `no resource "${spec.member}" (no schemas/${spec.member}.json)`);
  else if (memberRef?.['x-ref'] !== spec.member)
    add('/member', `needs a field "${spec.member}" with "x-ref": "${spec.member}": each row names the record it assigns`);
  else if (!(root.required ?? []).includes(spec.member))
    add('/member', `"${spec.member}" must be required: each row assigns one ${spec.member}`);
  for (const key of ['since', 'until'] as const) {
    const prop = topField(root, spec[key]);
    if (!prop) add(`/${key}`, `"${spec[key]}" is not a top-level field of ${root.$id}`);
    else if (prop.type !== 'string' || prop.format !== 'date-time' || prop.readOnly !== true)
      add(`/${key}`, `"${spec[key]}" must be a readOnly string of format date-time: the server stamps it`);
  }
  if (spec.since === spec.until) add('/until', 'must be another field than since');
  if (spec.add.path === spec.remove.path) add('/remove/path', 'must be another call than add');
  const member = resources[spec.member];
  if (!member) return out;
  memberValueProblems(member, 'refuse', spec.refuse ?? {}, ctx, add);
  memberValueProblems(member, 'onAssign', spec.onAssign ?? {}, ctx, add);
  memberValueProblems(member, 'onRemove', spec.onRemove ?? {}, ctx, add);
  if (spec.memberField !== undefined) {
    const prop = topField(member, spec.memberField);
    if (!prop) add('/memberField', `"${spec.memberField}" is not a top-level field of ${spec.member}`);
    else if (prop.type !== 'string' || prop.readOnly !== true)
      add('/memberField', `"${spec.memberField}" of ${spec.member} must be a readOnly string: the server keeps it`);
  }
  return out;
}

/** Every problem of the resource's `x-assigned` fields. */
function assignedProblems({ root, resources }: ResourceContext): Found[] {
  const out: Found[] = [];
  for (const [field, prop] of Object.entries(root.properties ?? {})) {
    const other = prop['x-assigned'];
    if (other === undefined) continue;
    const add = (message: string) => out.push({ pointer: `/properties/${esc(field)}/x-assigned`, message });
    const otherProp = topField(root, other);
    if (!refOf(prop)) add('x-assigned is only for an x-ref field or a list of them: it says the records it names must be assigned');
    else if (!otherProp?.['x-ref']) add(`"${other}" must be another x-ref field of ${root.$id}: the record the named one is assigned to`);
    else if (other === field) add('names the field itself');
    else {
      const [member, parent] = [refOf(prop), otherProp['x-ref']];
      const linked = Object.values(resources).some(
        (r) => r['x-resource'].assign?.member === member && r['x-resource'].parent?.resource === parent,
      );
      if (!linked)
        add(
          `no assignment collection assigns ${member} records to ${parent} records (x-resource.assign with member "${member}" and parent "${parent}")`,
        );
    }
  }
  return out;
}

/** Every problem of the resource's assignment keywords. */
export function assignProblems(ctx: ResourceContext): Found[] {
  return [...collectionProblems(ctx), ...assignedProblems(ctx)];
}
