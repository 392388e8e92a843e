// A resource whose add and update share one call (the spare parts' POST /device/asseadd):
// a body without an id adds a record, a body with one edits that record.
import { describe, expect, it } from 'vitest';
import { makeApi, registry } from './helpers';

type Row = Record<string, unknown> & { id: number; version: number };

describe('one call that adds and edits', () => {
  const shared = Object.entries(registry.resources).filter(([, schema]) => {
    const { add, update } = schema['x-resource'].endpoints;
    return add && update && add.path === update.path && add.method === update.method;
  });

  it('exists in the schemas', () => expect(shared.length).toBeGreaterThan(0));

  it.each(shared)('%s: adds without an id, edits with one, and refuses an unknown id', async (_name, schema) => {
    const { call } = await makeApi();
    const { add, list } = schema['x-resource'].endpoints;
    const listed = await call<Record<string, Row[]>>('GET', list!.path, { query: { limit: 1 } });
    const [existing] = Object.values(listed.data).find(Array.isArray) as Row[];
    const { id: _id, version: _v, ...fields } = existing;
    // A copy, but with its own values where records must differ.
    for (const field of (schema['x-resource'].unique ?? []).flat())
      if (typeof fields[field] === 'string') fields[field] = `${fields[field]} B`;
    const created = await call<Row>(add!.method, add!.path, { body: fields });
    expect(created.code, JSON.stringify(created)).toBe(20000);
    expect(created.data.id).not.toBe(existing.id);
    const edited = await call<Row>(add!.method, add!.path, { body: { id: created.data.id, version: created.data.version } });
    expect(edited.code, JSON.stringify(edited)).toBe(20000);
    expect(edited.data.id).toBe(created.data.id);
    expect(edited.data.version).toBe(created.data.version + 1);
    expect((await call(add!.method, add!.path, { body: { id: 999_999_999 } })).code).toBe(40004);
  });
});
