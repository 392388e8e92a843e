// What was sent stays as it was sent, on memory, SQLite and PostgreSQL: a submitted daily report
// keeps the TVD, displacement and dogleg severity it was submitted with when the well's stations
// change later; the new values wait in its revision, the change is logged and told to whoever
// submitted it; reopening takes them. A survey import is previewed first (writing nothing), keeps
// the listing it replaces, and a restore brings that one back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Row, Store } from '../../server/store/types';
import { postgresSkip, storeMatrix } from './stores';
import { makeApi, registry } from './helpers';

const stores = storeMatrix();
if (postgresSkip) console.warn(`Survey revisions are tested on memory and SQLite only: PostgreSQL is not reachable (${postgresSkip})`);

const spec = registry.resources.project['x-resource'].survey!;
const daily = registry.resources.daily['x-resource'];
const dailyAdd = daily.endpoints.add!.path;
const dailyUpdate = daily.endpoints.update!.path;
const KEPT = daily.lock!.keeps!;

/** A build from vertical to 30° at 3°/30 m heading 45°, below a kick-off at 500 m. */
const LISTING = Array.from({ length: 13 }, (_, i) => ({ md: 500 + i * 30, inc: Math.min(i * 3, 30), azi: 45 }));
/** The same well surveyed again: steeper from 560 m, one station fewer, one more. */
const RESURVEYED = [...LISTING.slice(0, 2), ...LISTING.slice(2, 12).map((s) => ({ ...s, inc: s.inc + 2 })), { md: 880, inc: 33, azi: 45 }];
const csv = (rows: { md: number; inc: number; azi: number }[]) =>
  ['MD,Inc,Azi', ...rows.map((r) => `${r.md},${r.inc},${r.azi}`)].join('\n');

type Params = Record<string, number | undefined>;
interface Preview {
  stations: unknown[];
  current: { count: number } | null;
  changes: { added: { md: number }[]; removed: { md: number }[]; changed: { md: number }[]; unchanged: number };
  revises: { resource: string; id: number; label: string; values: { field: string; kept: number; now: number }[] }[];
}

