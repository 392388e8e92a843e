// The console's mechanism for records that belong to others and records assigned to others:
// record routes with several parameters, the facts an assign option shows, refused members,
// the "assigned elsewhere" refusal, and locked records. Exact results on tests/fixtures/assign;
// what must hold of the product's own schemas and routes, as invariants.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../../kernel/routes/tree';
import { loadRegistry } from '../../kernel/schema/load-node';
import { referenceParam } from '../../kernel/schema/query';
import { parseComponent } from '../../kernel/schema/route-component';
import type { AssignSpec, ResourceSchema } from '../../kernel/schema/types';
import { assignBody } from '../../src/api/assign';
import { elsewhereMembers, isRefused, memberInfoFields, memberRefField } from '../../src/resources/assign/memberInfo';
import { lockState } from '../../src/resources/record/lock';
import { fillPattern, patternParams, recordIdParam, recordPageLink } from '../../kernel/routes/params';

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/assign', `${name}.json`), 'utf8')) as ResourceSchema;
const gauge = fixture('gauge');
const siteGauge = fixture('sitegauge');
const crewman = fixture('crewman');
const gaugeSpec = siteGauge['x-resource'].assign!;
const crewSpec: AssignSpec = {
  ...gaugeSpec,
  member: 'crewman',
  idsParam: 'crewIds',
  exclusive: false,
  refuse: undefined,
  onAssign: undefined,
  memberField: 'sites',
};

describe('record routes with several parameters', () => {
  it('name their parameters in order, and show the record of the last one', () => {
    expect(patternParams('/project/daily/:id/:tid')).toEqual(['id', 'tid']);
    expect(patternParams('/device/index')).toEqual([]);
    expect(recordIdParam('/project/daily/:id/:tid', { id: '4', tid: '19' })).toBe('19');
    expect(recordIdParam('/crew/record/:id', { id: '3' })).toBe('3');
    expect(recordIdParam('/crew/index', {})).toBeUndefined();
  });

  it('are filled ancestors first, and never half-filled', () => {
    expect(fillPattern('/project/daily/:id/:tid', [4, 19])).toBe('/project/daily/4/19');
    expect(fillPattern('/x/:id', ['a b'])).toBe('/x/a%20b');
    expect(fillPattern('/project/daily/:id/:tid', [19])).toBeUndefined();
    expect(fillPattern('/project/daily/:id/:tid', [undefined, 19])).toBeUndefined();
  });

  it('link a child record to its page through its parent field', () => {
    const trip = { id: 19, wellId: 4 };
    expect(recordPageLink('/project/daily/:id/:tid', trip, 'wellId')).toBe('/project/daily/4/19');
    expect(recordPageLink('/project/daily/:id/:tid', trip)).toBeUndefined();
    expect(recordPageLink('/project/daily/:id/:tid', { id: 19 }, 'wellId')).toBeUndefined();
    expect(recordPageLink('/crew/record/:id', { id: 3 })).toBe('/crew/record/3');
    expect(recordPageLink('/a/:x/:y/:z', { id: 3, p: 1 }, 'p')).toBeUndefined();
  });
});

describe('the assign dialog', () => {
  it('shows the member fields the assignment reads or writes, then its current parents', () => {
    expect(memberInfoFields(gaugeSpec, gauge)).toEqual(['state', 'site']);
  });

  it('fills the room with the first option fields of the record summary when the assignment names none', () => {
    expect(memberInfoFields(crewSpec, crewman)).toEqual(['trade', 'sites']);
    expect(memberInfoFields({ ...crewSpec, memberField: undefined }, crewman)).toEqual(['trade', 'shift']);
  });

  it('cannot choose a member whose field holds a refused value', () => {
    expect(isRefused(gaugeSpec, { id: 1, state: 2 })).toBe(true);
    expect(isRefused(gaugeSpec, { id: 1, state: 0 })).toBe(false);
    expect(isRefused(crewSpec, { id: 1, state: 2 })).toBe(false);
  });

  it('finds the field of an assignment that names the member', () => {
    expect(memberRefField(siteGauge, gaugeSpec)).toBe('gauge');
    expect(memberRefField(siteGauge, { ...gaugeSpec, member: 'site' })).toBeUndefined();
  });

  it('sends the parent and the members as numbers, and move only when asked', () => {
    expect(assignBody(gaugeSpec, '7', ['3', 5])).toEqual({ id: 7, gaugeIds: [3, 5] });
    expect(assignBody(gaugeSpec, 7, [3], true)).toEqual({ id: 7, gaugeIds: [3], move: true });
  });

  it('reads the members a refusal says are elsewhere, ignoring anything else', () => {
    const data = [{ member: 3, memberName: 'T1234', parent: { id: 9, name: 'Su53-78H' } }, { member: 4 }, 'x'];
    expect(elsewhereMembers(data)).toEqual([data[0]]);
    expect(elsewhereMembers(undefined)).toEqual([]);
    expect(elsewhereMembers({ member: 3 })).toEqual([]);
  });
});

describe('a locked record', () => {
  const lock = { field: 'status', value: 'submitted', roles: ['admin'], reopen: 'draft' };
  it('is open while its field does not hold the closing value, or without a lock', () => {
    expect(lockState(lock, { status: 'draft' }, ['editor'])).toBe('open');
    expect(lockState(undefined, { status: 'submitted' }, ['editor'])).toBe('open');
  });
  it('is read-only to others and reopenable by the lock roles', () => {
    expect(lockState(lock, { status: 'submitted' }, ['editor'])).toBe('closed');
    expect(lockState(lock, { status: 'submitted' }, [])).toBe('closed');
    expect(lockState(lock, { status: 'submitted' }, ['editor', 'admin'])).toBe('reopenable');
  });
});

describe('the product schemas and routes', () => {
  const { resources, routes } = loadRegistry();
  const assignments = Object.entries(resources).filter(([, schema]) => schema['x-resource'].assign);

  it('name the member of every assignment collection by a reference field', () => {
    expect(assignments.length).toBeGreaterThan(0);
    for (const [name, schema] of assignments) expect(memberRefField(schema, schema['x-resource'].assign!), name).toBeDefined();
  });

  it('give every record route a pattern the console can fill from the record', () => {
    for (const { fullPath, node } of flattenRoutes(routes)) {
      const target = node.component ? parseComponent(node.component) : undefined;
      if (target?.view !== 'record') continue;
      const parentField = resources[target.resource]['x-resource'].parent?.field;
      const record = { id: 11, ...(parentField ? { [parentField]: 5 } : {}) };
      expect(recordPageLink(fullPath, record, parentField), fullPath).toMatch(/^\/.*11$/);
    }
  });

  it('list the records of every "via" section with a filter on that field', () => {
    const sections = Object.values(resources).flatMap((schema) => schema['x-resource'].record?.sections ?? []);
    const via = sections.filter((s): s is { resource: string; via: string } => 'resource' in s && Boolean(s.via));
    expect(via.length).toBeGreaterThan(0);
    for (const s of via) expect(() => referenceParam(resources[s.resource], s.via), `${s.resource} via ${s.via}`).not.toThrow();
  });
});
