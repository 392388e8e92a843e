// Every kind of write goes through one write service (server/write/service.ts): a generic add,
// the status switch, a survey import, an assignment, a form record, a filled form, the
// singleton and an account. Each, on memory, SQLite and PostgreSQL: is logged under the person's name in the
// operation log, keeps the totals and followers it touches (answering them in `changed`), and is
// refused by the same checks with nothing written, log included.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exampleRecord } from '../../kernel/demo/fake';
import { formValues } from '../../kernel/forms/json-schema';
import type { FieldDefinition, FormDefinition } from '../../kernel/forms/types';
import { OPERATION_LOG } from '../../kernel/history/names';
import { parentParam } from '../../kernel/schema/query';
import { openSqlStore } from '../../server/db/open';
import { MemoryStore } from '../../server/store/memory';
import type { Row, Store } from '../../server/store/types';
import { dropPostgresSchemas, freshPostgres, freshSqlite, postgresUnavailable } from './databases';
import { type Envelope, makeApi, registry } from './helpers';
import { calibrated } from './fit';

const unavailable = await postgresUnavailable();
const stores: [string, () => Promise<Store>][] = [
  ['memory', async () => new MemoryStore()],
  ['SQLite', () => openSqlStore(freshSqlite(), registry)],
];
if (unavailable) console.warn(`The write path is tested on memory and SQLite only: PostgreSQL is not reachable (${unavailable})`);
else {
  stores.push(['PostgreSQL', async () => openSqlStore(await freshPostgres(), registry)]);
  afterAll(dropPostgresSchemas);
}

const WELL = {
  wellNumber: 'Wp-1',
  wellType: 'horizontal',
  oilArea: 'Changqing',
  clientUnit: 'Changqing Oilfield Co.',
  startDate: '2025-03-01',
  status: 0,
};
const NOTE: FieldDefinition[] = [{ name: 'note', title: 'Note', type: 'input', required: true }];
const LISTING = 'MD,Inc,Azi\n500,0,45\n530,3,45\n560,6,45\n590,9,45';
const at = (day: number, hour = 0) => new Date(Date.UTC(2025, 2, day, hour)).toISOString();

const groupdata = registry.resources.groupdata['x-resource'];
const dossier = registry.resources.dossier['x-resource'];
const templates = registry.resources.dossier.properties!.gid['x-ref']!;
const assign = registry.resources.projectdevice['x-resource'].assign!;
const survey = registry.resources.project['x-resource'].survey!;
const crontab = registry.resources.crontab['x-resource'].switch!;
const parameter = registry.resources.parameter['x-resource'].endpoints.update!;

type Changed = { resource: string; id: number }[];
type Answer<T = Row> = Envelope<T> & { changed?: Changed };

