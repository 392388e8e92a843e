// A value the server works out (`x-computed`) must fit its own field's range, like a typed one:
// otherwise the write is refused naming the field, and nothing is stored.
import { describe, expect, it } from 'vitest';
import { makeApi } from './helpers';

type Row = Record<string, unknown> & { id: number };

describe('computed values', () => {
  it('refuses a use time worked out beyond its range, naming it, and writes nothing', async () => {
    const { call } = await makeApi();
    const listed = await call<{ total: number; items: Row[] }>('GET', '/device/userecord', { query: { limit: 1 } });
    const { id, version: _v, ...run } = listed.data.items[0];
    const far = { ...run, starttime: '2000-01-01T00:00:00.000Z', endtime: '2012-01-01T00:00:00.000Z' };
    const added = await call('POST', '/device/userecord/add', { body: far });
    expect(added.code).toBe(40001);
    expect(added.errors?.map((e) => e.field)).toEqual(['usetime']);
    const updated = await call('POST', '/device/userecord/update', { body: { id, starttime: far.starttime, endtime: far.endtime } });
    expect(updated.code).toBe(40001);
    expect((await call<{ total: number }>('GET', '/device/userecord', { query: { limit: 1 } })).data.total).toBe(listed.data.total);
    const near = await call<Row>('POST', '/device/userecord/add', { body: { ...far, endtime: '2000-01-02T12:00:00.000Z' } });
    expect(near.code, JSON.stringify(near)).toBe(20000);
    expect(near.data.usetime).toBe(36);
  });
});
