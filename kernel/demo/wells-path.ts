// The path of a demo well: inclination and azimuth at any measured depth, turning smoothly. A
// vertical well stays under 3°; a deviated one is vertical down to its kick-off point, builds at
// 2–3° per 30 m to its hold angle (25–60°) and holds it, its azimuth steady within a degree or two.
import type { Faker } from '@faker-js/faker';

export interface WellPath {
  /** The depth the well leaves vertical; undefined for a vertical well. */
  kickOff?: number;
  /** The depth it reaches its hold angle. */
  endOfBuild?: number;
  inclination(measuredDepth: number): number;
  azimuth(measuredDepth: number): number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const degrees = (value: number) => round2(((value % 360) + 360) % 360) % 360;

/** A vertical path: a small inclination and a wandering azimuth, both slow waves of depth. */
function verticalPath(random: Faker): WellPath {
  const phase = random.number.float({ min: 0, max: 6 });
  const heading = random.number.float({ min: 0, max: 359 });
  return {
    inclination: (md) => round2(0.3 + 1.8 * Math.abs(Math.sin(md / 900 + phase))),
    azimuth: (md) => degrees(heading + 40 * Math.sin(md / 1500 + phase)),
  };
}

/** A build-and-hold path, kicking off between `from` and `to` metres. */
function buildAndHoldPath(random: Faker, from: number, to: number): WellPath {
  const kickOff = random.number.float({ min: from, max: Math.max(from, to) });
  const buildRate = random.number.float({ min: 2, max: 3 }); // ° per 30 m
  const hold = random.number.float({ min: 25, max: 60 });
  const heading = random.number.float({ min: 0, max: 359 });
  const phase = random.number.float({ min: 0, max: 6 });
  const endOfBuild = kickOff + ((hold - 0.5) / buildRate) * 30;
  return {
    kickOff,
    endOfBuild,
    inclination: (md) => {
      if (md <= kickOff) return round2(0.5 + 0.3 * Math.sin(md / 500 + phase));
      if (md <= endOfBuild) return round2(0.5 + ((md - kickOff) * buildRate) / 30);
      return round2(hold + 0.4 * Math.sin(md / 200 + phase));
    },
    azimuth: (md) => degrees(heading + (md <= kickOff ? 15 * Math.sin(md / 700 + phase) : 1.5 * Math.sin(md / 250 + phase))),
  };
}

/**
 * The path of a well drilled from `startDepth` to `finalDepth`: vertical, or kicking off early in
 * the interval we drill, so the reports show the build.
 */
export function wellPath(random: Faker, vertical: boolean, startDepth: number, finalDepth: number): WellPath {
  if (vertical) return verticalPath(random);
  const span = finalDepth - startDepth;
  return buildAndHoldPath(random, Math.max(300, startDepth + 0.1 * span), Math.max(300, startDepth + 0.4 * span));
}

/** The share of a day's footage drilled sliding (oriented with the motor) at that depth. */
export function slidingShare(random: Faker, path: WellPath, measuredDepth: number): number {
  if (path.kickOff === undefined || measuredDepth < path.kickOff) return random.number.float({ min: 0, max: 0.12 });
  if (measuredDepth <= path.endOfBuild!) return random.number.float({ min: 0.6, max: 0.95 });
  return random.number.float({ min: 0.05, max: 0.3 });
}
