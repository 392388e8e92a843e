// The records of a demo well's trips and daily reports, from its plan (wells-trips.ts) and path
// (wells-path.ts): the instrument and motor of each trip, its hours and depths; each day's last
// survey station, drilling and mud figures, hours and footage, and what was done.
import type { Faker } from '@faker-js/faker';
import { onStep } from '../schema/derive';
import { type Made } from './made';
import type { Oilfield } from './oilfields';
import { PHRASES, WELL_PHRASES, fillPhrase } from './phrases';
import { type WellPath, slidingShare } from './wells-path';
import { type DayPlan, type TripPlan, planDays } from './wells-trips';
import { timeLog } from './wells-timelog';

type Row = Record<string, unknown>;

/** Bit size and motor outside diameter (mm), and flow rate (L/s), of each hole section. */
const SECTIONS: Record<number, { bit: number; motor: number; flow: [number, number] }> = {
  1: { bit: 311.1, motor: 244, flow: [45, 60] },
  2: { bit: 215.9, motor: 172, flow: [28, 38] },
  3: { bit: 152.4, motor: 120, flow: [14, 22] },
  4: { bit: 118, motor: 95, flow: [9, 14] },
  5: { bit: 95, motor: 73, flow: [6, 10] },
};

/** Makers of mud motors named the Chinese way (5LZ172×7.0); the others by size and lobes. */
const CHINESE_MOTOR_MAKERS = new Set(['Dezhou United Petroleum', 'Tianjin Lilin', 'Shengli Power Machinery', 'Beijing Shitai']);

const iso = (time: number) => new Date(time).toISOString();
const metres = (cm: number) => cm / 100;

/** What a trip's instrument is: its maker and model, from the brand of our instrument. */
export interface Instrument {
  id?: number;
  brand?: string;
}

/** Hole sizes a run records (mm). */
const RUN_HOLE_SIZES = [147, 215.9, 311.1, 406.4];

/**
 * The own fields of the run of our instrument on a trip (its well, times and depths are the
 * trip's, filled where the server makes the run): the flow through the tool, the hole size, and
 * whether it failed, why.
 */
export function runRecord(random: Faker, trip: TripPlan, tripRef: Made, device: Row & { id: number }, failed: boolean): Row {
  const section = SECTIONS[trip.opening];
  const minpl = onStep(random.number.float({ min: section.flow[0], max: section.flow[1] - 2 }), 0.01);
  return {
    trip: tripRef,
    device: device.id,
    type: device.type,
    brand: device.brand,
    ...(RUN_HOLE_SIZES.includes(section.bit) ? { size: section.bit } : {}),
    minpl,
    maxpl: onStep(minpl + random.number.float({ min: 1, max: 2 }), 0.01),
    status: failed ? 0 : 1,
    ...(failed ? { reason: random.helpers.arrayElement(PHRASES.runFailure) } : {}),
  };
}

/** The temperature rating (°C) an instrument needs for a well whose mud reaches `hottest` °C. */
export const temperatureRating = (hottest: number) => [125, 150, 175, 200].find((rating) => rating >= hottest + 10) ?? 200;

/** The well as its trips and days see it. */
export interface WellContext {
  field: Oilfield;
  path: WellPath;
  /** The instrument's temperature rating, °C. */
  rating: number;
}

/** The mud's temperature while circulating at a depth. */
const circulatingTemp = (ctx: WellContext, md: number) => onStep(15 + ctx.field.gradient * md * 0.85, 0.1);

export function tripRecord(random: Faker, ctx: WellContext, trip: TripPlan, well: Made, instrument: Instrument, failed: boolean): Row {
  const section = SECTIONS[trip.opening];
  const brand = instrument.brand && WELL_PHRASES.instrumentModels[instrument.brand] ? instrument.brand : undefined;
  const motorMaker = random.helpers.arrayElement(WELL_PHRASES.motorMakers);
  const motorModel = CHINESE_MOTOR_MAKERS.has(motorMaker)
    ? `${random.helpers.arrayElement([5, 7])}LZ${section.motor}×7.0`
    : `Φ${section.motor} mm ${random.helpers.arrayElement(['5/6', '7/8'])} lobe, ${random.helpers.arrayElement([4, 5, 6])} stage`;
  const bend = random.helpers.arrayElement([0.75, 1, 1.25, 1.5]);
  const footage = metres(trip.toCm - trip.fromCm);
  const summary = random.helpers.arrayElement(failed ? WELL_PHRASES.tripFailure : WELL_PHRASES.tripSummary);
  return {
    wellId: well,
    tripNumber: trip.number,
    currentOpening: trip.opening,
    ...(instrument.id === undefined ? {} : { instruments: [instrument.id] }),
    startTime: iso(trip.start),
    endTime: iso(trip.end),
    instrumentSource: 'own',
    instrumentManufacturer: brand ?? random.helpers.arrayElement(WELL_PHRASES.otherInstrumentMakers),
    instrumentModel: random.helpers.arrayElement(WELL_PHRASES.instrumentModels[brand ?? 'other']),
    instrumentTemperature: ctx.rating,
    screwSource: random.helpers.weightedArrayElement([
      { value: 'own', weight: 6 },
      { value: 'rented', weight: 3 },
      { value: 'client', weight: 1 },
    ]),
    screwManufacturer: motorMaker,
    screwModel: motorModel,
    startDepth: metres(trip.fromCm),
    endDepth: metres(trip.toCm),
    totalPumpTime: trip.pumping10 / 10,
    totalDrillingTime: trip.drilling10 / 10,
    drillStringAssembly: fillPhrase(random.helpers.arrayElement(WELL_PHRASES.bha), { bit: section.bit, motor: section.motor, bend }),
    tripSummary: fillPhrase(summary, {
      from: metres(trip.fromCm),
      to: metres(trip.toCm),
      footage: onStep(footage, 0.01),
      rop: onStep(footage / (trip.drilling10 / 10), 0.1),
    }),
  };
}

