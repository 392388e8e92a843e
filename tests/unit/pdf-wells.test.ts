// Where an instrument has been, as its history report lists it: each well once, from its first
// run or assignment there to its last, open while an assignment has not ended, with the runs and
// hours there, in the order it first went.
import { describe, expect, it } from 'vitest';
import { wellsOf } from '../../server/pdf/reports';

const run = (id: number, project: number, starttime: string, endtime: string | null, usetime: number) => ({
  id,
  project,
  starttime,
  endtime,
  usetime,
});
const assignment = (id: number, project: number, assignedAt: string, removedAt: string | null) => ({ id, project, assignedAt, removedAt });

describe('the wells of an instrument', () => {
  it('merges runs and assignments by well, in the order it first went there', () => {
    const places = wellsOf(
      [
        run(1, 7, '2026-03-02T00:00:00Z', '2026-03-04T00:00:00Z', 48),
        run(2, 5, '2026-01-10T00:00:00Z', '2026-01-11T00:00:00Z', 24),
        run(3, 7, '2026-03-06T00:00:00Z', '2026-03-07T00:00:00Z', 10.5),
      ],
      [assignment(1, 7, '2026-03-01T00:00:00Z', '2026-03-08T00:00:00Z'), assignment(2, 9, '2026-05-01T00:00:00Z', null)],
    );
    expect(places).toEqual([
      { well: 5, from: '2026-01-10T00:00:00Z', to: '2026-01-11T00:00:00Z', runs: 1, hours: 24 },
      { well: 7, from: '2026-03-01T00:00:00Z', to: '2026-03-08T00:00:00Z', runs: 2, hours: 58.5 },
      { well: 9, from: '2026-05-01T00:00:00Z', to: null, runs: 0, hours: 0 },
    ]);
  });

  it('keeps a well open while an assignment there has not ended, whatever the runs say', () => {
    const [place] = wellsOf(
      [run(1, 3, '2026-02-01T00:00:00Z', '2026-02-02T00:00:00Z', 24)],
      [assignment(1, 3, '2026-01-31T00:00:00Z', null)],
    );
    expect(place.to).toBeNull();
  });

  it('leaves out what names no well or no time', () => {
    expect(
      wellsOf(
        [
          { id: 1, starttime: '2026-01-01T00:00:00Z' },
          { id: 2, project: 4 },
        ],
        [],
      ),
    ).toEqual([]);
  });
});
