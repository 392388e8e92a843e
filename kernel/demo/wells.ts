// The "wells" generator: the demo wells with their trips, daily reports and the people and
// instruments assigned to them, made together so that they agree. A third of the wells are
// completed, the rest still drilling: their last trip ended within the last day or so, its
// last daily report still a draft, and they hold their instruments and people now; a completed
// well's assignments ended with it. Each trip starts where the one before ended and runs the
// instrument the well had then; each day of a trip has its report, the depth rising day by day.
import type { Faker } from '@faker-js/faker';
import { dictionaryCode } from '../schema/dictionary';
import type { Registry } from '../schema/registry';
import type { ResourceSchema } from '../schema/types';
import { type GeneratorInput, Made, type SeedGenerator, type StoredRecord } from './made';
import { OILFIELDS, type Oilfield } from './oilfields';
import { Roster, type Stay } from './wells-assign';
import { wellPath } from './wells-path';
import { type Instrument, type WellContext, dailyRecords, hottest, runRecord, temperatureRating, tripRecord } from './wells-records';
import { HOUR_MS, type TripPlan, planTrips, shiftTrip } from './wells-trips';

type Row = Record<string, unknown>;

/** The resources it makes (the well, its trips, their daily reports, its people, its instruments) and reads. */
const MAKES = { well: 'project', trip: 'trip', daily: 'daily', people: 'projectstaff', instruments: 'projectdevice' } as const;
/** The runs the server makes from the trips (finish.ts): the generator gives their own fields. */
const RUNS = 'userecord';
const READS = { crew: 'crew', staff: 'staff', device: 'device' } as const;

const DAY_MS = 24 * HOUR_MS;
/** The oldest a demo well's start may be, in days before the seed date. */
const OLDEST_DAYS = 729;

/** How often each key of the dictionaries is drawn; keys not named here weigh 1. */
const KEY_WEIGHTS: Record<string, number> = {
  directional: 4,
  horizontal: 3,
  cluster: 3,
  vertical: 2,
  development: 6,
  appraisal: 2,
  exploration: 1,
  injection: 1,
  mwd: 4,
  lwd: 2,
};

const iso = (time: number) => new Date(time).toISOString();
const day = (time: number) => iso(time).slice(0, 10);

interface WellPlan {
  index: number;
  field: Oilfield;
  completed: boolean;
  record: Row;
  trips: TripPlan[];
  ctx: WellContext;
  /** When our service on the well began and (completed) ended. */
  from: number;
  to?: number;
}

/** A dictionary field's key, drawn by KEY_WEIGHTS among the enabled keys. */
function dictionaryKey(input: GeneratorInput, schema: ResourceSchema, field: string): string | undefined {
  const code = dictionaryCode(schema.properties![field]);
  const keys = code === undefined ? [] : input.dictionaryKeys(code);
  return keys.length
    ? input.random.helpers.weightedArrayElement(keys.map((value) => ({ value, weight: KEY_WEIGHTS[value] ?? 1 })))
    : undefined;
}

/** A well name in the field's style, not yet taken: Su53-78H (horizontal), Tao12-5X (directional), Ha601 (vertical). */
function wellNumber(random: Faker, field: Oilfield, type: string | undefined, taken: Set<string>): string {
  for (;;) {
    const prefix = random.helpers.arrayElement(field.wellPrefixes);
    const name =
      type === 'vertical'
        ? `${prefix}${random.number.int({ min: 100, max: 999 })}`
        : `${prefix}${random.number.int({ min: 1, max: 99 })}-${random.number.int({ min: 1, max: 60 })}${type === 'horizontal' ? 'H' : 'X'}`;
    if (!taken.has(name)) return (taken.add(name), name);
  }
}

/**
 * A grid coordinate in metres with two decimals. Only cents that divide exactly by 0.01 in
 * floating point: the step check of a write divides by the step, and with eight digits before
 * the point some cents come out a hair off a whole number and would be refused.
 */
function gridCoordinate(random: Faker, [min, max]: readonly [number, number]): number {
  const metres = random.number.int({ min, max });
  for (;;) {
    const value = Number((metres + random.number.int({ min: 0, max: 99 }) / 100).toFixed(2));
    if (Math.abs(value / 0.01 - Math.round(value / 0.01)) < 1e-9) return value;
  }
}

/** The crew drilling the well: one of the field's drilling companies when there is one. */
function crewFor(random: Faker, field: Oilfield, crews: StoredRecord[]): number | undefined {
  const local = crews.filter((crew) => field.crewPrefixes.some((prefix) => String(crew.teamNumber ?? '').startsWith(prefix)));
  const pool = local.length ? local : crews;
  return pool.length ? random.helpers.arrayElement(pool).id : undefined;
}

