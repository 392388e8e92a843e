// The daily report as the rig's time log, on the server: what a report may say about its trip and
// its well, the footage kept from one report's depth to the next, and the repairs its
// non-productive time opens on the instruments that failed. The names of the resources and
// fields are the schemas' (daily.json, trip.json, fitrecord.json), gathered here once.
import { SCHEDULE_TIME_ZONE, onStep } from '../../kernel/schema/derive';
import { getPath } from '../../kernel/schema/registry';
import type { Registry } from '../../kernel/schema/registry';
import type { FieldError } from '../../kernel/schema/validation';
import type { WriteGuard } from '../access/guards';
import type { Translate } from '../http/messages';
import { type Follower, writeDerived } from '../resources/relations';
import { DICTIONARY, labelIn } from '../../kernel/schema/dictionary';
import type { Row, Store } from '../store/types';
import { WriteRefused, type Writer } from '../write/service';
import { notGiven } from '../../kernel/schema/given';

/** Where a report, its trip and the repair records keep what this module reads and writes. */
export const DAILY = {
  report: 'daily',
  trip: 'trip',
  repair: 'fitrecord',
  /** The wells and the instruments, as the assignments name them. */
  wellResource: 'project',
  instrument: 'device',
  /** The report's trip, its well (copied from the trip), its day. */
  tripField: 'tripNumber',
  well: 'wellId',
  day: 'day',
  depth: 'efficiency.currentDepth',
  footage: 'efficiency.dailyFootage',
  directional: 'efficiency.directionalFootage',
  log: 'timeLog',
  /** The trip's times and its depth when it went in. */
  tripStart: 'startTime',
  tripEnd: 'endTime',
  tripStartDepth: 'startDepth',
  /** The repair's instrument, time, reason and the report that opened it. */
  repairDevice: 'device',
  repairTime: 'songTime',
  repairReason: 'songReason',
  repairReport: 'dailyReport',
} as const;

/** Whether the registry holds the resources this module works on. */
export const hasDailyLog = (registry: Registry) =>
  !!registry.resources[DAILY.report]?.properties?.[DAILY.log] && !!registry.resources[DAILY.repair]?.properties?.[DAILY.repairReport];

/** The calendar day of an instant in the server's time zone (`TZ`), as a report's day is written. */
export const dayOf = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SCHEDULE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/** Every report of a well, in the order of their days (two reports of one day: in the order written). */
export async function reportsOfWell(store: Store, wellId: number): Promise<Row[]> {
  const { rows } = await store.list(DAILY.report, {
    conditions: [{ field: DAILY.well, op: 'eq', value: wellId }],
    sort: { field: 'id', order: 'ASC' },
    page: 1,
    limit: 100_000,
  });
  return rows.sort((a, b) => String(a[DAILY.day]).localeCompare(String(b[DAILY.day])) || a.id - b.id);
}

const depthOf = (row: Row | Record<string, unknown> | undefined) => {
  const value = row && getPath(row, DAILY.depth);
  return typeof value === 'number' ? value : undefined;
};

/**
 * The footage of each report of a well, by id: the change in current depth since the last
 * earlier report that gives one, or, for the first, since its trip's start depth. A report
 * without a current depth has none.
 */
export function footages(reports: Row[], tripStartDepth: (tripId: number) => number | undefined): Map<number, number | undefined> {
  const out = new Map<number, number | undefined>();
  let previous: number | undefined;
  let first = true;
  for (const report of reports) {
    const depth = depthOf(report);
    const since = first ? tripStartDepth(report[DAILY.tripField] as number) : previous;
    out.set(report.id, depth === undefined || since === undefined ? undefined : onStep(depth - since, 0.01));
    if (depth !== undefined) previous = depth;
    first = false;
  }
  return out;
}

