// A well's trajectory kept where it is used: worked out from the well's records whenever one of
// its stations changes (a daily report, a usage record's MWD stations, an imported listing, the
// well's tie-on or vertical-section azimuth), inside the write's transaction, and the values made
// from it stored: the well's totals and each daily report's TVD, displacement and dogleg
// severity. Nobody types them; they are written without counting as edits (the version stays).
import type { Registry } from '../../kernel/schema/registry';
import { getPath } from '../../kernel/schema/registry';
import { sameValue } from '../../kernel/schema/same-value';
import type { SurveySpec } from '../../kernel/schema/types';
import { type WellRecords, derivedOf, totalsOf, wellTrajectory } from '../../kernel/survey/wells';
import type { Follower } from '../resources/relations';
import { writeDerived } from '../resources/relations';
import type { Row, Store } from '../store/types';

/** Every record of a resource with `field` equal to `value`, in id order. */
const rowsWhere = async (store: Store, resource: string, field: string, value: string | number) =>
  (await store.list(resource, { conditions: [{ field, op: 'eq', value }], sort: { field: 'id', order: 'ASC' }, page: 1, limit: 1_000_000 }))
    .rows;

/** A copy of `record` with the value at a dotted path replaced. */
function withPath(record: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...record, [head]: value };
  const inner = record[head];
  return {
    ...record,
    [head]: withPath(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest.join('.'), value),
  };
}

/** The resources that have a survey (wells), with it. */
export function surveyedResources(registry: Registry): { resource: string; spec: SurveySpec }[] {
  return Object.entries(registry.resources).flatMap(([resource, schema]) =>
    schema['x-resource'].survey ? [{ resource, spec: schema['x-resource'].survey }] : [],
  );
}

export function createWellSurveys(resource: string, spec: SurveySpec) {
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

  /** Works the well's trajectory out again and stores what changed of the values made from it. */
  async function refresh(store: Store, wellId: number): Promise<void> {
    const found = await trajectoryOf(store, wellId);
    if (!found) return;
    const { well, records, trajectory } = found;
    const totals = totalsOf(spec, trajectory);
    if (Object.entries(totals).some(([field, value]) => !sameValue(well[field] ?? null, value)))
      await writeDerived(store, resource, well, totals);
    for (const [i, source] of spec.sources.entries()) {
      const derived = derivedOf(source, records.sources[i], trajectory);
      if (derived.size === 0) continue;
      for (const row of records.sources[i]) {
        const values = derived.get(row.id)!;
        const changed = Object.entries(values).filter(([path, value]) => !sameValue(getPath(row, path) ?? null, value));
        if (changed.length === 0) continue;
        let next: Record<string, unknown> = row;
        for (const [path, value] of changed) next = withPath(next, path, value);
        const { id: _id, version: _v, ...fields } = next;
        await writeDerived(store, source.resource, row as Row, fields);
      }
    }
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
      for (const id of await wellsOf(tx, sourceResource, changes)) await refresh(tx, id);
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

  return { resource, spec, follower, trajectoryOf, refresh, refreshAll };
}

export type WellSurveys = ReturnType<typeof createWellSurveys>;
