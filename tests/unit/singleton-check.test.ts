// The schema check of a resource of one record (`x-resource.singleton`) and of a list's default
// rows: a small sound settings file is added to the check's fixture, then each test breaks one
// thing and expects exactly the problems the check reports.
import { describe, expect, it } from 'vitest';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { type Fixture, soundFixture } from '../fixtures/schemas';

const settings = {
  $id: 'settings',
  type: 'object',
  additionalProperties: false,
  required: ['keepDays'],
  properties: {
    id: { type: 'integer', readOnly: true },
    keepDays: { type: 'integer', minimum: 1, maximum: 100, default: 30, 'x-unit': 'days' },
    intervals: {
      type: 'array',
      'x-unique-by': 'colour',
      default: [
        { colour: 1, hours: 10 },
        { colour: 2, hours: 20 },
      ],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['colour', 'hours'],
        properties: { colour: { type: 'integer', 'x-options': 'colourOption' }, hours: { type: 'integer', minimum: 1, maximum: 50 } },
      },
    },
  },
  'x-resource': {
    singleton: true,
    endpoints: { info: { method: 'GET', path: '/settings/info' }, update: { method: 'POST', path: '/settings/update' } },
    list: { columns: ['keepDays'], sortable: ['id'], sort: { field: 'id', order: 'ASC' }, perPage: 1 },
    filters: [],
    recordRepresentation: 'id',
    seed: { count: 0 },
  },
};

function problems(breakIt: (f: Fixture) => void): string[] {
  const f = soundFixture();
  f.files['settings.json'] = structuredClone(settings);
  f.routes.push({
    path: '/settings',
    meta: { title: 'Settings', roles: ['admin'] },
    children: [{ path: 'index', component: 'resource:settings:edit', meta: { title: 'Settings' } }],
  });
  breakIt(f);
  return checkSchemas(f.files, f.config, f.routes, f.known).map(formatProblem);
}

const file = (f: Fixture) => f.files['settings.json'];

describe('a singleton resource', () => {
  it('is sound as written', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('has only info and update, and no keyword of many records', () => {
    expect(
      problems((f) => {
        file(f)['x-resource'].endpoints.list = { method: 'GET', path: '/settings/list', shape: 'total-items' };
        delete file(f)['x-resource'].endpoints.update;
        file(f)['x-resource'].search = ['keepDays'];
      }),
    ).toEqual([
      'schemas/settings.json#/x-resource/search/0: search matches text, and "keepDays" is of type integer',
      'schemas/settings.json#/x-resource/endpoints/list: a singleton has one record: no "list" endpoint (only info and update)',
      'schemas/settings.json#/x-resource/endpoints: a singleton needs an "update" endpoint',
      'schemas/settings.json#/x-resource/search: a singleton has one record: search is for resources of many',
      'schemas/routes.json#/routes/2/children/0/component: the edit view needs an "update" endpoint in settings.json',
    ]);
  });

  it('gives every field a default, and is not seeded', () => {
    expect(
      problems((f) => {
        delete file(f).properties.keepDays.default;
        file(f)['x-resource'].seed = { count: 2 };
      }),
    ).toEqual([
      'schemas/settings.json#/x-resource/seed: a singleton is not seeded: its defaults answer until it is saved (seed.count 0, no fixed records)',
      'schemas/settings.json#/properties/keepDays: every field of a singleton needs a default: it is the value until someone saves another',
    ]);
  });

  it('is shown by an edit route without a parameter, and by no other view', () => {
    expect(
      problems((f) => {
        f.routes[2].children!.push({ path: 'edit/:id', component: 'resource:settings:edit', meta: { title: 'SettingsEdit' } });
        f.routes[2].children!.push({ path: 'show', component: 'resource:settings:show', meta: { title: 'SettingsShow' } });
      }),
    ).toEqual([
      'schemas/routes.json#/routes/2/children/1/component: settings is a singleton (one record): its edit route takes no parameter',
      'schemas/routes.json#/routes/2/children/2/component: settings is a singleton (one record): only its edit view has a route',
    ]);
  });
});

describe("a list's default rows", () => {
  it('must be rows the list accepts: fields of its items, in range, keys once', () => {
    const broken = (rows: unknown[]) => problems((f) => (file(f).properties.intervals.default = rows));
    const at = 'schemas/settings.json#/properties/intervals/default';
    expect(broken([{ colour: 1, hours: 99 }])).toEqual([`${at}: row 1: "hours" must be at most 50, the field's maximum`]);
    expect(broken([{ colour: 3, hours: 5 }])).toEqual([`${at}: row 1: "colour" must be a key of colourOption (1, 2)`]);
    expect(
      broken([
        { colour: 1, hours: 5 },
        { colour: 1, hours: 6 },
      ]),
    ).toEqual([`${at}: row 2: "colour" repeats an earlier row's, and x-unique-by allows it once`]);
    expect(broken([{ colour: 1 }])).toEqual([`${at}: row 1: "hours" is required`]);
    expect(broken([{ colour: 1, hours: 5, note: 'x' }])).toEqual([`${at}: row 1: "note" is not a field of the list's items`]);
    expect(broken(['text'])).toEqual([`${at}: row 1 must be an object of the list's fields`]);
  });
});
