// The calls of records written through server-made forms (`x-resource.forms`): the table's
// columns, the add and edit form definitions and their submissions, the status switch, and the
// resource's own list and delete, on memory, SQLite and PostgreSQL. The resource, its parent and
// every path come from the schemas; the parent record is put straight into the store with field
// definitions of the test's own, so each case starts from a known state.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exampleRecord } from '../../kernel/demo/fake';
import { formValues } from '../../kernel/forms/json-schema';
import { formValuesField, ownFormFields } from '../../kernel/forms/record-form';
import type { FieldDefinition, FormDefinition, FormRule } from '../../kernel/forms/types';
import { parentParam } from '../../kernel/schema/query';
import { properties } from '../../kernel/schema/registry';
import { decodeList } from '../../kernel/schema/shapes';
import type { HeaderItem } from '../../server/forms/form-records';
import { MemoryStore } from '../../server/store/memory';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';

const unavailable = postgresSkip;
const stores = storeMatrix();
if (unavailable) console.warn(`Form records are tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);

const found = Object.entries(registry.resources).find(([, schema]) => schema['x-resource'].forms);
if (!found) throw new Error('no resource is written through server-made forms (x-resource.forms)');
const [name, schema] = found;
const spec = schema['x-resource'].forms!;
const endpoints = schema['x-resource'].endpoints;
const parent = schema['x-resource'].parent!;
const parentSchema = registry.resources[parent.resource];
const values = formValuesField(schema)!;
/** The query parameter the resource's list takes the parent's id in; the form calls take the same. */
const param = parentParam(schema)!;
const statusField = spec.status?.field;
const ownNames = ownFormFields(schema).map(([field]) => field);

/** Field definitions of every sort the calls treat apart: required, uploads, options, bounds, times. */
const typelist: FieldDefinition[] = [
  { name: 'headline', title: 'Headline', type: 'input', required: true },
  { name: 'picture', title: 'Picture', type: 'upload' },
  { name: 'gallery', title: 'Gallery', type: 'uploads', max: 3 },
  { name: 'report', title: 'Report', type: 'file' },
  { name: 'colour', title: 'Colour', type: 'select', param: '1=>A\n2=>B' },
  { name: 'hours', title: 'Hours', type: 'number', min: 1, max: 720 },
  { name: 'start', title: 'Start', type: 'time' },
];
const typed = {
  headline: 'Hello',
  picture: '/uploads/slide.png',
  gallery: ['/uploads/a.png'],
  report: '/uploads/report.pdf',
  colour: 2,
  hours: 5,
  start: '08:30',
};

type Call = Awaited<ReturnType<typeof makeApi>>['call'];

describe(`the form calls of ${name}, a child of ${parent.resource}`, () => {
  it('reads a resource whose parent defines its fields, and field names of the test that are not its own', () => {
    expect(values.field).toBeTruthy();
    expect(properties(parentSchema)[values.definedBy]?.['x-field-definitions']).toBe(true);
    expect(typelist.filter((f) => Object.hasOwn(properties(schema), f.name))).toEqual([]);
  });

  it("takes the parent's id in the parameter the list takes it in, when the schema names none", async () => {
    // Without `parent.param` the resource's list reads the parent's id from `id`: so must the form calls.
    const variant = structuredClone(registry);
    delete variant.resources[name]['x-resource'].parent!.param;
    const unnamed = parentParam(variant.resources[name])!;
    const { store, call } = await makeApi(new MemoryStore(), { seed: false, registry: variant });
    const group = await store.insert(parent.resource, {
      ...exampleRecord(parentSchema, registry.config, () => ['key']),
      [values.definedBy]: typelist,
    });
    const answer = await call('GET', spec.header, { query: { [unnamed]: group.id } });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
  });
});

describe.each(stores)(`the form records of ${name} on %s`, (_store, makeStore) => {
  let store: Store;
  let call: Call;
  let groups: Row[];

  beforeEach(async () => {
    store = await makeStore();
    ({ call } = await makeApi(store, { seed: false }));
    // Two records as a client would send them, made apart so that fields no two may share differ.
    const example = (attempt: number) => exampleRecord(parentSchema, registry.config, () => ['key'], attempt);
    const representation = parentSchema['x-resource'].recordRepresentation;
    groups = [
      await store.insert(parent.resource, {
        ...example(1),
        [representation]: 'First parent',
        [values.definedBy]: typelist,
        info: 'A line under the title',
      }),
      await store.insert(parent.resource, { ...example(2), [representation]: 'Second parent', [values.definedBy]: [typelist[0]] }),
    ];
  });
  afterEach(() => store.close());

  const header = (gid: number | string, token?: string) =>
    call<{ header: HeaderItem[] }>('GET', spec.header, { query: { [param]: gid }, token });
  const addForm = (gid: number | string) => call<FormDefinition>('GET', spec.add.form, { query: { [param]: gid } });
  const editForm = (id: number | string) => call<FormDefinition>('GET', spec.edit.form, { query: { id } });
  const add = (gid: number | string, body: unknown, token?: string) =>
    call<Row>('POST', spec.add.submit, { query: { [param]: gid }, body, token });
  const edit = (id: number | string, body: unknown) => call<Row>('POST', spec.edit.submit, { query: { id }, body });
  const setStatus = (body: unknown) => call<Row>('POST', spec.status!.path, { body });
  const rowsOf = async (gid: number) => {
    const list = endpoints.list!;
    const answer = await call<Record<string, unknown>>(list.method, list.path, { query: { [param]: gid, limit: 100 } });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return decodeList<Row>(list.shape ?? 'total-items', answer.data);
  };
  const remove = (id: number) => {
    const del = endpoints.del!;
    return del.method === 'GET' || del.method === 'DELETE'
      ? call(del.method, del.path, { query: { id } })
      : call(del.method, del.path, { body: { id } });
  };
  /** Everything the calls may write, to show a refusal wrote nothing. */
  const snapshot = async () => ({
    rows: await Promise.all(groups.map((g) => rowsOf(g.id))),
    parents: await Promise.all(groups.map((g) => store.get(parent.resource, g.id))),
  });
  /** The opening values of the add form (the record's own defaults) and the values typed in. */
  const filled = async (gid: number, extra: Record<string, unknown> = typed) => {
    const form = await addForm(gid);
    expect(form.code, JSON.stringify(form)).toBe(20000);
    return { ...formValues(form.data), ...extra };
  };
  const added = async (gid = groups[0].id, extra: Record<string, unknown> = typed) => {
    const answer = await add(gid, await filled(gid, extra));
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  };
  const expectRefused = async (answer: Awaited<ReturnType<Call>>, fields: string[], before: Awaited<ReturnType<typeof snapshot>>) => {
    expect(answer.code, JSON.stringify(answer)).toBe(40001);
    expect((answer.errors ?? []).map((e) => e.field).sort()).toEqual([...fields].sort());
    expect(await snapshot()).toEqual(before);
  };

  it("answers the table's columns: one per defined field, uploads as images, then the status and the actions", async () => {
    const answer = await header(groups[0].id);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(Object.keys(answer.data)).toEqual(['header']);
    const columns = answer.data.header;
    for (const column of columns) {
      expect(typeof column.title).toBe('string');
      expect(Number.isInteger(column.minWidth)).toBe(true);
      expect(Boolean(column.key) !== Boolean(column.slot), JSON.stringify(column)).toBe(true);
    }
    const defined = columns.filter((c) => typelist.some((f) => f.name === c.key));
    expect(defined.map((c) => [c.key, c.title, c.type])).toEqual(
      typelist.map((f) => [f.name, f.title, f.type === 'upload' || f.type === 'uploads' ? 'image' : f.type]),
    );
    const keys = columns.map((c) => c.key).filter(Boolean);
    expect(keys).not.toContain(values.field);
    expect(keys).not.toContain(parent.field);
    expect(new Set(keys).size).toBe(keys.length);
    const slots = columns.filter((c) => c.slot);
    expect(slots.map((c) => c.slot)).toEqual([...(statusField ? [statusField] : []), 'action']);
    expect(columns.at(-1)?.slot).toBe('action');
    expect(slots.every((c) => c.title.trim() !== '' && c.title !== 'forms.actions')).toBe(true);

    const other = await header(groups[1].id);
    expect(other.data.header.filter((c) => typelist.some((f) => f.name === c.key)).map((c) => c.key)).toEqual([typelist[0].name]);
  });

  it('answers the add form: its own fields, then the defined ones, sent to the add call with the parent id', async () => {
    const answer = await addForm(groups[0].id);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    const form = answer.data;
    expect(Object.keys(form).sort()).toEqual(['action', 'info', 'method', 'rules', 'status', 'title']);
    expect(form).toMatchObject({
      action: `${spec.add.submit}?${param}=${groups[0].id}`,
      method: 'POST',
      status: true,
      info: 'A line under the title',
    });
    expect(form.title).toContain('First parent');
    expect(form.rules.map((r) => r.field)).toEqual([...ownNames, ...typelist.map((f) => f.name)]);
    const rule = (field: string) => form.rules.find((r) => r.field === field) as FormRule;
    expect(rule('headline')).toEqual({ type: 'input', field: 'headline', title: 'Headline', required: true });
    expect(rule('colour')).toEqual({
      type: 'select',
      field: 'colour',
      title: 'Colour',
      options: [
        { value: 1, label: 'A' },
        { value: 2, label: 'B' },
      ],
    });
    expect(rule('hours')).toMatchObject({ type: 'number', min: 1, max: 720 });
    expect(rule('gallery')).toMatchObject({ type: 'uploads', max: 3 });
    for (const own of ownNames) expect(rule(own).title.trim()).not.toBe('');
    if (statusField) expect(rule(statusField).options?.map((o) => o.value)).toEqual(properties(schema)[statusField].enum);
    expect(form.rules.filter((r) => typelist.some((f) => f.name === r.field)).every((r) => r.value === undefined)).toBe(true);
  });

  it('adds a record from the form; the list answers its values beside its own fields, by parent', async () => {
    const body = await filled(groups[0].id);
    const form = await addForm(groups[0].id);
    const answer = await call<Row>('POST', form.data.action, { body });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(answer.msg ?? answer.message).toBeTruthy();
    const record = answer.data;
    expect(record).toMatchObject({ ...body, [parent.field]: groups[0].id });
    expect(record).not.toHaveProperty(values.field);
    expect(Number.isInteger(record.id)).toBe(true);

    const { rows, total } = await rowsOf(groups[0].id);
    expect(total).toBe(1);
    expect(rows).toEqual([record]);
    expect(rows[0]).not.toHaveProperty(values.field);
    expect(await rowsOf(groups[1].id)).toEqual({ rows: [], total: 0 });
    // Stored, the values keep to their own field.
    const stored = await store.get(name, record.id as number);
    expect(stored?.[values.field]).toEqual(typed);

    if (endpoints.info) {
      const info = await call<Row>(endpoints.info.method, endpoints.info.path, { query: { id: record.id as number } });
      expect(info.data).toEqual(record);
    }
  });

  it('leaves out the empty values of a submission', async () => {
    const record = await added(groups[0].id, { headline: 'Only this', picture: '', colour: null, start: '' });
    expect(record).toMatchObject({ headline: 'Only this' });
    for (const field of ['picture', 'colour', 'start', 'hours']) expect(record).not.toHaveProperty(field);
    expect((await store.get(name, record.id as number))?.[values.field]).toEqual({ headline: 'Only this' });
  });

  it('refuses a submission the form does not accept, naming each field, and writes nothing', async () => {
    await added();
    const before = await snapshot();
    const base = await filled(groups[0].id);
    const { headline: _h, ...withoutHeadline } = base;
    await expectRefused(await add(groups[0].id, withoutHeadline), ['headline'], before);
    await expectRefused(await add(groups[0].id, { ...base, headline: '' }), ['headline'], before);
    await expectRefused(await add(groups[0].id, { ...base, headline: null }), ['headline'], before);
    const option = await add(groups[0].id, { ...base, colour: 3 });
    await expectRefused(option, ['colour'], before);
    expect(option.errors?.[0].message).toContain('Colour');
    expect(option.errors?.[0].message).toContain('A, B');
    await expectRefused(await add(groups[0].id, { ...base, colour: '1' }), ['colour'], before);
    await expectRefused(await add(groups[0].id, { ...base, hours: 721 }), ['hours'], before);
    await expectRefused(await add(groups[0].id, { ...base, hours: 0 }), ['hours'], before);
    const unknown = await add(groups[0].id, { ...base, extra: 'x' });
    await expectRefused(unknown, ['extra'], before);
    expect(unknown.message).toContain('extra');
    for (const start of ['25:00', '8:30', '08:30 am']) await expectRefused(await add(groups[0].id, { ...base, start }), ['start'], before);
    await expectRefused(await add(groups[0].id, { ...base, gallery: ['/a.png', '/b.png', '/c.png', '/d.png'] }), ['gallery'], before);
    // A field only the other parent lacks is unknown there.
    await expectRefused(await add(groups[1].id, { ...(await filled(groups[1].id, { headline: 'x' })), colour: 1 }), ['colour'], before);
    await expectRefused(
      await add(groups[0].id, { ...base, headline: '', colour: 9, hours: 1e6, extra: 1, start: 'noon' }),
      ['headline', 'colour', 'hours', 'extra', 'start'],
      before,
    );
    for (const body of ['[1]', 'not json', '"text"']) expect((await add(groups[0].id, body)).code).toBe(40001);
    expect(await snapshot()).toEqual(before);
  });

  it("answers the edit form with the record's values, sent to the edit call with its id", async () => {
    const record = await added();
    const answer = await editForm(record.id as number);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(answer.data).toMatchObject({ action: `${spec.edit.submit}?id=${record.id}`, method: 'POST', status: true });
    expect(answer.data.title).toContain('First parent');
    const opened = formValues(answer.data);
    expect(opened).toMatchObject(typed);
    for (const own of ownNames) expect(opened[own]).toEqual(record[own]);
  });

  it('edits a record: its values are replaced, those left out cleared, the other records untouched', async () => {
    const record = await added();
    const other = await added(groups[0].id, { headline: 'Other' });
    const form = await editForm(record.id as number);
    const body = { ...formValues(form.data), headline: 'Changed', colour: 1, hours: undefined, start: undefined, gallery: undefined };
    const answer = await call<Row>('POST', form.data.action, { body });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(answer.data).toMatchObject({
      id: record.id,
      [parent.field]: groups[0].id,
      headline: 'Changed',
      colour: 1,
      picture: typed.picture,
    });
    for (const field of ['hours', 'start', 'gallery', values.field]) expect(answer.data).not.toHaveProperty(field);
    const { rows } = await rowsOf(groups[0].id);
    expect(rows.find((r) => r.id === record.id)).toEqual(answer.data);
    expect(rows.find((r) => r.id === other.id)).toEqual(other);

    const before = await snapshot();
    await expectRefused(await edit(record.id as number, { ...body, headline: '' }), ['headline'], before);
    await expectRefused(await edit(record.id as number, { ...body, colour: 7 }), ['colour'], before);
    await expectRefused(await edit(record.id as number, { ...body, nope: 1 }), ['nope'], before);
    const missing = await edit(999_999, body);
    expect(missing.code).toBe(40004);
    expect(missing.message).toContain('999999');
    expect(await snapshot()).toEqual(before);
  });

  it.skipIf(!spec.status)(
    'sets the status to each allowed value, and refuses others and unknown records (the resource has a status call)',
    async () => {
      const field = statusField!;
      const allowed = properties(schema)[field].enum ?? [];
      expect(allowed.length).toBeGreaterThan(1);
      const record = await added();
      for (const value of [...allowed].reverse()) {
        const answer = await setStatus({ id: record.id, [field]: value });
        expect(answer.code, JSON.stringify(answer)).toBe(20000);
        expect(answer.data).toMatchObject({ id: record.id, [field]: value, ...typed });
        expect((await rowsOf(groups[0].id)).rows[0]).toMatchObject({ [field]: value, ...typed });
      }
      const before = await snapshot();
      const outside = [2, '1', null, true].filter((v) => !allowed.includes(v as never));
      for (const value of outside) await expectRefused(await setStatus({ id: record.id, [field]: value }), [field], before);
      await expectRefused(await setStatus({ id: record.id }), [field], before);
      await expectRefused(await setStatus({ id: String(record.id), [field]: allowed[0] }), ['id'], before);
      await expectRefused(await setStatus({ id: 0, [field]: allowed[0] }), ['id'], before);
      await expectRefused(await setStatus({ id: record.id, [field]: allowed[0], headline: 'x' }), ['headline'], before);
      const missing = await setStatus({ id: 999_999, [field]: allowed[0] });
      expect(missing.code).toBe(40004);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("deletes a record through the resource's own delete call", async () => {
    const record = await added();
    const kept = await added(groups[0].id, { headline: 'Kept' });
    const answer = await remove(record.id as number);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(await store.get(name, record.id as number)).toBeUndefined();
    expect((await rowsOf(groups[0].id)).rows).toEqual([kept]);
    expect((await remove(record.id as number)).code).toBe(40004);
    expect((await editForm(record.id as number)).code).toBe(40004);
  });

  it('answers 40004 for a parent or record that does not exist, and 40001 for a malformed id, writing nothing', async () => {
    await added();
    const before = await snapshot();
    for (const answer of [await header(999_999), await addForm(999_999), await add(999_999, { headline: 'x' }), await editForm(999_999)]) {
      expect(answer.code, JSON.stringify(answer)).toBe(40004);
      expect(answer.message).toContain('999999');
    }
    for (const bad of ['abc', '0', '-1', '1.5', '', '01', '99999999999999999']) {
      for (const answer of [await header(bad), await addForm(bad), await add(bad, { headline: 'x' })]) {
        expect(answer.code, `${bad}: ${JSON.stringify(answer)}`).toBe(40001);
        expect(answer.errors?.map((e) => e.field)).toEqual([param]);
      }
      for (const answer of [await editForm(bad), await edit(bad, { headline: 'x' })]) {
        expect(answer.code, `${bad}: ${JSON.stringify(answer)}`).toBe(40001);
        expect(answer.errors?.map((e) => e.field)).toEqual(['id']);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('checks a submission against the fields the parent defines now', async () => {
    const record = await added();
    const now = (await store.get(parent.resource, groups[0].id))!;
    const { id, version, ...fields } = now;
    const changed: FieldDefinition[] = [{ name: 'score', title: 'Score', type: 'number', required: true, min: 0, max: 10 }];
    await store.update(parent.resource, id as number, { ...fields, [values.definedBy]: changed }, version as number);

    const form = await addForm(groups[0].id);
    expect(form.data.rules.map((r) => r.field)).toEqual([...ownNames, 'score']);
    expect((await header(groups[0].id)).data.header.filter((c) => c.key === 'score' || c.key === 'headline').map((c) => c.key)).toEqual([
      'score',
    ]);

    const before = await snapshot();
    const old = await filled(groups[0].id);
    await expectRefused(await add(groups[0].id, old), ['score', ...Object.keys(typed)], before);
    await expectRefused(await add(groups[0].id, { ...formValues(form.data), score: 11 }), ['score'], before);
    await expectRefused(
      await edit(record.id as number, { ...formValues(form.data), headline: 'Still here?' }),
      ['score', 'headline'],
      before,
    );
    const answer = await add(groups[0].id, { ...formValues(form.data), score: 7 });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(answer.data).toMatchObject({ score: 7 });
    expect(answer.data).not.toHaveProperty('headline');
    const edited = await edit(record.id as number, { ...formValues((await editForm(record.id as number)).data), score: 3 });
    expect(edited.code, JSON.stringify(edited)).toBe(20000);
    expect(edited.data).toMatchObject({ score: 3 });
    expect(edited.data).not.toHaveProperty('headline');
  });

  it('answers nobody without a session, and writes nothing for them', async () => {
    const before = await snapshot();
    expect((await header(groups[0].id, '')).code).toBe(50008);
    expect((await add(groups[0].id, await filled(groups[0].id), '')).code).toBe(50008);
    expect(await snapshot()).toEqual(before);
  });

  it.skipIf(!spec.shown)(
    'answers the records switched on of the parent named by its key, in their order, to anyone signed in',
    async () => {
      const shown = spec.shown!;
      const key = String(groups[0][shown.key]);
      const off = (schema.properties![statusField!].enum ?? []).find((v) => v !== shown.on);
      const [a, b, c] = [await added(), await added(), await added()];
      // One hidden; the others in the order the resource's own list gives them.
      expect((await setStatus({ id: b.id, [statusField!]: off })).code).toBe(20000);
      for (const token of ['admin-token', 'editor-token']) {
        const answer = await call<{ name: string; fields: FieldDefinition[]; list: Row[] }>('GET', shown.path, {
          query: { [shown.key]: key },
          token,
        });
        expect(answer.code, JSON.stringify(answer)).toBe(20000);
        expect(answer.data.name).toBe('First parent');
        expect(answer.data.fields).toEqual(typelist);
        expect(answer.data.list.map((row) => row.id)).toEqual(
          (await rowsOf(groups[0].id)).rows.filter((row) => row[statusField!] === shown.on).map((row) => row.id),
        );
        expect(answer.data.list.map((row) => row.id).sort()).toEqual([a.id, c.id].sort());
        expect(answer.data.list[0]).toMatchObject({ headline: 'Hello' });
      }
      const none = await call<{ list: Row[] }>('GET', shown.path, { query: { [shown.key]: 'no-such-key' } });
      expect(none.data.list).toEqual([]);
      expect((await call('GET', shown.path, { query: { [shown.key]: key }, token: '' })).code).toBe(50008);
    },
  );
});