/** The day's operation: the last day of a trip trips out; other days mostly drill. */
function workingCondition(random: Faker, last: boolean): string {
  if (last) return 'tripping';
  return random.helpers.weightedArrayElement([
    { value: 'drilling', weight: 70 },
    { value: 'circulating', weight: 8 },
    { value: 'surveying', weight: 8 },
    { value: 'reaming', weight: 6 },
    { value: 'waiting', weight: 4 },
    { value: 'repairing', weight: 4 },
  ]);
}

function dailyRecord(
  random: Faker,
  ctx: WellContext,
  trip: TripPlan,
  plan: DayPlan,
  tripRef: Made,
  flags: { first: boolean; last: boolean; failed: boolean; draft: boolean },
): Row {
  const md = metres(plan.toCm);
  const footageCm = plan.toCm - plan.fromCm;
  const slideCm = Math.floor(footageCm * slidingShare(random, ctx.path, md));
  const condition = workingCondition(random, flags.last);
  const inclination = ctx.path.inclination(md);
  const flow = SECTIONS[trip.opening].flow;
  const [densityMin, densityMax] = ctx.field.mudDensity;
  const density =
    densityMin + (densityMax - densityMin) * Math.min(1, md / ctx.field.designDepth[1]) + random.number.float({ min: -0.03, max: 0.03 });
  return {
    tripNumber: tripRef,
    day: plan.day,
    status: flags.draft ? 'draft' : 'submitted',
    drillingParams: {
      measuredDepth: md,
      inclination,
      azimuth: ctx.path.azimuth(md),
      weightOnBit: onStep(random.number.float({ min: 40, max: 160 }), 0.1),
      rotarySpeed: random.number.int({ min: 40, max: 90 }),
    },
    mudParams: {
      pumpPressure: onStep(Math.min(35, 6 + (md / 1000) * 2.6 + random.number.float({ min: 0, max: 3 })), 0.01),
      flowRate: onStep(random.number.float({ min: flow[0], max: flow[1] }), 0.01),
      density: onStep(Math.min(2.2, Math.max(1.02, density)), 0.01),
      viscosity: onStep(random.number.float({ min: 42, max: 75 }), 0.1),
      circulatingTemp: circulatingTemp(ctx, md),
      chloride: random.number.int({ min: ctx.field.chloride[0], max: ctx.field.chloride[1] }),
      ph: onStep(random.number.float({ min: 8.5, max: 10.5 }), 0.1),
    },
    efficiency: {
      workingCondition: condition,
      instrumentStatus: flags.failed
        ? 'failed'
        : random.helpers.weightedArrayElement([
            { value: 'normal', weight: 94 },
            { value: 'intermittent', weight: 6 },
          ]),
      currentDepth: md,
      dailyFootage: metres(footageCm),
      directionalFootage: metres(slideCm),
    },
    timeLog: timeLog(random, {
      drillingMinutes: plan.drilling10 * 6,
      circulatingMinutes: plan.circulating10 * 6,
      waitingMinutes: plan.waiting10 * 6,
      fromM: metres(plan.fromCm),
      toM: md,
      first: flags.first,
      last: flags.last,
      failed: flags.failed,
    }),
    workingSummary: fillPhrase(random.helpers.arrayElement(WELL_PHRASES.dailySummary[condition]), {
      from: metres(plan.fromCm),
      to: md,
      slide: metres(slideCm),
      inclination,
    }),
  };
}

/**
 * The daily reports of a trip, one per calendar day it spent in the hole. `failed`: the trip
 * ended with its instrument failing (its last day says so); `draftLast`: the last day is the
 * report still being written (the well's current trip).
 */
export function dailyRecords(random: Faker, ctx: WellContext, trip: TripPlan, tripRef: Made, failed: boolean, draftLast: boolean): Row[] {
  const days = planDays(random, trip);
  return days.map((plan, i) => {
    const last = i === days.length - 1;
    return dailyRecord(random, ctx, trip, plan, tripRef, { first: i === 0, last, failed: failed && last, draft: draftLast && last });
  });
}

/** The hottest the mud gets in a well drilled to `finalCm`. */
export const hottest = (field: Oilfield, finalCm: number) => 15 + field.gradient * metres(finalCm) * 0.85;
