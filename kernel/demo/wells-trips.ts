// The timeline of a demo well in numbers: its trips, one after another in time and in depth, and
// each trip's calendar days with the hours, footage and depth of each. Depths are whole
// centimetres and hours whole tenths, so that sums and differences come out exact.
import type { Faker } from '@faker-js/faker';

export const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

export interface TripPlan {
  /** 1, 2, … in the well. */
  number: number;
  /** The hole section (1st, 2nd, 3rd spud), rising with the trips. */
  opening: number;
  start: number;
  end: number;
  fromCm: number;
  toCm: number;
  /** Hours drilling and pumping, in tenths: drilling ≤ pumping ≤ in the hole. */
  drilling10: number;
  pumping10: number;
}

export interface DayPlan {
  /** The calendar day (UTC), YYYY-MM-DD. */
  day: string;
  /** The hours of the day the trip was in the hole. */
  hours: number;
  drilling10: number;
  circulating10: number;
  waiting10: number;
  fromCm: number;
  toCm: number;
}

/**
 * `total` shared out in whole units by `weights`, largest remainders first, each share at least
 * `least` when the total allows: the shares add up to `total` exactly.
 */
export function allocate(total: number, weights: number[], least = 0): number[] {
  const floor = total >= least * weights.length ? least : 0;
  const rest = total - floor * weights.length;
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((w) => (rest * w) / sum);
  const shares = exact.map(Math.floor);
  const order = exact.map((value, i) => ({ i, left: value - Math.floor(value) })).sort((a, b) => b.left - a.left || a.i - b.i);
  for (let k = 0, short = rest - shares.reduce((a, b) => a + b, 0); k < short; k++) shares[order[k % order.length].i]++;
  return shares.map((share) => share + floor);
}

const minuteOfDay = (time: number) => Math.floor((time % (DAY_MINUTES * MINUTE_MS)) / MINUTE_MS);

/** An end time moved earlier, if need be, so that the trip has at least two hours on its last day. */
function endWithTwoHours(random: Faker, end: number): number {
  const minute = minuteOfDay(end);
  return minute >= 120 ? end : end - (minute + random.number.int({ min: 30, max: 180 })) * MINUTE_MS;
}

/** A start time moved earlier, if need be, so that the trip has at least four hours on its first day. */
function startWithFourHours(random: Faker, start: number): number {
  const minute = minuteOfDay(start);
  return minute <= 20 * 60 ? start : start - (minute - 20 * 60 + random.number.int({ min: 0, max: 120 })) * MINUTE_MS;
}

/**
 * The trips of a well drilling from `fromCm` to `toCm`, the last one ending at `lastEnd` (or a
 * little before, to give it two hours on its last day), each earlier one ending 4 to 30 hours
 * before the next starts.
 */
export function planTrips(
  random: Faker,
  count: number,
  fromCm: number,
  toCm: number,
  rateOfPenetration: readonly [number, number],
  lastEnd: number,
  firstOpening: number,
): TripPlan[] {
  const footages = allocate(
    toCm - fromCm,
    Array.from({ length: count }, () => random.number.float({ min: 0.6, max: 1.4 })),
    100,
  );
  const trips: TripPlan[] = [];
  let end = lastEnd;
  let bottom = toCm;
  for (let i = count - 1; i >= 0; i--) {
    const metres = footages[i] / 100;
    const rate = Math.max(random.number.float({ min: rateOfPenetration[0], max: rateOfPenetration[1] }), metres / 200);
    const drilling10 = Math.max(10, Math.round((metres / rate) * 10));
    const pumping10 = Math.round(drilling10 * random.number.float({ min: 1.15, max: 1.45 }));
    // Besides pumping: tripping in and out, surveys, reaming and waiting.
    const inHole = (pumping10 / 10) * random.number.float({ min: 1.3, max: 2 }) + random.number.float({ min: 8, max: 36 });
    end = endWithTwoHours(random, end);
    const start = startWithFourHours(random, Math.floor((end - inHole * HOUR_MS) / MINUTE_MS) * MINUTE_MS);
    trips.unshift({
      number: i + 1,
      opening: Math.min(5, firstOpening + Math.floor(i / 2)),
      start,
      end,
      fromCm: bottom - footages[i],
      toCm: bottom,
      drilling10,
      pumping10,
    });
    bottom -= footages[i];
    end = start - Math.round(random.number.float({ min: 4, max: 30 }) * 60) * MINUTE_MS;
  }
  return trips;
}

/** A trip's plan moved in time by whole days (its hours of the day unchanged). */
export const shiftTrip = (trip: TripPlan, days: number): TripPlan => ({
  ...trip,
  start: trip.start + days * 24 * HOUR_MS,
  end: trip.end + days * 24 * HOUR_MS,
});

/** The calendar days of a trip with its hours in the hole on each. */
function tripDays(trip: TripPlan): { day: string; hours: number }[] {
  const days: { day: string; hours: number }[] = [];
  const dayMs = DAY_MINUTES * MINUTE_MS;
  for (let from = Math.floor(trip.start / dayMs) * dayMs; from < trip.end; from += dayMs) {
    const hours = (Math.min(trip.end, from + dayMs) - Math.max(trip.start, from)) / HOUR_MS;
    days.push({ day: new Date(from).toISOString().slice(0, 10), hours });
  }
  return days;
}

/**
 * A trip's days: its drilling and pumping hours shared by the hours in the hole each day, its
 * footage by each day's drilling (give or take a quarter), some waiting besides; every day
 * drills a little, so the depth rises from one day to the next and ends at the trip's end depth.
 */
export function planDays(random: Faker, trip: TripPlan): DayPlan[] {
  const days = tripDays(trip);
  const hours = days.map((d) => d.hours);
  const drilling = allocate(trip.drilling10, hours, 1);
  const circulating = allocate(trip.pumping10 - trip.drilling10, hours);
  const footage = allocate(
    trip.toCm - trip.fromCm,
    drilling.map((d) => d * random.number.float({ min: 0.75, max: 1.25 })),
    1,
  );
  let depth = trip.fromCm;
  return days.map(({ day, hours: inHole }, i) => {
    const busy = drilling[i] + circulating[i];
    const idle = Math.max(0, Math.min(240, Math.floor(inHole * 10)) - busy);
    const waiting10 = Math.min(240 - busy, Math.round(idle * random.number.float({ min: 0, max: 0.4 })));
    const fromCm = depth;
    depth += footage[i];
    return {
      day,
      hours: inHole,
      drilling10: drilling[i],
      circulating10: circulating[i],
      waiting10: Math.max(0, waiting10),
      fromCm,
      toCm: depth,
    };
  });
}