/** Sets the footage of every report of the well to what its depths say, without moving their versions. */
async function refreshFootage(tx: Store, wellId: number) {
  const reports = await reportsOfWell(tx, wellId);
  if (reports.length === 0) return;
  const trips = new Map<number, Row | undefined>();
  for (const id of new Set(reports.map((r) => r[DAILY.tripField] as number))) trips.set(id, await tx.get(DAILY.trip, id));
  const startDepth = (tripId: number) => {
    const value = trips.get(tripId)?.[DAILY.tripStartDepth];
    return typeof value === 'number' ? value : undefined;
  };
  for (const [id, footage] of footages(reports, startDepth)) {
    const report = reports.find((r) => r.id === id)!;
    const stored = getPath(report, DAILY.footage);
    if ((stored ?? undefined) === footage) continue;
    const [group, field] = DAILY.footage.split('.');
    const values = { ...((report[group] as Record<string, unknown>) ?? {}) };
    if (footage === undefined) delete values[field];
    else values[field] = footage;
    await writeDerived(tx, DAILY.report, report, { [group]: values });
  }
}

/** Keeps every report's footage as reports of its well, or the start depth of their trips, change. */
export function footageFollower(): Follower {
  return {
    sources: [DAILY.report, DAILY.trip],
    async follow(tx, resource, changes) {
      const wells = new Set<number>();
      for (const { row, previous } of changes) {
        if (resource === DAILY.trip && row?.[DAILY.tripStartDepth] === previous?.[DAILY.tripStartDepth]) continue;
        const field = resource === DAILY.trip ? 'wellId' : DAILY.well;
        for (const id of [row?.[field], previous?.[field]]) if (typeof id === 'number') wells.add(id);
      }
      for (const id of wells) await refreshFootage(tx, id);
    },
  };
}

/** The calendar days a trip's reports may fall on: from its trip-in day to its trip-out day, or today while it is in the hole. */
export function tripDays(trip: Row, today: string): { first?: string; last: string } {
  const [start, end] = [instant(trip[DAILY.tripStart]), instant(trip[DAILY.tripEnd])];
  // A time is on the day it falls on in the server's zone, or in UTC (a report's day written
  // elsewhere): the earlier of the two begins the trip's days, the later ends them.
  const days = (at: Date) => [dayOf(at), at.toISOString().slice(0, 10)].sort();
  return { first: start && days(start)[0], last: end ? days(end)[1] : today };
}

const instant = (value: unknown) =>
  typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;

/** A report's day outside its trip's days, and a depth shallower than the day before's (or deeper than the day after's). */
async function reportErrors(tx: Store, record: Record<string, unknown>, existing: Row | undefined, t: Translate, now: Date) {
  const errors: FieldError[] = [];
  const label = (field: string) => t(`resources.${DAILY.report}.fields.${field}`, { _: field });
  const day = record[DAILY.day];
  const trip = typeof record[DAILY.tripField] === 'number' ? await tx.get(DAILY.trip, record[DAILY.tripField] as number) : undefined;
  if (typeof day !== 'string' || !trip) return errors; // the schema and the reference check say why
  const { first, last } = tripDays(trip, dayOf(now));
  if (first && day < first)
    errors.push({ field: DAILY.day, message: `${label(DAILY.day)}: ${t('server.daily.before_trip', { day: first })}` });
  else if (day > last) {
    const open = notGiven(trip[DAILY.tripEnd]);
    errors.push({
      field: DAILY.day,
      message: `${label(DAILY.day)}: ${t(open ? 'server.daily.after_today' : 'server.daily.after_trip', { day: last })}`,
    });
  }
  const depth = depthOf(record);
  const wellId = record[DAILY.well];
  if (depth === undefined || typeof wellId !== 'number') return errors;
  const others = (await reportsOfWell(tx, wellId)).filter((r) => r.id !== existing?.id && depthOf(r) !== undefined);
  const before = others.filter((r) => String(r[DAILY.day]) < day).pop();
  const after = others.find((r) => String(r[DAILY.day]) > day);
  const number = (value: number) => `${value} ${t('units.m')}`;
  // The day's footage, as the footage follower will work it out.
  const since = before ? depthOf(before) : trip[DAILY.tripStartDepth];
  const directional = getPath(record, DAILY.directional);
  if (typeof since === 'number' && typeof directional === 'number' && directional > depth - since)
    errors.push({
      field: DAILY.directional,
      message: `${label(DAILY.directional)}: ${t('server.daily.directional', { footage: number(onStep(Math.max(0, depth - since), 0.01)) })}`,
    });
  if (before && depth < depthOf(before)!)
    errors.push({
      field: DAILY.depth,
      message: `${label(DAILY.depth)}: ${t('server.daily.shallower', { day: before[DAILY.day], depth: number(depthOf(before)!) })}`,
    });
  else if (after && depth > depthOf(after)!)
    errors.push({
      field: DAILY.depth,
      message: `${label(DAILY.depth)}: ${t('server.daily.deeper', { day: after[DAILY.day], depth: number(depthOf(after)!) })}`,
    });
  return errors;
}

