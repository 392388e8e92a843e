// A demo daily report's time log: the day from 00:00 to 24:00 as the rig spent it, made from the
// day's plan (its drilling, circulating and waiting hours, its depths): drilling in sliding and
// rotating runs with surveys between them, circulating, waiting, tripping for the rest; now and
// then a stretch of non-productive time (waiting on orders or weather, a rig repair, and the
// instrument's failure on the day a trip ends with one). The report's hours follow from it.
import type { Faker } from '@faker-js/faker';
import { clockText, DAY_MINUTES } from '../schema/time-log';

type Row = Record<string, unknown>;

interface Piece {
  activity: string;
  minutes: number;
  drills?: boolean;
  npt?: { category: string; cause: string; comment?: string };
}

/** What one day of a trip's plan gives the log, in minutes and metres. */
export interface DayLogPlan {
  drillingMinutes: number;
  circulatingMinutes: number;
  waitingMinutes: number;
  fromM: number;
  toM: number;
  first: boolean;
  last: boolean;
  failed: boolean;
}

/** `total` minutes cut into `parts` pieces of whole minutes, none empty while there are minutes enough. */
function split(random: Faker, total: number, parts: number): number[] {
  const count = Math.max(1, Math.min(parts, Math.floor(total / 20)));
  const weights = Array.from({ length: count }, () => random.number.float({ min: 0.5, max: 1.5 }));
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => Math.floor((total * w) / sum));
  out[0] += total - out.reduce((a, b) => a + b, 0);
  return out;
}

export function timeLog(random: Faker, plan: DayLogPlan): Row[] {
  const waitingNpt = plan.waitingMinutes >= 30 && random.datatype.boolean({ probability: 0.35 });
  let rest = DAY_MINUTES - plan.drillingMinutes - plan.circulatingMinutes - plan.waitingMinutes;
  const survey = Math.min(rest, random.number.int({ min: 2, max: 6 }) * 10);
  rest -= survey;
  const repair =
    !plan.failed && rest >= 90 && random.datatype.boolean({ probability: 0.08 }) ? random.number.int({ min: 10, max: 30 }) * 6 : 0;
  rest -= repair;
  const failure = plan.failed ? Math.min(rest, random.number.int({ min: 10, max: 20 }) * 6) : 0;
  rest -= failure;
  const drilling: Piece[] = split(random, plan.drillingMinutes, random.number.int({ min: 2, max: 4 })).map((minutes, i) => ({
    activity: plan.drillingMinutes === 0 ? 'drilling' : i % 2 === 0 ? 'rotating' : 'sliding',
    minutes,
    drills: true,
  }));
  const surveys = split(random, survey, drilling.length).map((minutes) => ({ activity: 'surveying', minutes }));
  const middle: Piece[] = drilling.flatMap((piece, i) => [piece, ...(surveys[i] ? [surveys[i]] : [])]);
  middle.push({ activity: 'circulating', minutes: plan.circulatingMinutes });
  const waiting: Piece = { activity: 'waiting', minutes: plan.waitingMinutes };
  if (waitingNpt)
    waiting.npt = random.helpers.arrayElement([
      { category: 'waitingOnOrders', cause: 'operator' },
      { category: 'weather', cause: 'thirdParty' },
      { category: 'logistics', cause: 'thirdParty' },
    ]);
  middle.splice(random.number.int({ min: 0, max: middle.length }), 0, waiting);
  if (repair > 0)
    middle.splice(random.number.int({ min: 0, max: middle.length }), 0, {
      activity: 'repair',
      minutes: repair,
      npt: { category: 'equipmentFailure', cause: 'rig' },
    });
  const tripping: Piece = { activity: 'tripping', minutes: rest };
  const pieces: Piece[] = [
    ...(plan.first || !plan.last ? [tripping] : []),
    ...middle,
    ...(plan.failed ? [{ activity: 'repair', minutes: failure, npt: { category: 'downholeTool', cause: 'ours' } }] : []),
    ...(plan.last && !plan.first ? [tripping] : []),
  ].filter((piece) => piece.minutes > 0);
  // A day that is neither first nor last trips only if minutes are left: the rig reams them instead.
  if (!plan.first && !plan.last) for (const piece of pieces) if (piece === tripping) piece.activity = 'reaming';
  let at = 0;
  let depth = plan.fromM;
  const metresPerMinute = plan.drillingMinutes > 0 ? (plan.toM - plan.fromM) / plan.drillingMinutes : 0;
  const lastDrilling = pieces.findLastIndex((piece) => piece.drills);
  return pieces.map((piece, i) => {
    const from = at;
    at = i === pieces.length - 1 ? DAY_MINUTES : at + piece.minutes;
    const depthFrom = depth;
    if (piece.drills)
      depth = i === lastDrilling ? plan.toM : Math.min(plan.toM, Math.round((depth + metresPerMinute * piece.minutes) * 100) / 100);
    return {
      from: clockText(from),
      to: clockText(at),
      activity: piece.activity,
      depthFrom,
      depthTo: piece.drills ? depth : depthFrom,
      ...(piece.npt ? { npt: true, nptCategory: piece.npt.category, nptCause: piece.npt.cause } : { npt: false }),
    };
  });
}
