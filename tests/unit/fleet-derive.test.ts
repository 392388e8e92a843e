// Values the server works out on every write: the hours between two times (a run's hours in
// use), and a copy of another field (an accessory's spec), on the fleet fixture and on the real
// usage record.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derive } from '../../kernel/schema/derive';
import { loadRegistry } from '../../kernel/schema/load-node';

const fleet = loadRegistry(join(import.meta.dirname, '../fixtures/fleet'));
const now = new Date('2026-05-01T00:00:00Z');
const job = (values: Record<string, unknown>) => derive(fleet.resources.job, { rig: 1, ...values }, undefined, now);

describe('x-computed hoursBetween', () => {
  it('gives the hours from the first time to the second, on the field’s step of 0.1 h', () => {
    expect(job({ from: '2026-03-01T08:00:00Z', to: '2026-03-03T20:30:00Z' }).hours).toBe(60.5);
    expect(job({ from: '2026-03-01T08:00:00Z', to: '2026-03-01T08:20:00Z' }).hours).toBe(0.3);
    expect(job({ from: '2026-03-01T08:00:00+08:00', to: '2026-03-01T08:00:00Z' }).hours).toBe(8);
  });

  it('replaces an hours value typed by hand while both times are given', () => {
    expect(job({ from: '2026-03-01T00:00:00Z', to: '2026-03-01T12:00:00Z', hours: 99 }).hours).toBe(12);
  });

  it('keeps what was typed when a time is missing, or the second time is before the first', () => {
    expect(job({ from: '2026-03-01T00:00:00Z', hours: 7.5 }).hours).toBe(7.5);
    expect(job({ to: '2026-03-01T00:00:00Z' })).not.toHaveProperty('hours');
    expect(job({ from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z', hours: 3 }).hours).toBe(3);
  });

  it('works out a usage record’s hours in use from its start and end times', () => {
    const real = loadRegistry();
    const run = derive(
      real.resources.userecord,
      { device: 1, startcl: 10, status: 1, starttime: '2026-06-01T06:00:00Z', endtime: '2026-06-04T09:45:00Z' },
      undefined,
      now,
    );
    expect(run.usetime).toBe(75.8);
  });
});

describe('x-computed copy', () => {
  it('copies the other field’s value, not a reference to it', () => {
    const parts = [{ name: 'Size', options: ['147 mm'] }];
    const kit = derive(fleet.resources.kit, { name: 'Kit', parts }, undefined, now);
    expect(kit.copy).toEqual(parts);
    expect(kit.copy).not.toBe(parts);
  });

  it('leaves the copy out when the field is', () => {
    expect(derive(fleet.resources.kit, { name: 'Kit' }, undefined, now)).not.toHaveProperty('copy');
  });
});

describe('x-computed revisionOf', () => {
  // A fixture schema of its own: a template whose revision counts the changes of its fields.
  const template = {
    $id: 'template',
    type: 'object' as const,
    properties: {
      id: { type: 'integer' as const, readOnly: true },
      name: { type: 'string' as const },
      fields: { type: 'array' as const, items: { type: 'object' as const } },
      revision: { type: 'integer' as const, readOnly: true, 'x-computed': { revisionOf: 'fields' } },
    },
    'x-resource': {
      endpoints: {},
      list: { columns: ['id'], sortable: [], sort: { field: 'id', order: 'ASC' as const }, perPage: 10 },
      filters: [],
      recordRepresentation: 'name',
    },
  };
  const fields = [{ name: 'a', title: 'A', type: 'input' }];

  it('is 1 on a new record, stays while the field keeps its value, and goes up by one when it changes', () => {
    const first = derive(template, { name: 'Check', fields }, undefined, now);
    expect(first.revision).toBe(1);
    expect(derive(template, { name: 'Renamed', fields: structuredClone(fields) }, first, now).revision).toBe(1);
    const changed = derive(template, { name: 'Check', fields: [...fields, { name: 'b', title: 'B', type: 'date' }] }, first, now);
    expect(changed.revision).toBe(2);
    expect(derive(template, { name: 'Check', fields }, changed, now).revision).toBe(3);
  });

  it('takes the same value with its keys in another order (as PostgreSQL keeps JSON) as unchanged', () => {
    const stored = { id: 1, name: 'Check', revision: 4, fields: [{ type: 'input', title: 'A', name: 'a' }] };
    expect(derive(template, { name: 'Check', fields }, stored, now).revision).toBe(4);
  });

  it('cannot be set by the client', () => {
    expect(derive(template, { name: 'Check', fields, revision: 9 }, undefined, now).revision).toBe(1);
    expect(derive(template, { name: 'Check', fields, revision: 9 }, { id: 1, name: 'Check', fields, revision: 2 }, now).revision).toBe(2);
  });
});
