// A well's trajectory kept where it is used: worked out from the well's records whenever one of
// its stations changes (a daily report, a usage record's MWD stations, an imported listing, the
// well's tie-on or vertical-section azimuth), inside the write's transaction, and the values made
// from it stored: the well's totals and each daily report's TVD, displacement and dogleg
// severity. Nobody types them; they are written without counting as edits (the version stays),
// except on a closed record (a submitted report), which keeps the values it was closed with and
// holds the new ones in its revision (server/write/lock.ts).
import type { Registry } from '../../kernel/schema/registry';
import { getPath, withPath } from '../../kernel/schema/registry';
import { sameValue } from '../../kernel/schema/same-value';
import type { SurveySpec } from '../../kernel/schema/types';
import { type WellRecords, derivedOf, totalsOf, wellTrajectory } from '../../kernel/survey/wells';
import type { Follower } from '../resources/relations';
import { afterCommitOf } from '../write/changes';
import { keepClosed } from '../write/lock';
import { isClosed, revisionOf } from '../../kernel/schema/lock';
import { writeDerived } from '../resources/relations';
import type { Row, Store } from '../store/types';

/** The operation log's cause of a closed record's revision. */
const REVISED = 'revised';

/** Every record of a resource with `field` equal to `value`, in id order. */
const rowsWhere = async (store: Store, resource: string, field: string, value: string | number) =>
  (await store.list(resource, { conditions: [{ field, op: 'eq', value }], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1_000_000 }))
    .rows;

/** The resources that have a survey (wells), with it. */
export function surveyedResources(registry: Registry): { resource: string; spec: SurveySpec }[] {
  return Object.entries(registry.resources).flatMap(([resource, schema]) =>
    schema['x-resource'].survey ? [{ resource, spec: schema['x-resource'].survey }] : [],
  );
}

/** A closed record whose kept values a change of the well's stations revised. */
export interface Revised {
  resource: string;
  id: number;
  /** Who closed it (the lock's `by`), to be told. */
  by?: string;
  row: Record<string, unknown>;
  well: Record<string, unknown>;
}

export interface WellSurveyDeps {
  registry: Registry;
  now?: () => Date;
  /** Told, once the write has committed, of each closed record a change revised. */
  onRevised?: (revised: Revised[]) => Promise<unknown>;
  /** Told, once the write has committed, of the wells whose stations it changed. */
  onStationsChanged?: (wellIds: number[]) => Promise<unknown>;
}

/** What the server would store for a closed record, beside what it keeps: the fields that differ. */
export interface WouldRevise {
  resource: string;
  id: number;
  /** The record's representation (a report's day) and its parent's id, to name and find it. */
  label: unknown;
  parent?: unknown;
  values: { field: string; kept: number | null; now: number | null }[];
}

