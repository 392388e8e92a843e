// What an option of the assign dialog says about a member besides its name, taken from the
// schemas rather than named per resource: the member fields the assignment itself reads or
// writes (an instrument's status, which decides whether it may go and which assigning changes),
// then, when that leaves room, the first option fields of the member's record summary (a
// person's position); and last the member field that names its current parents (its wells).
import { field } from '../../../kernel/schema/registry';
import type { AssignSpec, ResourceSchema } from '../../../kernel/schema/types';

/** How many facts an option shows at most besides the member's name. */
export const MEMBER_FACTS = 2;

/** Whether a field's values are options (a chip): an enum, a config list or a dictionary. */
const isChoice = (schema: ResourceSchema, path: string) => {
  const leaf = field(schema, path)?.schema;
  return Boolean(leaf && (leaf.enum || leaf['x-options']));
};

export function memberInfoFields(spec: AssignSpec, member: ResourceSchema): string[] {
  const meta = member['x-resource'];
  const skip = new Set([meta.recordRepresentation, 'id', spec.memberField]);
  const named = [...Object.keys(spec.refuse ?? {}), ...Object.keys(spec.onAssign ?? {}), ...Object.keys(spec.onRemove ?? {})];
  const summaryChoices = (meta.record?.summary ?? meta.list.columns).filter((path) => isChoice(member, path));
  const room = MEMBER_FACTS - (spec.memberField ? 1 : 0);
  const facts = [...new Set([...named, ...summaryChoices])]
    .filter((path) => !skip.has(path) && field(member, path))
    .slice(0, Math.max(room, 1));
  return spec.memberField ? [...facts, spec.memberField] : facts;
}

/** Whether a member may not be assigned at all (its field holds a value the spec refuses). */
export function isRefused(spec: AssignSpec, member: Record<string, unknown>): boolean {
  return Object.entries(spec.refuse ?? {}).some(([path, values]) => values.includes(member[path] as string | number));
}

/** The field of an assignment record that holds the member's id (its `x-ref` to the member resource). */
export function memberRefField(schema: ResourceSchema, spec: AssignSpec): string | undefined {
  const parentField = schema['x-resource'].parent?.field;
  return Object.entries(schema.properties ?? {}).find(([name, prop]) => prop['x-ref'] === spec.member && name !== parentField)?.[0];
}

/** A member an exclusive assignment found on another parent: who, and where (server `data` of code assignedElsewhere). */
export interface ElsewhereMember {
  member: number | string;
  memberName?: string;
  parent: { id: number | string; name: string };
}

/** The members a refusal says are on another parent, read defensively from its `data`. */
export function elsewhereMembers(data: unknown): ElsewhereMember[] {
  if (!Array.isArray(data)) return [];
  return data.filter(
    (item): item is ElsewhereMember =>
      typeof item === 'object' && item !== null && 'member' in item && typeof (item as ElsewhereMember).parent?.name === 'string',
  );
}

/** A member the server assigns only with a reason, and why, each warning in the reader's language (server `data.reasons`). */
export interface ReasonNeeded {
  member: number | string;
  memberName: string;
  warnings: { kind: string; text: string }[];
}

/** The members a refusal says need a reason, read defensively from its `data`. */
export function reasonsNeeded(data: unknown): ReasonNeeded[] {
  const reasons = typeof data === 'object' && data !== null ? (data as { reasons?: unknown }).reasons : undefined;
  if (!Array.isArray(reasons)) return [];
  return reasons.filter(
    (item): item is ReasonNeeded =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as ReasonNeeded).memberName === 'string' &&
      Array.isArray((item as ReasonNeeded).warnings) &&
      (item as ReasonNeeded).warnings.every((w) => typeof w?.text === 'string'),
  );
}