describe.each(stores)('one write path for every kind of write on %s', (_name, makeStore) => {
  let store: Store;
  let upload: Awaited<ReturnType<typeof makeApi>>['upload'];
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let well: Row;
  let group: Row;
  let device: Row;

  beforeEach(async () => {
    store = await makeStore();
    ({ upload, call } = await makeApi(store, { seed: false }));
    const types = await store.insert('dictionary', { code: 'wellType', name: 'Well types' });
    await store.insert('dictionaryitem', { dictionary: types.id, key: 'horizontal', sort: 0, label: { en: 'Horizontal' }, enabled: true });
    well = await store.insert('project', WELL);
    group = await store.insert('group', { name: 'Checks', config_name: 'checks', typelist: NOTE });
    device = await ok<Row>('POST', '/device/create', { numtype: 'T', num: '900', type: 1, status: 0, brand: 1, meth: 1 });
  });
  afterEach(() => store.close());

  async function ok<T = Row>(method: string, path: string, body?: unknown, query?: Record<string, string | number>): Promise<T> {
    const answer = await call<T>(method, path, { body, query, language: 'en' });
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    return answer.data;
  }
  const answerOf = <T = Row>(method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    call<T>(method, path, { body, query, language: 'en' }) as Promise<Answer<T>>;
  /** The operation log's entries, oldest first, as [user, resource, record, action, cause]. */
  const log = async () =>
    (await store.list(OPERATION_LOG, { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1000 })).rows.map((e) => [
      e.user,
      e.resource,
      e.record,
      e.action,
      e.cause ?? null,
    ]);
  /** The entries logged while `work` ran. */
  const loggedBy = async (work: () => Promise<unknown>) => {
    const before = (await log()).length;
    await work();
    return (await log()).slice(before);
  };
  const importListing = (content: string, id: number = well.id) =>
    upload<{ kept: number }>(survey.import, { content }, { query: { id }, language: 'en' }) as Promise<Answer<{ kept: number }>>;

  it('a generic add logs the record and answers the instrument whose hours it changed', async () => {
    let answer: Answer | undefined;
    const entries = await loggedBy(async () => {
      answer = await answerOf('POST', '/device/userecord/add', {
        device: device.id,
        startcl: 100,
        starttime: at(2),
        endtime: at(2, 6),
        status: 1,
      });
    });
    expect(answer?.code, JSON.stringify(answer)).toBe(20000);
    expect(entries).toEqual([['Super Admin', 'userecord', answer!.data.id, 'create', null]]);
    expect(answer!.changed).toEqual([{ resource: 'device', id: device.id }]);
    expect(await store.get('device', device.id)).toMatchObject({ hour: 6, houring: 6, version: device.version });
  });

  it('a repair opened answers the instrument whose status it moved, logged with its cause', async () => {
    let answer: Answer | undefined;
    const entries = await loggedBy(async () => {
      answer = await answerOf('POST', '/device/fitrecord/add', { device: device.id, songTime: at(3), songReason: 'Pulser' });
    });
    expect(answer?.code, JSON.stringify(answer)).toBe(20000);
    expect(entries).toEqual([
      ['Super Admin', 'fitrecord', answer!.data.id, 'create', null],
      ['Super Admin', 'device', device.id, 'update', 'repairOpened'],
    ]);
    expect(answer!.changed).toContainEqual({ resource: 'device', id: device.id });
    expect(await store.get('device', device.id)).toMatchObject({ status: 2 });
  });

  it('an assignment logs its row and the instrument it moved, and a guard refuses it with nothing written', async () => {
    await calibrated(store, [device.id]);
    let answer: Answer<{ assigned: number }> | undefined;
    const entries = await loggedBy(async () => {
      answer = await answerOf(assign.add.method, assign.add.path, { id: well.id, [assign.idsParam]: [device.id] });
    });
    expect(answer?.code, JSON.stringify(answer)).toBe(20000);
    const [row] = await store.findIds('projectdevice', [{ field: 'device', op: 'eq', value: device.id }]);
    expect(entries).toEqual([
      ['Super Admin', 'projectdevice', row, 'create', null],
      ['Super Admin', 'device', device.id, 'update', 'assigned'],
    ]);
    expect(answer!.changed).toEqual([
      { resource: 'projectdevice', id: row },
      { resource: 'device', id: device.id },
    ]);
    expect(await store.get('device', device.id)).toMatchObject({ status: 1, project: WELL.wellNumber });

    // On a well, a repair may not be opened: the lifecycle guard refuses it, whatever call tries.
    const refused = await loggedBy(async () => {
      const repair = await answerOf('POST', '/device/fitrecord/add', { device: device.id, songTime: at(4), songReason: 'x' });
      expect(repair.code).toBe(40001);
      const edit = await answerOf('POST', '/device/update', { id: device.id, status: 0 });
      expect(edit.code).toBe(40001);
    });
    expect(refused).toEqual([]);
    expect(await store.get('device', device.id)).toMatchObject({ status: 1 });
  });

  it('a survey import logs a summary of the listing and answers the well whose totals it changed', async () => {
    let answer: Answer<{ kept: number }> | undefined;
    const entries = await loggedBy(async () => {
      answer = await importListing(LISTING);
    });
    expect(answer?.code, JSON.stringify(answer)).toBe(20000);
    const [listing] = await store.findIds('survey', [{ field: 'project', op: 'eq', value: well.id }]);
    // The listing it replaces is kept first (here none: an empty one, which a restore brings back).
    const [replaced] = await store.findIds('surveyhistory', [{ field: 'project', op: 'eq', value: well.id }]);
    expect(entries).toEqual([
      ['Super Admin', 'surveyhistory', replaced, 'create', null],
      ['Super Admin', 'survey', listing, 'create', null],
    ]);
    const [entry] = (await store.list(OPERATION_LOG, { conditions: [], sort: { field: 'id', order: 'DESC' }, page: 1, limit: 1 })).rows;
    expect(JSON.stringify(entry.changes)).not.toContain('stations');
    expect(answer!.changed).toContainEqual({ resource: 'project', id: well.id });

    // The same reference check refuses a listing for a well that does not exist.
    const refused = await loggedBy(async () => expect((await importListing(LISTING, 999_999)).code).toBe(40004));
    expect(refused).toEqual([]);
  });

  it('a form record and a filled form are logged, and their status switch too', async () => {
    const form = await ok<FormDefinition>('GET', groupdata.forms!.add.form, undefined, {
      [parentParam(registry.resources.groupdata)!]: group.id,
    });
    const entries = await loggedBy(async () => {
      const record = await ok<Row>(
        'POST',
        groupdata.forms!.add.submit,
        { ...formValues(form), note: 'Seals checked' },
        { [parentParam(registry.resources.groupdata)!]: group.id },
      );
      const fills = dossier.fills!;
      const template = await store.insert(templates, {
        ...exampleRecord(registry.resources[templates], registry.config, () => ['key']),
        typelist: NOTE,
      });
      const filled = await ok<Row>('POST', fills.submit, { note: 'Vacuum held' }, { tid: template.id, id: device.id });
      await ok('POST', fills.status!.path, { id: filled.id, [fills.status!.field]: 0 });
      expect(record.id).toBeGreaterThan(0);
    });
    expect(entries.map(([user, resource, , action]) => [user, resource, action])).toEqual([
      ['Super Admin', 'groupdata', 'create'],
      ['Super Admin', 'dossier', 'create'],
      ['Super Admin', 'dossier', 'update'],
    ]);

    // The form's own rules refuse a submission without its required field, with nothing written.
    const refused = await loggedBy(async () => {
      const answer = await answerOf('POST', groupdata.forms!.add.submit, formValues(form), {
        [parentParam(registry.resources.groupdata)!]: group.id,
      });
      expect(answer.code).toBe(40001);
    });
    expect(refused).toEqual([]);
  });

  it('the status switch and the singleton are logged, and refused by the schema alike', async () => {
    const job = await store.insert('crontab', { ...exampleRecord(registry.resources.crontab, registry.config, () => ['key']), is_open: 1 });
    const entries = await loggedBy(async () => {
      await ok(crontab.method ?? 'POST', crontab.path, undefined, { id: job.id, [crontab.field]: 0 });
      await ok(parameter.method, parameter.path, { sessionHours: 20 });
    });
    expect(entries.map(([user, resource, , action]) => [user, resource, action])).toEqual([
      ['Super Admin', 'crontab', 'update'],
      ['Super Admin', 'parameter', 'create'],
    ]);
    const refused = await loggedBy(async () => {
      expect((await answerOf(crontab.method ?? 'POST', crontab.path, undefined, { id: job.id, [crontab.field]: 7 })).code).toBe(40001);
      expect((await answerOf(parameter.method, parameter.path, { sessionHours: 'soon' })).code).toBe(40001);
    });
    expect(refused).toEqual([]);
  });

  it('an account write is logged alike, its refusal not', async () => {
    const accounts = registry.resources.admin['x-resource'];
    const list = await ok<{ list: Row[] }>('GET', accounts.endpoints.list!.path);
    const editor = list.list.find((a) => a.username === 'editor')!;
    const { disable } = accounts.access as { disable: string };
    const entries = await loggedBy(() => ok('POST', disable, { id: editor.id, enabled: 0 }));
    expect(entries).toEqual([['Super Admin', 'admin', editor.id, 'update', null]]);
    const admin = list.list.find((a) => a.username === 'admin')!;
    const refused = await loggedBy(async () => {
      // The last enabled account with the super role stays.
      expect((await answerOf('POST', accounts.endpoints.update!.path, { id: admin.id, enabled: 0 })).code).toBe(40010);
    });
    expect(refused).toEqual([]);
  });
});