/** One well: its record and its trips in time, placed before the seed date. */
function planWell(input: GeneratorInput, index: number, completed: boolean, field: Oilfield, taken: Set<string>): WellPlan {
  const { random, seedDate, registry } = input;
  const schema = registry.resources[MAKES.well];
  const wellType = dictionaryKey(input, schema, 'wellType');
  const startDepth = Math.round(random.number.float({ min: 0, max: 1500 }) * 100);
  const designDepth = Math.max(
    startDepth + 80000,
    Math.round(random.number.float({ min: field.designDepth[0], max: field.designDepth[1] })) * 100,
  );
  const finalDepth = completed
    ? designDepth - random.number.int({ min: 0, max: 3000 })
    : Math.round(startDepth + (designDepth - startDepth) * random.number.float({ min: 0.35, max: 0.9 }));
  const lastEnd = completed
    ? seedDate.getTime() - random.number.int({ min: 3, max: 600 }) * DAY_MS - random.number.int({ min: 0, max: 23 * 60 }) * 60_000
    : seedDate.getTime() - random.number.int({ min: 60, max: 30 * 60 }) * 60_000;
  let trips = planTrips(
    random,
    random.number.int({ min: 2, max: 6 }),
    startDepth,
    finalDepth,
    field.rateOfPenetration,
    lastEnd,
    startDepth < 50000 ? 1 : 2,
  );
  const tooOld = Math.ceil((seedDate.getTime() - OLDEST_DAYS * DAY_MS - trips[0].start) / DAY_MS);
  if (tooOld > 0) trips = trips.map((trip) => shiftTrip(trip, tooOld));
  const from = trips[0].start - random.number.int({ min: 12, max: 60 }) * HOUR_MS;
  const to = completed
    ? Math.min(seedDate.getTime() - HOUR_MS, trips[trips.length - 1].end + random.number.int({ min: 2, max: 48 }) * HOUR_MS)
    : undefined;
  const workArea = random.helpers.arrayElement(field.workAreas);
  const record: Row = {
    wellNumber: wellNumber(random, field, wellType, taken),
    wellType,
    wellCategory: dictionaryKey(input, schema, 'wellCategory'),
    oilArea: field.oilArea,
    region: field.region,
    workArea: workArea.name,
    serviceItem: dictionaryKey(input, schema, 'serviceItem'),
    projectDept: field.projectDept,
    drillTeamNo: crewFor(random, field, input.existing[READS.crew] ?? []),
    clientUnit: random.helpers.arrayElement(field.clients),
    ownerUnit: random.helpers.arrayElement(field.owners),
    location: `${random.number.int({ min: 3, max: 40 })} km ${random.helpers.arrayElement(['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'])} of ${workArea.town}, ${workArea.name} block`,
    xCoord: gridCoordinate(random, field.x),
    yCoord: gridCoordinate(random, field.y),
    startDepth: startDepth / 100,
    designDepth: designDepth / 100,
    startDate: day(from),
    ...(to === undefined ? {} : { endDate: day(to) }),
    status: completed ? 1 : 0,
  };
  for (const key of Object.keys(record)) if (record[key] === undefined) delete record[key];
  const ctx = {
    field,
    path: wellPath(random, wellType === 'vertical', startDepth / 100, finalDepth / 100),
    rating: temperatureRating(hottest(field, finalDepth)),
  };
  return { index, field, completed, record, trips, ctx, from, to };
}

/** The instruments of a well, and the one each trip runs; some wells changed their main instrument after a failure. */
interface InstrumentPlan {
  stays: Stay[];
  tripInstrument: (number | undefined)[];
  /** The index of the trip whose instrument failed, when one did. */
  failedTrip?: number;
}

function planInstruments(
  random: Faker,
  well: WellPlan,
  roster: Roster,
  eligible: number[],
  onSite: (id: number) => boolean,
): InstrumentPlan {
  const { trips, from, to } = well;
  const preferred = well.completed ? undefined : onSite;
  const swapAt = trips.length >= 3 && random.number.float() < 0.3 ? random.number.int({ min: 0, max: trips.length - 2 }) : undefined;
  const stays: Stay[] = [];
  const mains: (Stay | undefined)[] = [];
  if (swapAt === undefined) {
    const [main] = roster.pick(random, eligible, 1, from, to, { preferred });
    mains.push(...trips.map(() => main));
    if (main) stays.push(main);
  } else {
    const handover = trips[swapAt].end + random.number.int({ min: 1, max: 3 }) * HOUR_MS;
    const [first] = roster.pick(random, eligible, 1, from, handover, { preferred });
    const [second] = roster.pick(random, eligible, 1, handover, to, { preferred });
    mains.push(...trips.map((_, i) => (i <= swapAt ? first : second)));
    stays.push(...[first, second].filter((stay): stay is Stay => stay !== undefined));
  }
  const spares = roster.pick(random, eligible, random.number.int({ min: 0, max: 2 }), from, to, { preferred });
  stays.push(...spares);
  const tripInstrument = mains.map(
    (main) => (spares.length && random.number.float() < 0.2 ? random.helpers.arrayElement(spares) : main)?.member,
  );
  return { stays, tripInstrument, failedTrip: swapAt };
}

