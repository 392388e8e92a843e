// The two calls of an assignment collection (x-resource.assign): a parent record takes members
// (`add`) and gives them back (`remove`), each with `{id, <idsParam>: [...]}`; `move: true` asks
// to take members that are currently on another parent, and the reason (under the collection's reason
// field: `reason`, `overrideReason`) says why members it asks a reason for are assigned anyway.
import type { Identifier } from 'react-admin';
import type { AssignSpec } from '../../kernel/schema/types';
import { request } from './http';

/** Ids go over the wire as JSON numbers, whatever react-admin holds them as. */
const wireId = (id: Identifier) => (typeof id === 'string' && /^[1-9][0-9]*$/.test(id) ? Number(id) : id);

/** The body of an assign or remove call. */
export function assignBody(
  spec: AssignSpec,
  parentId: Identifier,
  memberIds: Identifier[],
  move = false,
  reason?: string,
): Record<string, unknown> {
  return {
    id: wireId(parentId),
    [spec.idsParam]: memberIds.map(wireId),
    ...(move ? { move: true } : {}),
    ...(reason ? { [spec.reason?.field ?? 'reason']: reason } : {}),
  };
}

/** Assigns members to the parent; rejects with the server's refusal (ApiError). */
export async function assignMembers(spec: AssignSpec, parentId: Identifier, memberIds: Identifier[], move = false, reason?: string) {
  return request<unknown>(spec.add.path, { method: spec.add.method, body: assignBody(spec, parentId, memberIds, move, reason) });
}

/** Ends the members' current assignments to the parent. */
export async function removeMembers(spec: AssignSpec, parentId: Identifier, memberIds: Identifier[]) {
  return request<unknown>(spec.remove.path, { method: spec.remove.method, body: assignBody(spec, parentId, memberIds) });
}