export function createWellSurveys(
  resource: string,
  spec: SurveySpec,
  { registry, now = () => new Date(), onRevised, onStationsChanged }: WellSurveyDeps,
) {
  const lockOf = (name: string) => registry.resources[name]?.['x-resource'].lock;

  /** The records the well's trajectory is made from. */
  async function recordsOf(store: Store, well: Row): Promise<WellRecords> {
    const [listing] = await rowsWhere(store, spec.listing.resource, spec.listing.well, well.id);
    const sources: Row[][] = [];
    for (const source of spec.sources) {
      const key = source.wellBy === undefined ? well.id : well[source.wellBy];
      sources.push(typeof key === 'string' || typeof key === 'number' ? await rowsWhere(store, source.resource, source.well, key) : []);
    }
    return { well, listing, sources };
  }

  /** The well's trajectory as its records make it now (undefined for a well that does not exist). */
  async function trajectoryOf(store: Store, wellId: number) {
    const well = await store.get(resource, wellId);
    if (!well) return undefined;
    const records = await recordsOf(store, well);
    return { well, records, trajectory: wellTrajectory(spec, records) };
  }

  /**
   * Works the well's trajectory out again and stores what changed of the values made from it. A
   * record closed before this write keeps the values its lock names: their new values go to its
   * revision, a logged change (the record's version moves), and whoever closed it is told once
   * the write commits. `closingNow`: records closed by this very write, which take the new values.
   */
  async function refresh(store: Store, wellId: number, closingNow: ReadonlySet<string> = new Set()): Promise<void> {
    const found = await trajectoryOf(store, wellId);
    if (!found) return;
    const { well, records, trajectory } = found;
    const totals = totalsOf(spec, trajectory);
    if (Object.entries(totals).some(([field, value]) => !sameValue(well[field] ?? null, value)))
      await writeDerived(store, resource, well, totals);
    const revised: Revised[] = [];
    for (const [i, source] of spec.sources.entries()) {
      const derived = derivedOf(source, records.sources[i], trajectory);
      if (derived.size === 0) continue;
      const lock = lockOf(source.resource);
      for (const row of records.sources[i]) {
        const closed = isClosed(lock, row) && !closingNow.has(`${source.resource}#${row.id}`);
        const wanted = closed
          ? keepClosed(lock, row, derived.get(row.id)!, now().toISOString())
          : { changes: derived.get(row.id)!, revised: false };
        const changed = Object.entries(wanted.changes).filter(([path, value]) => !sameValue(getPath(row, path) ?? null, value));
        if (changed.length === 0) continue;
        let next: Record<string, unknown> = row;
        for (const [path, value] of changed) next = withPath(next, path, value);
        const { id: _id, version: _v, ...fields } = next;
        if (!wanted.revised) {
          await writeDerived(store, source.resource, row as Row, fields);
          continue;
        }
        // A revision is news about a closed record: logged under the person whose write caused it.
        await store.update(source.resource, row.id, fields, undefined, { cause: REVISED });
        const by = lock?.by ? row[lock.by] : undefined;
        if (revisionOf(lock, fields))
          revised.push({ resource: source.resource, id: row.id, by: typeof by === 'string' ? by : undefined, row, well });
      }
    }
    const after = afterCommitOf(store);
    if (revised.length > 0 && onRevised && after) after(() => onRevised(revised));
  }

  /**
   * What a listing of these stations would revise, were it the well's: the closed records whose
   * kept values it would make differ from the ones they keep. Reads only.
   */
  async function wouldRevise(store: Store, wellId: number, stations: readonly { md: number; inc: number; azi: number }[]) {
    const well = await store.get(resource, wellId);
    if (!well) return undefined;
    const records = await recordsOf(store, well);
    const listing = { ...(records.listing ?? { id: 0, [spec.listing.well]: wellId }), [spec.listing.stations]: stations } as Row;
    const trajectory = wellTrajectory(spec, { ...records, listing });
    const out: WouldRevise[] = [];
    for (const [i, source] of spec.sources.entries()) {
      const lock = lockOf(source.resource);
      if (!lock?.keeps) continue;
      const schema = registry.resources[source.resource];
      const derived = derivedOf(source, records.sources[i], trajectory);
      for (const row of records.sources[i]) {
        if (!isClosed(lock, row) || !derived.has(row.id)) continue;
        const values = derived.get(row.id)!;
        const differ = lock.keeps
          .filter((path) => Object.hasOwn(values, path))
          .map((path) => ({ field: path, kept: (getPath(row, path) as number | undefined) ?? null, now: values[path] ?? null }))
          .filter((v) => !sameValue(v.kept, v.now));
        if (differ.length === 0) continue;
        const parentField = schema['x-resource'].parent?.field;
        out.push({
          resource: source.resource,
          id: row.id,
          label: row[schema['x-resource'].recordRepresentation],
          ...(parentField ? { parent: row[parentField] } : {}),
          values: differ,
        });
      }
    }
    return out;
  }

  /** The wells whose stations a change of a source's record touches. */
  async function wellsOf(store: Store, sourceResource: string, changes: { row?: Row; previous?: Row }[]): Promise<Set<number>> {
    const wells = new Set<number>();
    const stationPaths = (name: string) => {
      if (name === spec.listing.resource) return [spec.listing.well, spec.listing.stations];
      const source = spec.sources.find((s) => s.resource === name)!;
      return [source.well, ...source.stations.flatMap((s) => [s.md, s.inc, s.azi])];
    };
    if (sourceResource === resource) {
      // The well itself: its tie-on, its azimuth, or the field other records name it by.
      const own = [spec.tieOn, spec.verticalSectionAzimuth, ...spec.sources.map((s) => s.wellBy)].filter((f): f is string => !!f);
      for (const { row, previous } of changes)
        if (row && (!previous || own.some((f) => !sameValue(row[f], previous[f])))) wells.add(row.id);
      return wells;
    }
    const paths = stationPaths(sourceResource);
    const wellField = paths[0];
    const wellBy = sourceResource === spec.listing.resource ? undefined : spec.sources.find((s) => s.resource === sourceResource)!.wellBy;
    for (const { row, previous } of changes) {
      if (row && previous && paths.every((path) => sameValue(getPath(row, path), getPath(previous, path)))) continue;
      for (const record of [row, previous]) {
        const key = record?.[wellField];
        if (key === undefined || key === null) continue;
        if (wellBy === undefined) wells.add(key as number);
        else for (const id of await store.findIds(resource, [{ field: wellBy, op: 'eq', value: key as string | number }])) wells.add(id);
      }
    }
    return wells;
  }

  const follower: Follower = {
    sources: [resource, spec.listing.resource, ...spec.sources.map((s) => s.resource)],
    async follow(tx, sourceResource, changes) {
      const lock = lockOf(sourceResource);
      const closingNow = new Set(
        changes
          .filter(({ row, previous }) => isClosed(lock, row) && !isClosed(lock, previous))
          .map(({ row }) => `${sourceResource}#${row!.id}`),
      );
      const changed = [...(await wellsOf(tx, sourceResource, changes))];
      for (const id of changed) await refresh(tx, id, closingNow);
      const after = afterCommitOf(tx);
      if (changed.length > 0 && onStationsChanged && after) after(() => onStationsChanged(changed));
    },
  };

  /** Every well's values worked out again: after demo data is loaded, or an install made before they were derived. */
  /** Every well again, each in a transaction of its own; `pause` between two lets requests in meanwhile. */
  async function refreshAll(store: Store, pause?: () => Promise<void>): Promise<void> {
    for (const id of await store.findIds(resource, [])) {
      await store.transaction((tx) => refresh(tx, id));
      await pause?.();
    }
  }

  return { resource, spec, follower, trajectoryOf, refresh, refreshAll, wouldRevise };
}

export type WellSurveys = ReturnType<typeof createWellSurveys>;
