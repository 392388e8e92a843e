// Records that are a template's form filled in (`x-resource.fills`: an instrument's dossiers), on
// memory, SQLite and PostgreSQL: the form of a template as it is now, a submission checked
// against it and kept with a copy of the template's fields, name and revision; a template whose
// fields change gets a new revision while a dossier filled earlier keeps its own fields and values;
// a template still filled in cannot be deleted. Resources and paths come from the schemas.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exampleRecord } from '../../kernel/demo/fake';
import type { FieldDefinition, FormDefinition } from '../../kernel/forms/types';
import { parentParam } from '../../kernel/schema/query';
import { properties } from '../../kernel/schema/registry';
import { decodeList } from '../../kernel/schema/shapes';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`Filled forms are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const found = Object.entries(registry.resources).find(([, schema]) => schema['x-resource'].fills);
if (!found) throw new Error('no resource is a filled-in form (x-resource.fills)');
const [name, schema] = found;
const spec = schema['x-resource'].fills!;
const endpoints = schema['x-resource'].endpoints;
const parent = schema['x-resource'].parent!;
const param = parentParam(schema)!;
const templateName = properties(schema)[spec.template]['x-ref']!;
const templateSchema = registry.resources[templateName];
const revisionField = Object.entries(properties(templateSchema)).find(([, p]) => p['x-computed'] && 'revisionOf' in p['x-computed'])![0];

const fields: FieldDefinition[] = [
  { name: 'checked_by', title: 'Checked by', type: 'input', required: true },
  { name: 'vacuum', title: 'Vacuum', type: 'number', min: 0, max: 1 },
  { name: 'oil', title: 'Oil level', type: 'select', param: 'ok=>Within marks\nlow=>Low' },
];

type Call = Awaited<ReturnType<typeof makeApi>>['call'];

describe.each(stores)(`${name}, ${templateName}'s form filled in for a ${parent.resource}, on %s`, (_store, makeStore) => {
  let store: Store;
  let call: Call;
  let template: Row;
  let owner: Row;

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
    const add = templateSchema['x-resource'].endpoints.add!;
    const made = await call<Row>(add.method, add.path, {
      body: { ...exampleRecord(templateSchema, registry.config, () => ['key']), [spec.fields]: fields },
    });
    expect(made.code, JSON.stringify(made)).toBe(20000);
    template = made.data;
    owner = await store.insert(
      parent.resource,
      exampleRecord(registry.resources[parent.resource], registry.config, () => ['key']),
    );
  });
  afterEach(() => store.close());

  const form = (tid: number | string, pid: number | string = owner.id) =>
    call<FormDefinition>('GET', spec.form, { query: { tid, [param]: pid } });
  const submit = (action: string, body: unknown) => {
    const [path, query] = action.split('?');
    return call<Row>('POST', path, { query: Object.fromEntries(new URLSearchParams(query)), body });
  };
  const filledOf = async () => {
    const list = endpoints.list!;
    const answer = await call<Record<string, unknown>>(list.method, list.path, { query: { [param]: owner.id } });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return decodeList<Row>(list.shape ?? 'total-items', answer.data).rows;
  };
  const updateTemplate = async (changes: Record<string, unknown>) => {
    const update = templateSchema['x-resource'].endpoints.update!;
    const { version: _v, ...current } = (await store.get(templateName, template.id))!;
    const answer = await call<Row>(update.method, update.path, { body: { ...current, ...changes } });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };

  it("answers the template's form as it is now, submitted for this record", async () => {
    const answer = await form(template.id);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(answer.data.rules.map((r) => r.field)).toEqual(fields.map((f) => f.name));
    expect(answer.data.rules.find((r) => r.field === 'oil')?.options).toEqual([
      { value: 'ok', label: 'Within marks' },
      { value: 'low', label: 'Low' },
    ]);
    expect(answer.data.action).toBe(`${spec.submit}?tid=${template.id}&${param}=${owner.id}`);
    expect(answer.data.method).toBe('POST');
  });

  it('keeps a submission with the fields, name and revision it was filled with, and who filled it', async () => {
    const { data: definition } = await form(template.id);
    const answer = await submit(definition.action, { checked_by: 'Li Wei', vacuum: 0.4, oil: 'ok' });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    const [kept] = await filledOf();
    expect(kept).toMatchObject({
      [parent.field]: owner.id,
      [spec.template]: template.id,
      [spec.revision]: 1,
      [spec.fields]: fields,
      [spec.values]: { checked_by: 'Li Wei', vacuum: 0.4, oil: 'ok' },
    });
    expect(kept[spec.by]).toBeTruthy();
    for (const [mine, theirs] of Object.entries(spec.copy)) expect(kept[mine]).toEqual(template[theirs]);
  });

  it('refuses values the form refuses, naming each field, and writes nothing', async () => {
    const { data: definition } = await form(template.id);
    const answer = await submit(definition.action, { vacuum: 3, oil: 'gone', colour: 'red' });
    expect(answer.code).toBe(40001);
    expect((answer.errors ?? []).map((e) => e.field).sort()).toEqual(['checked_by', 'colour', 'oil', 'vacuum']);
    expect(await filledOf()).toEqual([]);
  });

  it('gives the template a new revision when its fields change, and leaves a dossier filled earlier as it was', async () => {
    const { data: before } = await form(template.id);
    expect((await submit(before.action, { checked_by: 'Li Wei', vacuum: 0.2, oil: 'low' })).code).toBe(20000);
    // The same fields again: no new revision.
    expect((await updateTemplate({ info: 'Reworded' }))[revisionField]).toBe(1);
    const changed = [...fields.filter((f) => f.name !== 'oil'), { name: 'seals', title: 'Seals replaced', type: 'switch' as const }];
    expect((await updateTemplate({ [spec.fields]: changed }))[revisionField]).toBe(2);

    const { data: after } = await form(template.id);
    expect(after.rules.map((r) => r.field)).toEqual(changed.map((f) => f.name));
    // The old form's values are refused by the new one (its field "oil" is gone).
    expect((await submit(after.action, { checked_by: 'Wang', oil: 'ok' })).code).toBe(40001);
    expect((await submit(after.action, { checked_by: 'Wang', seals: true })).code).toBe(20000);

    const rows = await filledOf();
    const first = rows.find((r) => (r[spec.values] as Record<string, unknown>).oil === 'low')!;
    const second = rows.find((r) => (r[spec.values] as Record<string, unknown>).seals === true)!;
    expect(first).toMatchObject({ [spec.revision]: 1, [spec.fields]: fields });
    expect(second).toMatchObject({ [spec.revision]: 2, [spec.fields]: changed });
  });

  it('refuses to delete a template that dossiers were filled from, and deletes a dossier', async () => {
    const { data: definition } = await form(template.id);
    const kept = await submit(definition.action, { checked_by: 'Li Wei' });
    const delTemplate = templateSchema['x-resource'].endpoints.del!;
    const refused = await call(delTemplate.method, delTemplate.path, { query: { id: template.id } });
    expect(refused.code).toBe(40010);
    expect(await store.get(templateName, template.id)).toBeTruthy();
    const del = endpoints.del!;
    expect((await call(del.method, del.path, { query: { id: kept.data.id } })).code).toBe(20000);
    expect(await filledOf()).toEqual([]);
    expect((await call(delTemplate.method, delTemplate.path, { query: { id: template.id } })).code).toBe(20000);
  });

  it.runIf(spec.status)('withdraws a filled record and restores it through the status switch, refusing other values', async () => {
    const status = spec.status!;
    const [valid, withdrawn] = properties(schema)[status.field].enum!;
    const { data: definition } = await form(template.id);
    const kept = await submit(definition.action, { checked_by: 'Li Wei' });
    expect(kept.data[status.field]).toBe(valid);
    const set = (body: unknown) => call<Row>('POST', status.path, { body });
    const off = await set({ id: kept.data.id, [status.field]: withdrawn });
    expect(off.code, JSON.stringify(off)).toBe(20000);
    expect((await filledOf())[0][status.field]).toBe(withdrawn);
    const refused = await set({ id: kept.data.id, [status.field]: 7, extra: 1 });
    expect(refused.code).toBe(40001);
    expect(refused.errors?.map((e) => e.field).sort()).toEqual(['extra', status.field].sort());
    expect((await filledOf())[0][status.field]).toBe(withdrawn);
    expect((await set({ id: 999_999, [status.field]: valid })).code).toBe(40004);
    expect((await set({ id: kept.data.id, [status.field]: valid })).code).toBe(20000);
    expect((await filledOf())[0][status.field]).toBe(valid);
  });

  it('answers 40004 for a template or a record that does not exist, and 40001 for a malformed id', async () => {
    expect((await form(999_999)).code).toBe(40004);
    expect((await form(template.id, 999_999)).code).toBe(40004);
    const bad = await form('abc');
    expect(bad.code).toBe(40001);
    expect(bad.errors?.[0].field).toBe('tid');
    expect((await submit(`${spec.submit}?tid=${template.id}&${param}=999999`, { checked_by: 'x' })).code).toBe(40004);
  });
});
