// The properties of a run: for every operation of the document and every caller, one property
// per mutation family when the operation lets the caller in (plus one with the token in the query),
// one mixing every family when it does not. Each has a seed of its own, so that it can be replayed alone.
import fc from 'fast-check';
import { type Caller, type Callers, SESSION_PATHS, endsSession, placements } from './callers';
import { type ApiDocument, type Operation, grants } from './document';
import { type Family, familiesOf } from './families';
import type { FuzzRequest, TokenPlacement } from './wire';

export interface Property {
  name: string;
  operation: Operation;
  caller: Caller;
  requests: fc.Arbitrary<[FuzzRequest, TokenPlacement]>;
}

/** A 32-bit seed of its own for each property, so that one can be replayed alone. */
export function propertySeed(seed: number, name: string): number {
  let h = seed | 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** Sign-ins go last: failed ones may lock the accounts for the rest of the run. */
const order = (operation: Operation) => (operation.path === SESSION_PATHS.login ? 2 : endsSession(operation) ? 1 : 0);

/**
 * A write that changes who may do what is tried by the callers it refuses only: sent by one it
 * admits, it would change the fuzzing accounts' own access (an editor's role emptied, the admin's
 * password reset) and every later verdict with it. tests/contract/roles.test.ts covers those.
 */
export function propertiesOf(document: ApiDocument, callers: Callers, skipped: string[] = []): Property[] {
  const out: Property[] = [];
  const operations = [...document.operations].sort((a, b) => order(a) - order(b));
  for (const operation of operations) {
    const families = familiesOf(operation);
    for (const caller of callers.all) {
      const withToken = (family: Family, inQuery = false) => fc.tuple(family.requests, placements(caller, callers, inQuery));
      const admitted = grants(operation.access, caller.roles) && (operation.access === 'public' || caller.token !== undefined);
      if (admitted && operation.changesAccess) {
        skipped.push(`${operation.key} · ${caller.name}`);
        continue;
      }
      if (!admitted) {
        out.push({
          name: `${operation.key} · ${caller.name} · every family`,
          operation,
          caller,
          requests: fc.oneof(...families.map((f) => withToken(f))),
        });
        continue;
      }
      for (const family of families)
        out.push({ name: `${operation.key} · ${caller.name} · ${family.name}`, operation, caller, requests: withToken(family) });
      if (caller.token) {
        const valid = families.find((f) => f.name === 'valid')!;
        out.push({
          name: `${operation.key} · ${caller.name} · token in the query`,
          operation,
          caller,
          requests: withToken({ name: 'token in the query', requests: valid.requests }, true),
        });
      }
    }
  }
  return out;
}
