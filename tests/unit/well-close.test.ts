// Closing a record (`x-resource.close`) and assignments that ask for a reason
// (`x-resource.assign.reason`): the pure pieces of kernel/schema/close.ts and assign-reason.ts,
// and the schema check of both keywords on copies of the real files broken one way at a time.
import { describe, expect, it } from 'vitest';
import { certificateWarnings, neededUntil, requiredKinds, valueWarnings } from '../../kernel/schema/assign-reason';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { closedTo, closesNow, isClosed, releaseStamp } from '../../kernel/schema/close';
import { materialIconComponents } from '../../kernel/schema/icons-node';
import { loadRegistry, readSchemaFiles } from '../../kernel/schema/load-node';
import type { CertificatesSpec, ResourceSchema } from '../../kernel/schema/types';
import { type WriteGuard, combineGuards } from '../../server/access/guards';
import type { Store } from '../../server/store/types';
import { assignBody } from '../../src/api/assign';
import { reasonsNeeded } from '../../src/resources/assign/memberInfo';
import { expiryState } from '../../src/resources/generic/ExpiryValue';
import { pageNames } from '../../src/pages/registry';
import { panelNames } from '../../src/resources/record/panels';
import { widgetNames } from '../../src/resources/widgets';

const registry = loadRegistry();
const spec = { field: 'status', value: 1, date: 'endDate' };

describe('a closed record', () => {
  it('is one whose field holds the closing value; closing is the write that makes it so', () => {
    expect(isClosed({ status: 1 }, spec)).toBe(true);
    expect(isClosed({ status: 0 }, spec)).toBe(false);
    expect(isClosed(undefined, spec)).toBe(false);
    expect(closesNow({ status: 1 }, { status: 0 }, spec)).toBe(true);
    expect(closesNow({ status: 1 }, undefined, spec)).toBe(true);
    expect(closesNow({ status: 1 }, { status: 1 }, spec)).toBe(false);
    expect(closesNow({ status: 0 }, { status: 1 }, spec)).toBe(false);
  });

  it('ends assignments at the end of its date when that day is over, else now, never before they began', () => {
    const now = new Date('2026-05-10T08:00:00.000Z');
    expect(releaseStamp('2026-04-30', '2026-01-01T00:00:00.000Z', now)).toBe('2026-04-30T23:59:59.999Z');
    expect(releaseStamp('2026-05-10', '2026-01-01T00:00:00.000Z', now)).toBe(now.toISOString());
    expect(releaseStamp('2026-07-01', '2026-01-01T00:00:00.000Z', now)).toBe(now.toISOString());
    expect(releaseStamp(undefined, '2026-01-01T00:00:00.000Z', now)).toBe(now.toISOString());
    expect(releaseStamp('2026-04-30', '2026-05-02T10:00:00.000Z', now)).toBe('2026-05-02T10:00:00.000Z');
    expect(releaseStamp('not a day', undefined, now)).toBe(now.toISOString());
  });

  it('of the real schemas: every resource a closing one refuses names it, and its assignment collections are among them', () => {
    const pairs = closedTo(registry);
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) expect(registry.resources[pair.resource].properties?.[pair.field]?.['x-ref']).toBe(pair.closing);
    for (const [name, schema] of Object.entries(registry.resources)) {
      const parent = schema['x-resource'].parent?.resource;
      if (schema['x-resource'].assign && parent && registry.resources[parent]['x-resource'].close)
        expect(pairs.some((p) => p.resource === name && p.closing === parent)).toBe(true);
    }
  });
});

describe('an assignment that asks for a reason', () => {
  const certs: CertificatesSpec = { resource: 'cert', kind: 'kind', expires: 'expires', by: 'position', list: 'needs', until: 'endDate' };

  it('reads the kinds a position needs from the dictionary value, in any of the usual separators', () => {
    expect(requiredKinds('wellControl,h2s, mwdOperator')).toEqual(['wellControl', 'h2s', 'mwdOperator']);
    expect(requiredKinds('h2s，firstAid、h2s')).toEqual(['h2s', 'firstAid']);
    expect(requiredKinds('')).toEqual([]);
    expect(requiredKinds(undefined)).toEqual([]);
  });

  it('warns of a member value listed in when', () => {
    const reason = { field: 'reason', when: { status: ['leave'] } };
    expect(valueWarnings(reason, { status: 'leave' })).toEqual([{ kind: 'value', field: 'status', value: 'leave' }]);
    expect(valueWarnings(reason, { status: 'active' })).toEqual([]);
  });

  it('warns of a certificate missing or expiring before the day needed; the longest lasting of a kind counts', () => {
    const held = [
      { kind: 'wellControl', expires: '2026-03-01' },
      { kind: 'wellControl', expires: '2027-03-01' },
      { kind: 'h2s', expires: '2026-06-01' },
      { kind: 'firstAid' },
    ];
    expect(certificateWarnings(certs, ['wellControl', 'h2s', 'firstAid', 'radiation'], held, '2026-07-01')).toEqual([
      { kind: 'expires', certificate: 'h2s', expires: '2026-06-01', until: '2026-07-01' },
      { kind: 'missing', certificate: 'radiation' },
    ]);
    expect(certificateWarnings(certs, ['h2s'], held, '2026-06-01')).toEqual([]);
  });

  it('needs certificates until the planned end, or today when it has none or it is past', () => {
    expect(neededUntil('2026-09-30', '2026-05-10')).toBe('2026-09-30');
    expect(neededUntil('2026-01-01', '2026-05-10')).toBe('2026-05-10');
    expect(neededUntil(undefined, '2026-05-10')).toBe('2026-05-10');
  });
});

