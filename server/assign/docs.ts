// How the two calls of an assignment collection (`x-resource.assign`) are documented in
// /openapi.json: the body `{id, <idsParam>: [...], move?, reason?}`, an example, the answer and the
// refusals each call may give.
import { Code } from '../../kernel/contract/codes';
import { MAX_IDS } from '../../kernel/contract/limits';
import type { AssignSpec } from '../../kernel/schema/types';
import type { OperationDoc } from '../http/endpoints';
import { ID } from '../resources/docs';

export type AssignKind = 'add' | 'remove';

/** The body the call takes: the parent's id, the members' ids and, to add, whether to move them. */
export function assignBody(kind: AssignKind, spec: AssignSpec, parent: string): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    id: { ...ID, description: `the id of the ${parent}` },
    [spec.idsParam]: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_IDS,
      uniqueItems: true,
      items: ID,
      description: `the ids of the ${spec.member} records (at most ${MAX_IDS}, no repeats)`,
    },
  };
  if (kind === 'add' && spec.exclusive) {
    properties.move = {
      type: 'boolean',
      default: false,
      description: `end the member's assignment to another ${parent} first, instead of refusing it (${Code.assignedElsewhere})`,
    };
  }
  if (kind === 'add' && spec.reason) {
    properties[spec.reason.field] = {
      type: 'string',
      maxLength: 500,
      description: `why the ${spec.member} records are assigned anyway, kept on the rows (${spec.reason.field}); required when one of them asks for it${spec.reason.permission ? `, and taken only from a role holding the permission ${spec.reason.permission}` : ''}`,
    };
  }
  const example = { id: 1, [spec.idsParam]: [3, 5], ...(kind === 'add' && spec.exclusive ? { move: false } : {}) };
  return { type: 'object', additionalProperties: false, required: ['id', spec.idsParam], properties, example };
}

export function assignDoc(kind: AssignKind, resource: string, spec: AssignSpec, parent: string): OperationDoc {
  const member = spec.member;
  const set = [...Object.entries(kind === 'add' ? (spec.onAssign ?? {}) : (spec.onRemove ?? {}))].map(
    ([field, value]) => `${field} = ${JSON.stringify(value)}`,
  );
  const effects = [
    set.length > 0 ? `sets ${set.join(', ')} on each ${member}${kind === 'remove' ? ` left on no ${parent}` : ''}` : '',
    spec.memberField ? `keeps each ${member}'s ${spec.memberField} as the names of its current ${parent} records` : '',
  ].filter(Boolean);
  const description =
    kind === 'add'
      ? [
          `Assigns the ${member} records to the ${parent} from now on; those already assigned to it are left as they are.`,
          spec.refuse
            ? `Refused (${Code.invalidInput}) for a ${member} whose ${Object.keys(spec.refuse).join(' or ')} is ${Object.values(spec.refuse).flat().join(', ')}.`
            : '',
          spec.exclusive
            ? `A ${member} is on one ${parent} at a time: one assigned elsewhere is refused (${Code.assignedElsewhere}, data: [{member, memberName, parent: {id, name}}]) unless move is true.`
            : '',
          spec.reason
            ? `A ${member} that needs a reason (${Object.keys(spec.reason.when ?? {}).join(', ')}${spec.reason.certificates ? ', certificates its ' + spec.reason.certificates.by + ' needs until the ' + parent + "'s " + spec.reason.certificates.until : ''}${spec.reason.fitness ? ', not fit: calibration overdue, failed or never done, service overdue' : ''}) is refused without one (${Code.invalidInput}, data: {reasons: [{member, memberName, warnings}]}).`
            : '',
          `A closed ${parent} takes no new assignment (${Code.invalidInput}).`,
        ]
      : [
          `Ends now the current assignments of the ${member} records to the ${parent} (the rows stay as history); a ${member} not currently assigned to it is refused (${Code.invalidInput}).`,
        ];
  return {
    tags: [resource],
    summary: kind === 'add' ? `Assign ${member} records to a ${parent}` : `Take ${member} records off a ${parent}`,
    description: [...description, effects.length > 0 ? `The call ${effects.join(' and ')}.` : '', 'All or nothing.']
      .filter(Boolean)
      .join(' '),
    body: assignBody(kind, spec, parent),
    bodyIsJson: true,
    data: {
      type: 'object',
      required: [kind === 'add' ? 'assigned' : 'removed'],
      properties: {
        [kind === 'add' ? 'assigned' : 'removed']: {
          type: 'integer',
          minimum: 0,
          description: `how many ${member} records were ${kind === 'add' ? 'newly assigned' : 'taken off'}`,
        },
      },
    },
    codes: [Code.invalidInput, Code.notFound, ...(kind === 'add' && spec.exclusive ? [Code.assignedElsewhere] : [])],
  };
}