/** The brand of an instrument as the option list labels it (Tensor, APS…). */
function brandLabel(registry: Registry, device: StoredRecord | undefined): string | undefined {
  const list = registry.resources[READS.device]?.properties?.brand?.['x-options'];
  const options = list ? registry.config[list] : undefined;
  const item = options?.items.find((option) => option.key === device?.brand);
  return item && options ? String(item[options.labelField]) : undefined;
}

function assignmentRecord(parentField: string, memberField: string, since: string, until: string, well: Made, stay: Stay): Row {
  return {
    [parentField]: well,
    [memberField]: stay.member,
    [since]: iso(stay.from),
    ...(stay.to === undefined ? {} : { [until]: iso(stay.to) }),
  };
}

/** The fields an assignment collection is written with, from its schema. */
function assignmentFields(registry: Registry, name: string) {
  const meta = registry.resources[name]['x-resource'];
  return {
    parent: meta.parent!.field,
    member: meta.assign!.member,
    since: meta.assign!.since,
    until: meta.assign!.until,
    refuse: meta.assign!.refuse ?? {},
  };
}

function generate(input: GeneratorInput) {
  const { random, registry, existing } = input;
  const count = input.plans[MAKES.well]?.count ?? 0;
  const completed = new Set(random.helpers.arrayElements([...Array(count).keys()], Math.round(count / 3)));
  const fields = random.helpers.shuffle([...OILFIELDS]);
  const taken = new Set<string>();
  const wells = Array.from({ length: count }, (_, i) => planWell(input, i, completed.has(i), fields[i % fields.length], taken));

  const devices = existing[READS.device] ?? [];
  const deviceFields = assignmentFields(registry, MAKES.instruments);
  const eligible = devices
    .filter((d) => Object.entries(deviceFields.refuse).every(([field, values]) => !values.includes(d[field] as string | number)))
    .map((d) => d.id);
  const onSiteValues = Object.entries(registry.resources[MAKES.instruments]['x-resource'].assign!.onAssign ?? {});
  const onSite = (id: number) =>
    onSiteValues.length > 0 && onSiteValues.some(([field, value]) => devices.find((d) => d.id === id)?.[field] === value);
  const staff = existing[READS.staff] ?? [];
  const staffFields = assignmentFields(registry, MAKES.people);
  const deviceRoster = new Roster();
  const staffRoster = new Roster();
  // Wells drilling now choose first: their instruments stay on from then on.
  const byUrgency = [...wells.filter((w) => !w.completed), ...wells.filter((w) => w.completed)];
  const instruments = new Map<number, InstrumentPlan>();
  const people = new Map<number, Stay[]>();
  for (const well of byUrgency) {
    instruments.set(well.index, planInstruments(random, well, deviceRoster, eligible, onSite));
    const candidates = staff.filter((s) => (well.completed ? s.status !== 'leave' : s.status === 'active')).map((s) => s.id);
    const sameCrew = (id: number) => staff.find((s) => s.id === id)?.crew === well.record.drillTeamNo;
    const size = well.completed ? random.number.int({ min: 2, max: 4 }) : random.number.int({ min: 2, max: 5 });
    people.set(well.index, staffRoster.pick(random, candidates, size, well.from, well.to, { preferred: sameCrew, anyway: true }));
  }

  const records: Record<string, Row[]> = {
    [MAKES.well]: [],
    [MAKES.trip]: [],
    [MAKES.daily]: [],
    [MAKES.people]: [],
    [MAKES.instruments]: [],
    [RUNS]: [],
  };
  for (const well of wells) {
    const ref = new Made(MAKES.well, well.index);
    records[MAKES.well].push(well.record);
    const plan = instruments.get(well.index)!;
    well.trips.forEach((trip, i) => {
      const device = devices.find((d) => d.id === plan.tripInstrument[i]);
      const instrument: Instrument = { id: device?.id, brand: brandLabel(registry, device) };
      const tripRef = new Made(MAKES.trip, records[MAKES.trip].length);
      const failed = plan.failedTrip === i;
      records[MAKES.trip].push(tripRecord(random, well.ctx, trip, ref, instrument, failed));
      if (device) records[RUNS].push(runRecord(random, trip, tripRef, device, failed));
      const current = !well.completed && i === well.trips.length - 1;
      records[MAKES.daily].push(...dailyRecords(random, well.ctx, trip, tripRef, failed, current));
    });
    for (const stay of plan.stays)
      records[MAKES.instruments].push(
        assignmentRecord(deviceFields.parent, deviceFields.member, deviceFields.since, deviceFields.until, ref, stay),
      );
    for (const stay of people.get(well.index)!)
      records[MAKES.people].push(assignmentRecord(staffFields.parent, staffFields.member, staffFields.since, staffFields.until, ref, stay));
  }
  return { records };
}

export const wells: SeedGenerator = { makes: Object.values(MAKES), reads: Object.values(READS), generate };