interface LogRow {
  from?: string;
  npt?: boolean;
  nptCategory?: string;
  device?: number;
  comment?: string;
}

/** Takes an instrument back from a well, inside the write (assign/assignments.ts takeBack). */
export type TakeBack = (w: Writer, member: string, memberId: number, parentResource: string, parentId: number) => Promise<void>;

/**
 * Opens a repair on each instrument the report's non-productive time names, once per report and
 * instrument, through the writer (so the instrument's lifecycle moves, or refuses, as for any
 * repair). A failed instrument still on the report's well leaves it first: it came out of the
 * hole for the repair shop. A refusal stands under the row's instrument.
 */
async function openRepairs(w: Writer, report: Row, takeBack: TakeBack) {
  const rows = (Array.isArray(report[DAILY.log]) ? report[DAILY.log] : []) as LogRow[];
  const opened = new Set<number>();
  for (const [i, row] of rows.entries()) {
    const device = row.npt ? row.device : undefined;
    if (typeof device !== 'number' || opened.has(device)) continue;
    opened.add(device);
    const already = await w.tx.count(DAILY.repair, [
      { field: DAILY.repairReport, op: 'eq', value: report.id },
      { field: DAILY.repairDevice, op: 'eq', value: device },
    ]);
    if (already > 0) continue;
    const category = row.nptCategory ? await categoryLabel(w, row.nptCategory) : '';
    const reason =
      [category, row.comment].filter(Boolean).join(': ') || w.actor.t('server.daily.repair_reason', { day: report[DAILY.day] });
    const at = new Date(`${report[DAILY.day]}T${row.from === '24:00' ? '23:59' : (row.from ?? '00:00')}:00`);
    try {
      const well = report[DAILY.well];
      if (typeof well === 'number') await takeBack(w, DAILY.instrument, device, DAILY.wellResource, well);
      await w.create(
        DAILY.repair,
        { [DAILY.repairDevice]: device, [DAILY.repairTime]: at.toISOString(), [DAILY.repairReason]: reason.slice(0, 500) },
        { set: { [DAILY.repairReport]: report.id }, cause: 'dailyNpt' },
      );
    } catch (error) {
      if (!(error instanceof WriteRefused) || error.refusal.status !== 'invalid') throw error;
      const field = `${DAILY.log}.${i}.device`;
      w.refuse({ status: 'invalid', errors: error.refusal.errors.map((e) => ({ field, message: e.message })) });
    }
  }
}

/** A dictionary item's label in the writer's language (the key when the list has no such item). */
async function categoryLabel(w: Writer, key: string): Promise<string> {
  const [list] = await w.tx.findIds(DICTIONARY.lists, [{ field: 'code', op: 'eq', value: 'nptCategory' }]);
  if (list === undefined) return key;
  const [item] = await w.tx.findIds(DICTIONARY.items, [
    { field: 'dictionary', op: 'eq', value: list },
    { field: 'key', op: 'eq', value: key },
  ]);
  const row = item === undefined ? undefined : await w.tx.get(DICTIONARY.items, item);
  return labelIn(row?.label as Record<string, string> | undefined, w.actor.language) ?? key;
}

/** The daily report's guard: its checks against its trip and its well, and the repairs it opens once written. */
export function dailyGuard(now: () => Date, takeBack: TakeBack): WriteGuard {
  return {
    checkWrite: (tx, record, existing, t, _facts, cause) => (cause ? Promise.resolve([]) : reportErrors(tx, record, existing, t, now())),
    afterWrite: (w, row) => openRepairs(w, row, takeBack),
  };
}