describe.each(stores)('what was sent stays on %s', (_name, makeStore) => {
  let store: Store;
  let upload: Awaited<ReturnType<typeof makeApi>>['upload'];
  let call: Awaited<ReturnType<typeof makeApi>>['call'];
  let well: Row;
  let trip: Row;

  beforeEach(async () => {
    store = await makeStore();
    ({ upload, call } = await makeApi(store, { seed: false }));
    well = await store.insert('project', { wellNumber: 'Su53-78H', startDate: '2025-03-01', status: 0 });
    trip = await store.insert('trip', { wellId: well.id, tripNumber: 1, startDepth: 0, endDepth: 900 });
  });
  afterEach(() => store.close());

  const post = <T>(path: string, content?: string) =>
    upload<T>(path, content === undefined ? undefined : { content }, { query: { id: well.id } });
  const importListing = (rows: typeof LISTING) => post<{ kept: number }>(spec.import, csv(rows));
  const preview = (rows: typeof LISTING) => post<Preview>(spec.preview!, csv(rows));
  const restore = () => post<{ kept: number }>(spec.restore!);
  /** A report at 650 m, between two stations of the listings, written and submitted by the editor. */
  const submittedReport = async () => {
    const added = await call<Row>('POST', dailyAdd, {
      token: 'editor-token',
      body: {
        tripNumber: trip.id,
        day: '2025-03-04',
        status: 'draft',
        drillingParams: { measuredDepth: 650, inclination: 16, azimuth: 45 },
      },
    });
    expect(added.code, JSON.stringify(added)).toBe(20000);
    const sent = await call<Row>('POST', dailyUpdate, { token: 'editor-token', body: { id: added.data.id, status: 'submitted' } });
    expect(sent.code, JSON.stringify(sent)).toBe(20000);
    return (await store.get('daily', added.data.id))!;
  };
  const params = async (id: number) => ((await store.get('daily', id))!.drillingParams ?? {}) as Params;
  const rows = async (resource: string) =>
    (await store.list(resource, { conditions: [], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 100 })).rows;

  it('keeps a submitted report’s values when the survey is imported again, revising it, logging it and telling who submitted it', async () => {
    expect((await importListing(LISTING)).code).toBe(20000);
    const report = await submittedReport();
    expect(report.submittedBy).toBe('editor');
    const submitted = report.drillingParams as Params;
    expect(submitted.verticalDepth).toBeGreaterThan(0);

    const imported = await importListing(RESURVEYED);
    expect(imported.code, JSON.stringify(imported)).toBe(20000);
    const stored = (await store.get('daily', report.id))!;
    // The submitted values stay; the new ones wait beside them.
    for (const path of KEPT) expect((stored.drillingParams as Params)[path.split('.')[1]]).toBe(submitted[path.split('.')[1]]);
    const revision = stored.revision as { at: string; values: { field: string; value: number }[] };
    expect(Date.parse(revision.at)).not.toBeNaN();
    const fieldsRevised = revision.values.map((v) => v.field);
    expect(fieldsRevised).toContain('drillingParams.verticalDepth');
    for (const { field, value } of revision.values) expect(value).not.toBe(submitted[field.split('.')[1]]);
    // A draft report would have taken them: the well's own totals did.
    expect((await store.get('project', well.id))!.maxInclination).toBe(33);

    const logged = (await rows('oplog')).filter(
      (entry) => entry.resource === 'daily' && entry.record === report.id && entry.cause === 'revised',
    );
    expect(logged).toHaveLength(1);
    expect((logged[0].changes as { path: string }[]).map((c) => c.path)).toEqual(
      expect.arrayContaining(['revision.at', 'revision.values']),
    );
    const told = (await rows('notification')).filter((n) => n.kind === 'revised');
    expect(told).toEqual([expect.objectContaining({ recipient: 'editor', link: `/project/daily/${well.id}/${trip.id}` })]);
    expect(told[0].params).toMatchObject({ label: '2025-03-04', well: 'Su53-78H' });

    // The same listing again changes nothing more: no second entry, nobody told twice.
    expect((await importListing(RESURVEYED)).code).toBe(20000);
    expect((await rows('notification')).filter((n) => n.kind === 'revised')).toHaveLength(1);
    expect((await store.get('daily', report.id))!.revision).toEqual(revision);
  });

  it('reopening and submitting again takes the new values and empties the revision', async () => {
    await importListing(LISTING);
    const report = await submittedReport();
    await importListing(RESURVEYED);
    const revision = (await store.get('daily', report.id))!.revision as { values: { field: string; value: number }[] };

    const reopened = await call<Row>('POST', dailyUpdate, { body: { id: report.id, status: 'draft' } });
    expect(reopened.code, JSON.stringify(reopened)).toBe(20000);
    const draft = (await store.get('daily', report.id))!;
    expect(draft.revision ?? null).toBeNull();
    expect(draft.submittedBy ?? null).toBeNull();
    for (const { field, value } of revision.values) expect((draft.drillingParams as Params)[field.split('.')[1]]).toBe(value);

    const again = await call<Row>('POST', dailyUpdate, { body: { id: report.id, status: 'submitted' } });
    expect(again.code, JSON.stringify(again)).toBe(20000);
    const resubmitted = (await store.get('daily', report.id))!;
    expect(resubmitted.submittedBy).toBe('admin');
    expect(resubmitted.revision ?? null).toBeNull();
    expect(await params(report.id)).toEqual(draft.drillingParams);
  });

  it('previews an import without writing: the stations read, what changes, and the report it would revise', async () => {
    await importListing(LISTING);
    const report = await submittedReport();
    const before = {
      listing: await rows('survey'),
      history: await rows('surveyhistory'),
      log: await rows('oplog'),
      report: await params(report.id),
    };

    const answer = await preview(RESURVEYED);
    expect(answer.code, JSON.stringify(answer)).toBe(20000);
    expect(answer.data.stations).toHaveLength(RESURVEYED.length);
    expect(answer.data.current?.count).toBe(LISTING.length);
    expect(answer.data.changes.added.map((s) => s.md)).toEqual([880]);
    expect(answer.data.changes.removed.map((s) => s.md)).toEqual([860]);
    expect(answer.data.changes.changed.map((s) => s.md)).toEqual(LISTING.slice(2, 12).map((s) => s.md));
    expect(answer.data.changes.unchanged).toBe(2);
    expect(answer.data.revises).toEqual([
      expect.objectContaining({ resource: 'daily', id: report.id, label: '2025-03-04', values: expect.any(Array) }),
    ]);
    const tvd = answer.data.revises[0].values.find((v) => v.field === 'drillingParams.verticalDepth')!;
    expect(tvd.kept).toBe(before.report.verticalDepth);
    expect(tvd.now).not.toBe(tvd.kept);

    // Nothing was written.
    expect(await rows('survey')).toEqual(before.listing);
    expect(await rows('surveyhistory')).toEqual(before.history);
    expect(await rows('oplog')).toEqual(before.log);
    expect(await params(report.id)).toEqual(before.report);
    // The same listing changes nothing and revises nothing; a bad file is refused as by the import.
    expect((await preview(LISTING)).data).toMatchObject({ changes: { added: [], removed: [], changed: [] }, revises: [] });
    const refused = await post<unknown>(spec.preview!, 'MD,Inc,Azi\n500,abc,45\n');
    expect(refused.code).toBe(40001);
  });

  it('keeps the listing an import replaces, and restoring brings it back, revising the reports the same way', async () => {
    // Nothing to restore yet.
    expect((await restore()).code).toBe(40004);
    await importListing(LISTING);
    const report = await submittedReport();
    const submitted = await params(report.id);
    await importListing(RESURVEYED);
    expect((await store.get('daily', report.id))!.revision).toBeTruthy();
    // The first import replaced no listing, the second the first one.
    const kept = await rows('surveyhistory');
    expect(kept.map((row) => row.count)).toEqual([0, LISTING.length]);

    const restored = await restore();
    expect(restored.code, JSON.stringify(restored)).toBe(20000);
    expect(restored.data.kept).toBe(LISTING.length);
    const [listing] = await rows('survey');
    expect(listing.stations).toEqual(LISTING);
    // The report's values are its submitted ones again: nothing waits beside them.
    expect((await store.get('daily', report.id))!.revision ?? null).toBeNull();
    expect(await params(report.id)).toEqual(submitted);
    // Logged as a change of the listing (what it is, not its stations).
    const entries = (await rows('oplog')).filter((entry) => entry.resource === 'survey');
    expect(entries.at(-1)).toMatchObject({ action: 'update', record: listing.id });
    expect(JSON.stringify(entries.at(-1)!.changes)).not.toContain('stations');

    // A second restore undoes the first.
    expect((await restore()).code).toBe(20000);
    expect((await rows('survey'))[0].stations).toEqual(RESURVEYED);
    expect((await store.get('daily', report.id))!.revision).toBeTruthy();
  });
});
