// The schema check of `x-resource.statistics` and of routes to a statistics view: each test
// breaks one thing in the small sound fixture and expects exactly the problems reported.
import { describe, expect, it } from 'vitest';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { type Fixture, soundFixture } from '../fixtures/schemas';

/** The fixture's well with sound statistics and a statistics route, its runs with a due date. */
function withStatistics(): Fixture {
  const f = soundFixture();
  f.files['run.json'].properties.due = { type: 'string', format: 'date' };
  f.files['well.json']['x-resource'].statistics = {
    path: '/well/statistics',
    entries: [
      { groupBy: 'colour' },
      { groupBy: 'kind' },
      { histogram: 'depth', bins: [0, 1000, 3000] },
      { expiring: { resource: 'run', field: 'due', days: 30 } },
      { groupBy: 'well', resource: 'run', sum: 'start' },
      { perMonth: { resource: 'run', date: 'due', months: 12, average: 'start' } },
    ],
  };
  f.routes[1].children!.push({ path: 'statistics', component: 'resource:well:statistics', meta: { title: 'WellStatistics' } });
  return f;
}

function problems(breakIt: (f: Fixture) => void): string[] {
  const f = withStatistics();
  breakIt(f);
  return checkSchemas(f.files, f.config, f.routes, f.known).map(formatProblem);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const stats = (f: Fixture): any => f.files['well.json']['x-resource'].statistics;
const AT = 'schemas/well.json#/x-resource/statistics';

describe('x-resource.statistics', () => {
  it('is sound in the fixture, with a route to its screen', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('reports a field that does not exist, a group, and a field inside a group', () => {
    expect(
      problems((f) => {
        stats(f).entries = [{ groupBy: 'colours' }, { groupBy: 'leader' }, { groupBy: 'leader.name' }, { histogram: 'height', bins: [0] }];
      }),
    ).toEqual([
      `${AT}/entries/0/groupBy: "colours" is not a field of well`,
      `${AT}/entries/1/groupBy: cannot count by "leader": it is a group, which the stores keep as one JSON value`,
      `${AT}/entries/2/groupBy: cannot count by "leader.name": it is inside a group, which the stores keep as one JSON value`,
      `${AT}/entries/3/histogram: "height" is not a field of well`,
    ]);
  });

  it('wants ranges of a number field, with bounds going up', () => {
    expect(
      problems((f) => {
        stats(f).entries = [
          { histogram: 'name', bins: [0, 10] },
          { histogram: 'depth', bins: [0, 100, 100, 50] },
        ];
      }),
    ).toEqual([
      `${AT}/entries/0/histogram: ranges need a number field, and "name" is of type string`,
      `${AT}/entries/1/bins/2: the bounds must go up: 100 does not come after 100`,
    ]);
  });

  it('wants an expiring entry to name a resource that refers to this one, and a date field of it', () => {
    expect(
      problems((f) => {
        stats(f).entries = [
          { expiring: { resource: 'cert', field: 'due', days: 30 } },
          { expiring: { resource: 'run', field: 'start', days: 30 } },
          { expiring: { resource: 'run', field: 'later', days: 30 } },
        ];
      }),
    ).toEqual([
      `${AT}/entries/0/expiring/resource: no resource "cert" (no schemas/cert.json)`,
      `${AT}/entries/1/expiring/field: "start" of run holds no date: give a field of format date or date-time`,
      `${AT}/entries/2/expiring/field: "later" is not a top-level field of run`,
    ]);
    expect(
      problems((f) => {
        f.files['run.json']['x-resource'].parent = undefined;
        f.files['run.json'].properties.well = { type: 'integer' };
        f.files['well.json']['x-resource'].record.sections = [{ panel: 'map' }];
      }),
    ).toEqual([
      `${AT}/entries/3/expiring/resource: run does not refer to well: it needs a field with "x-ref": "well" (or to be its child collection)`,
    ]);
  });

  it('refuses a path another call answers', () => {
    expect(
      problems((f) => {
        stats(f).path = '/run/list';
      }),
    ).toEqual([`${AT}/path: /run/list is already the list endpoint of run`]);
  });

  it('refuses entries of no known kind, or of two kinds at once, in words', () => {
    expect(
      problems((f) => {
        stats(f).entries = [
          {},
          { groupBy: 'colour', histogram: 'depth', bins: [0] },
          { histogram: 'depth' },
          { groupBy: 'colour', days: 3 },
        ];
      }),
    ).toEqual([
      `${AT}/entries/0: missing required keyword expiring`,
      `${AT}/entries/0: must be one of {"groupBy": field, resource?, sum?}, {"histogram": field, "bins": [bounds]}, {"expiring": {resource, field, days}}, {"perMonth": {resource?, date, months, sum or average}}, {"reliability": {resource, hours, by, failedWhen}} or {"pareto": {resource, field, date, when}}`,
      `${AT}/entries/1/histogram: must be one of "groupBy", "resource", "sum"`,
      `${AT}/entries/1/bins: must be one of "groupBy", "resource", "sum"`,
      `${AT}/entries/2: missing required keyword bins`,
      `${AT}/entries/3/days: must be one of "groupBy", "resource", "sum"`,
      `${AT}/entries/3/days: unknown keyword days`,
    ]);
  });

  it('wants a groupBy of another resource to name one that exists and has the field, and to add up a number', () => {
    expect(
      problems((f) => {
        stats(f).entries = [
          { groupBy: 'well', resource: 'runs' },
          { groupBy: 'wel', resource: 'run' },
          { groupBy: 'well', resource: 'run', sum: 'done' },
          { groupBy: 'well', resource: 'run', sum: 'finish' },
          { groupBy: 'colour', sum: 'leader' },
        ];
      }),
    ).toEqual([
      `${AT}/entries/0/resource: no resource "runs" (no schemas/runs.json)`,
      `${AT}/entries/1/groupBy: "wel" is not a field of run`,
      `${AT}/entries/2/sum: cannot add up "done": it is of type boolean, not a number`,
      `${AT}/entries/3/sum: "finish" is not a field of run`,
      `${AT}/entries/4/sum: cannot add up "leader": it is a group, which the stores keep as one JSON value`,
    ]);
  });

  it('wants a perMonth entry to name a resource that exists, a date field of it, and a number to add up or average', () => {
    expect(
      problems((f) => {
        stats(f).entries = [
          { perMonth: { resource: 'runs', date: 'due', months: 3 } },
          { perMonth: { resource: 'run', date: 'start', months: 3, sum: 'done' } },
          { perMonth: { date: 'due', months: 3, average: 'depth' } },
          { perMonth: { resource: 'run', date: 'due', months: 3, sum: 'start', average: 'start' } },
        ];
      }),
    ).toEqual([
      `${AT}/entries/0/perMonth/resource: no resource "runs" (no schemas/runs.json)`,
      `${AT}/entries/1/perMonth/date: "start" of run holds no date: give a field of format date or date-time`,
      `${AT}/entries/1/perMonth/sum: cannot add up "done": it is of type boolean, not a number`,
      `${AT}/entries/2/perMonth/date: "due" is not a top-level field of well`,
      `${AT}/entries/3/perMonth/average: a per-month entry adds up a field or averages one, not both: give sum or average`,
    ]);
    expect(
      problems((f) => {
        stats(f).entries = [{ perMonth: { resource: 'run', date: 'due', months: 0 } }];
      }),
    ).toEqual([`${AT}/entries/0/perMonth/months: must be at least 1`]);
  });
});

describe('reliability and Pareto entries', () => {
  /** Runs with hours between two times, a failure state, a reason and a group with a text and a number. */
  const withRuns = (f: Fixture) => {
    Object.assign(f.files['run.json'].properties, {
      began: { type: 'string', format: 'date-time' },
      ended: { type: 'string', format: 'date-time' },
      hours: { type: 'number', 'x-computed': { hoursBetween: ['began', 'ended'] } },
      state: { type: 'integer', enum: [0, 1] },
      reason: { type: 'string', maxLength: 200 },
      mud: { type: 'object', additionalProperties: false, properties: { kind: { type: 'string' }, weight: { type: 'number' } } },
    });
  };
  const reliability = (fields: Record<string, unknown>) => ({
    reliability: { resource: 'run', hours: 'hours', by: 'well', failedWhen: { state: 0 }, ...fields },
  });
  const pareto = (fields: Record<string, unknown>) => ({
    pareto: { resource: 'run', field: 'reason', date: 'began', when: { state: 0 }, ...fields },
  });

  it('are sound by a top-level field or a text member of a group, over hours between two times', () => {
    expect(
      problems((f) => {
        withRuns(f);
        stats(f).entries.push(reliability({}), reliability({ by: 'mud.kind' }), pareto({}));
      }),
    ).toEqual([]);
  });

  it('report hours not worked out between two times, a group, a number member, and failure values that cannot be', () => {
    expect(
      problems((f) => {
        withRuns(f);
        stats(f).entries = [
          reliability({ hours: 'start' }),
          reliability({ by: 'mud' }),
          reliability({ by: 'mud.weight', failedWhen: { state: 2, nothing: 1 } }),
          reliability({ resource: 'trip' }),
        ];
      }),
    ).toEqual([
      `${AT}/entries/0/reliability/hours: "start" of run is not hours between two times: give a number field with "x-computed": {"hoursBetween": [start, end]}`,
      `${AT}/entries/1/reliability/by: cannot count by "mud": it is a group, which the stores keep as one JSON value`,
      `${AT}/entries/2/reliability/by: cannot group by "mud.weight": only a text member of a top-level group can be read from its JSON value`,
      `${AT}/entries/2/reliability/failedWhen/state: 2 is not a value of "state" (0, 1)`,
      `${AT}/entries/2/reliability/failedWhen/nothing: "nothing" is not a field of run`,
      `${AT}/entries/3/reliability/resource: no resource "trip" (no schemas/trip.json)`,
    ]);
  });

  it('report a Pareto of a number, by a field holding no date', () => {
    expect(
      problems((f) => {
        withRuns(f);
        stats(f).entries = [pareto({ field: 'start', date: 'reason' })];
      }),
    ).toEqual([
      `${AT}/entries/0/pareto/field: a Pareto counts reasons written as text, and "start" is of type number`,
      `${AT}/entries/0/pareto/date: "reason" of run holds no date: give a field of format date or date-time`,
    ]);
  });

  it('refuse, in words, entries with words they do not take or without those they need', () => {
    expect(
      problems((f) => {
        withRuns(f);
        stats(f).entries = [{ ...pareto({}), bins: [0] }, { reliability: { resource: 'run', hours: 'hours' } }];
      }),
    ).toEqual([
      `${AT}/entries/0: a pareto entry says {resource, field, date, when} and nothing else`,
      `${AT}/entries/1/reliability: missing required keyword by`,
      `${AT}/entries/1/reliability: missing required keyword failedWhen`,
    ]);
  });
});

describe('a route to a statistics view', () => {
  it('needs the resource to have x-resource.statistics', () => {
    expect(
      problems((f) => {
        delete f.files['well.json']['x-resource'].statistics;
      }),
    ).toEqual(['schemas/routes.json#/routes/1/children/2/component: the statistics view needs x-resource.statistics in well.json']);
  });

  it('names the statistics view among the views when the component is unknown', () => {
    expect(
      problems((f) => {
        f.routes[1].children![2].component = 'resource:well:stats';
      }),
    ).toEqual([
      'schemas/routes.json#/routes/1/children/2/component: no page or resource view named "resource:well:stats" (pages: home, profile; views: resource:<name>:<list|create|edit|show|record|statistics>)',
    ]);
  });
});
