// The separation factor against depth, as the chart draws it: the scanned depths of every well
// shown on one axis, each well's SF at those depths (a gap where it was not scanned: a sidetrack
// above its kick-off), the lowest wells first, and the SF axis cut where values stop mattering.
import type { ClearanceAnswer, ClearanceAnswerOffset } from '../../../../../kernel/survey/names';

export interface SfSeries {
  id: string;
  label: string;
  data: (number | null)[];
}

export interface SfChart {
  md: number[];
  series: SfSeries[];
  /** The top of the SF axis: above the caution threshold with room, never far above the data. */
  max: number;
}

/** The `count` wells with the lowest SF, in that order (wells without stations left out). */
export function lowestWells(answer: ClearanceAnswer, count: number): ClearanceAnswerOffset[] {
  return answer.offsets.filter((o) => o.minimum !== null).slice(0, count);
}

export function sfChart(answer: ClearanceAnswer, count: number, nameOf: (offset: ClearanceAnswerOffset) => string): SfChart {
  const shown = lowestWells(answer, count);
  const depths = new Set<number>();
  for (const offset of shown) for (const md of offset.stations.md) depths.add(md);
  const md = [...depths].sort((a, b) => a - b);
  const at = new Map(md.map((depth, i) => [depth, i]));
  const series = shown.map((offset) => {
    const data: (number | null)[] = md.map(() => null);
    offset.stations.md.forEach((depth, i) => (data[at.get(depth)!] = offset.stations.sf[i]));
    return { id: `well-${offset.id}`, label: nameOf(offset), data };
  });
  const lowest = Math.min(...shown.map((o) => o.minimum!.sf));
  const max = Math.max(answer.thresholds.caution * 2, Math.min(Number.isFinite(lowest) ? lowest * 2 : 0, answer.thresholds.caution * 6), 2);
  return { md, series, max: Math.ceil(max) };
}
