// The SF-against-depth chart's data: the wells with the lowest SF first, on one depth axis where
// a well not scanned at a depth (a sidetrack above its kick-off) has a gap, and an SF axis whose
// top shows the caution line with room.
import { describe, expect, it } from 'vitest';
import type { ClearanceAnswer, ClearanceAnswerOffset } from '../../kernel/survey/names';
import { lowestWells, sfChart } from '../../src/resources/record/panels/clearance/series';

const offset = (id: number, md: number[], sf: number[]): ClearanceAnswerOffset => ({
  id,
  name: `W${id}`,
  wellheadDistance: 10 * id,
  sidetrack: null,
  fromMd: null,
  minimum: sf.length ? { sf: Math.min(...sf), md: 0, offsetMd: 0, distance: 0, level: 'clear' } : null,
  stations: { md, sf, offsetMd: md, distance: md, ellipseSeparation: md, refPcr: md, offsetPcr: md },
});
const answer = (offsets: ClearanceAnswerOffset[]): ClearanceAnswer => ({
  well: 1,
  radius: 1000,
  located: true,
  errorModel: { name: 'ISCWSA MWD', revision: 4, terms: 27 },
  rule: { k: 3.5, sigmaPa: 0.5, surfaceMargin: 0.3 },
  thresholds: { stop: 1, caution: 1.5 },
  offsets,
});

describe('the SF chart', () => {
  it('puts every well on the union of depths, with gaps where one was not scanned', () => {
    const chart = sfChart(answer([offset(2, [0, 30, 60], [9, 4, 2]), offset(3, [30, 60, 90], [5, 1.2, 0.8])]), 5, (o) => String(o.name));
    expect(chart.md).toEqual([0, 30, 60, 90]);
    expect(chart.series).toEqual([
      { id: 'well-2', label: 'W2', data: [9, 4, 2, null] },
      { id: 'well-3', label: 'W3', data: [null, 5, 1.2, 0.8] },
    ]);
    expect(chart.max).toBeGreaterThanOrEqual(3);
  });

  it('draws the lowest wells only, and none without stations', () => {
    const wells = [offset(5, [0], [0.5]), offset(6, [0], [1]), offset(7, [0], [2]), offset(8, [], [])];
    expect(lowestWells(answer(wells), 2).map((o) => o.id)).toEqual([5, 6]);
    expect(sfChart(answer(wells), 10, (o) => String(o.name)).series.map((s) => s.id)).toEqual(['well-5', 'well-6', 'well-7']);
  });
});