describe('guards of several features on one resource', () => {
  const refusing = (field: string): WriteGuard => ({ checkWrite: async () => [{ field, message: `${field} refused` }] });

  it('run both checks, in order, and keep each alone where only one guards', async () => {
    const alone = refusing('c');
    const guards = combineGuards({ trip: refusing('a'), daily: alone }, undefined, { trip: refusing('b') });
    expect(guards.daily).toBe(alone);
    const t = ((key: string) => key) as never;
    expect(await guards.trip.checkWrite!({} as Store, {}, undefined, t)).toEqual([
      { field: 'a', message: 'a refused' },
      { field: 'b', message: 'b refused' },
    ]);
  });

  it('refuse two guards that both read facts beforehand', () => {
    const prepared: WriteGuard = { prepare: async () => new Map() };
    expect(() => combineGuards({ role: prepared }, { role: prepared })).toThrow('two guards of role read facts beforehand');
  });
});

describe('the console', () => {
  const people = registry.resources.projectstaff['x-resource'].assign!;

  it('sends a reason only when there is one', () => {
    expect(assignBody(people, 7, [3], false, 'Only one free')).toEqual({ id: 7, [people.idsParam]: [3], reason: 'Only one free' });
    expect(assignBody(people, 7, [3], false, '')).toEqual({ id: 7, [people.idsParam]: [3] });
  });

  it('reads the people a refusal asks a reason for, and nothing from another refusal', () => {
    const needed = { member: 3, memberName: 'Wang Fang', warnings: [{ kind: 'value', text: 'Wang Fang is On leave.' }] };
    expect(reasonsNeeded({ reasons: [needed, { member: 4 }, null] })).toEqual([needed]);
    expect(reasonsNeeded([{ member: 3, parent: { id: 1, name: 'X' } }])).toEqual([]);
    expect(reasonsNeeded(undefined)).toEqual([]);
  });

  it('marks a date expired once past and expiring within the window, today included', () => {
    const now = new Date('2026-05-10T12:00:00.000Z');
    expect(expiryState('2026-05-09', 30, now)).toEqual({ state: 'expired', days: -1 });
    expect(expiryState('2026-05-10', 30, now)).toEqual({ state: 'expiring', days: 0 });
    expect(expiryState('2026-06-09', 30, now)).toEqual({ state: 'expiring', days: 30 });
    expect(expiryState('2026-06-10', 30, now)).toEqual({ state: 'valid', days: 31 });
  });
});

describe('the schema check of close and reason', () => {
  const problems = (breakIt: (files: Record<string, ResourceSchema>) => void) => {
    const files = structuredClone(readSchemaFiles()) as Record<string, ResourceSchema>;
    breakIt(files);
    return checkSchemas(files, registry.config, registry.routes, {
      pages: pageNames(),
      panels: panelNames(),
      widgets: widgetNames(),
      icons: materialIconComponents(),
    }).map(formatProblem);
  };

  it('finds nothing wrong with the real files', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('refuses a closing field that is no enum, a value it cannot hold, a date that is no date, a resource that does not name it', () => {
    expect(
      problems((f) => {
        f['project.json']['x-resource'].close = { field: 'wellNumber', value: 1, date: 'oilArea', refuse: ['crew', 'nothing'] };
      }),
    ).toEqual([
      'schemas/project.json#/x-resource/close/field: "wellNumber" must be a field with enum values a person chooses',
      'schemas/project.json#/x-resource/close/date: "oilArea" must be a top-level field of format date',
      'schemas/project.json#/x-resource/close/refuse/0: crew must name project by its parent field or an x-ref field',
      'schemas/project.json#/x-resource/close/refuse/1: no resource "nothing"',
    ]);
    expect(problems((f) => void (f['project.json']['x-resource'].close!.value = 7))).toEqual([
      expect.stringContaining('schemas/project.json#/x-resource/close/value'),
    ]);
  });

  it('refuses an expiry on a field that is no date', () => {
    expect(
      problems((f) => {
        f['staffcert.json'].properties!.number['x-ui'] = { expiry: 30 };
      }),
    ).toEqual(['schemas/staffcert.json#/properties/number/x-ui/expiry: expiry is only for date and date-time fields']);
  });

  it('refuses a reason kept in a field a client writes, and certificates read where they are not', () => {
    expect(
      problems((f) => {
        const reason = f['projectstaff.json']['x-resource'].assign!.reason!;
        delete f['projectstaff.json'].properties!.reason.readOnly;
        reason.when = { status: ['away'] };
        reason.certificates = { ...reason.certificates!, resource: 'trip', by: 'rank', until: 'wellNumber' };
      }),
    ).toEqual([
      'schemas/projectstaff.json#/x-resource/assign/reason/field: "reason" must be a readOnly string field of projectstaff: the server keeps the call\'s reason in it',
      expect.stringContaining('schemas/projectstaff.json#/x-resource/assign/reason/when/status/0'),
      'schemas/projectstaff.json#/x-resource/assign/reason/certificates/resource: trip must be a child collection of staff',
      'schemas/projectstaff.json#/x-resource/assign/reason/certificates/kind: "kind" must be an enum field of trip',
      'schemas/projectstaff.json#/x-resource/assign/reason/certificates/expires: "expires" must be a date field of trip',
      'schemas/projectstaff.json#/x-resource/assign/reason/certificates/by: "rank" is not a top-level field of staff',
      'schemas/projectstaff.json#/x-resource/assign/reason/certificates/until: "wellNumber" must be a date field of project',
    ]);
  });
});
