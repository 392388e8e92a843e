// The schema check of the keywords of rules, lists, derived values and shared demo data: each
// test breaks one thing in the small sound fixture of tests/fixtures/schemas.ts (a well and its
// runs) and expects exactly what the check reports. The fleet fixture is sound as it is.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { readSchemaFiles, loadRegistry } from '../../kernel/schema/load-node';
import { type Fixture, soundFixture } from '../fixtures/schemas';

function problems(breakIt: (f: Fixture) => void): string[] {
  const f = soundFixture();
  breakIt(f);
  return checkSchemas(f.files, f.config, f.routes, f.known).map(formatProblem);
}
const well = (f: Fixture) => f.files['well.json'];
const run = (f: Fixture) => f.files['run.json'];
const at = (pointer: string, message: string) => `schemas/well.json#${pointer}: ${message}`;

describe('x-rules', () => {
  it('accepts comparisons of numbers and of times, and a condition on an option', () => {
    expect(
      problems((f) => {
        well(f).properties.drilled = { type: 'number', minimum: 0 };
        well(f).properties.spud = { type: 'string', format: 'date' };
        well(f)['x-rules'] = [
          { field: 'drilled', lte: 'depth' },
          { field: 'spud', lt: 'stamp' },
          { field: 'code', requiredWhen: { colour: 2 } },
        ];
      }),
    ).toEqual(['schemas/well.json#/x-rules/1/lt: "stamp" is set by the server, and rules check what a person gives']);
  });

  it('reports a rule naming a field that does not exist, or a group', () => {
    expect(problems((f) => (well(f)['x-rules'] = [{ field: 'depht', gte: 'leader' }]))).toEqual([
      at('/x-rules/0/field', '"depht" is not a field of well'),
      at('/x-rules/0/gte', '"leader" is a group: name one of its fields (leader.…)'),
    ]);
  });

  it('reports a comparison of values of different kinds, or of a field with itself', () => {
    expect(
      problems((f) => {
        well(f)['x-rules'] = [
          { field: 'depth', gt: 'name' },
          { field: 'depth', gte: 'depth' },
        ];
      }),
    ).toEqual([
      at('/x-rules/0/gt', '"depth" and "name" cannot be compared: rules compare two numbers, or two dates or times'),
      at('/x-rules/1/gte', 'compares the field with itself'),
    ]);
  });

  it('reports a condition the field could never meet, and one on a field that is always required', () => {
    expect(
      problems((f) => {
        well(f)['x-rules'] = [
          { field: 'code', requiredWhen: { colour: 7, nope: 1 } },
          { field: 'name', requiredWhen: { colour: 1 } },
        ];
      }),
    ).toEqual([
      at('/x-rules/0/requiredWhen/colour', 'must be a key of colourOption (1, 2)'),
      at('/x-rules/0/requiredWhen/nope', '"nope" is not a field of well'),
      at('/x-rules/1/requiredWhen', '"name" is required always, so requiredWhen adds nothing'),
    ]);
  });

  it('refuses a rule with no condition or with two', () => {
    const words =
      'must name a field and one condition: gt, gte, lt, lte (another field), requiredWhen, requiredWith, sumAtMost, period, timeLog or notFuture';
    expect(problems((f) => (well(f)['x-rules'] = [{ field: 'depth' }, { field: 'depth', gt: 'name', lt: 'name' }]))).toEqual([
      at('/x-rules/0', words),
      at('/x-rules/1', words),
    ]);
  });
});

describe('lists and derived values', () => {
  const list = {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
    },
  };

  it('accepts x-unique-by on a list of objects by a key of its items, with its length bounds', () => {
    expect(problems((f) => (well(f).properties.parts = { ...list, minItems: 1, maxItems: 5, 'x-unique-by': 'name' }))).toEqual([]);
  });

  it('reports x-unique-by on what is no list of objects, or by a key the items lack or that is a list', () => {
    expect(
      problems((f) => {
        well(f).properties.name['x-unique-by'] = 'name';
        well(f).properties.parts = { ...list, 'x-unique-by': 'size' };
        well(f).properties.more = { ...list, 'x-unique-by': 'tags' };
      }),
    ).toEqual([
      at('/properties/name/x-unique-by', 'x-unique-by is only for fields of type array whose items are objects'),
      at('/properties/parts/x-unique-by', '"size" is not a field of the list\'s items'),
      at('/properties/more/x-unique-by', '"tags" must be a single value (text or a number) to be compared'),
    ]);
  });

  it('reports list lengths on what is no list, or upside down', () => {
    expect(
      problems((f) => {
        well(f).properties.name.minItems = 1;
        well(f).properties.parts = { ...list, minItems: 3, maxItems: 2 };
      }),
    ).toEqual([
      at('/properties/name/minItems', 'minItems is only for fields of type array'),
      at('/properties/parts/minItems', 'minItems 3 is above maxItems 2'),
    ]);
  });

  it('reports hoursBetween on what is no number, or between fields that hold no time', () => {
    expect(
      problems((f) => {
        well(f).properties.hours = { type: 'number', 'x-computed': { hoursBetween: ['stamp', 'depth'] } };
        well(f).properties.label2 = { type: 'string', 'x-computed': { hoursBetween: ['stamp', 'stamp2'] } };
      }),
    ).toEqual([
      at('/properties/hours/x-computed/hoursBetween/1', '"depth" holds no time: hoursBetween needs two fields of format date-time or date'),
      at(
        '/properties/label2/x-computed/hoursBetween',
        'hoursBetween gives a number of hours: the field must be of type number, not string',
      ),
      at('/properties/label2/x-computed/hoursBetween/1', '"stamp2" is not a top-level field of well'),
    ]);
  });

  it('reports a copy of a missing field or of another type', () => {
    expect(
      problems((f) => {
        well(f).properties.again = { type: 'string', readOnly: true, 'x-computed': { copy: 'leader' } };
        well(f).properties.other = { type: 'string', readOnly: true, 'x-computed': { copy: 'nope' } };
      }),
    ).toEqual([
      at('/properties/again/x-computed/copy', '"leader" is of type object, and the field of type string: a copy keeps the type'),
      at('/properties/other/x-computed/copy', '"nope" is not a top-level field of well'),
    ]);
  });

  it('refuses two ways of computing one value', () => {
    expect(
      problems((f) => (well(f).properties.both = { type: 'string', readOnly: true, 'x-computed': { copy: 'name', concat: ['name'] } })),
    ).toEqual([
      at(
        '/properties/both/x-computed',
        'must say one way to compute the value: concat, hoursBetween, copy, first, difference, ratio, fromParent, sumOf, sumSince, revisionOf, nextRun or logHours',
      ),
    ]);
  });
});

describe('demo data shared among parents and made from other values', () => {
  it('accepts a child plan its parent’s plan can hold', () => {
    expect(problems((f) => (run(f)['x-resource'].seed = { count: 6, perParent: [1, 3], parentShare: 0.7 }))).toEqual([]);
  });

  it('reports a plan the parent’s plan cannot hold, a share without perParent, perParent without a parent', () => {
    expect(problems((f) => (run(f)['x-resource'].seed = { count: 10, perParent: [1, 3] }))).toEqual([
      'schemas/run.json#/x-resource/seed/count: 10 records cannot be shared among the 3 well records of its plan at 1 to 3 each (3 to 9)',
    ]);
    expect(problems((f) => (run(f)['x-resource'].seed = { count: 4, parentShare: 0.5 }))).toEqual([
      'schemas/run.json#/x-resource/seed/parentShare: parentShare says which share of the parents get records: it needs perParent',
    ]);
    expect(problems((f) => (well(f)['x-resource'].seed = { count: 3, perParent: [1, 2] }))).toEqual([
      at('/x-resource/seed/perParent', 'perParent shares the records among parents: the resource needs x-resource.parent'),
    ]);
    expect(problems((f) => (run(f)['x-resource'].seed = { count: 3, perParent: [3, 1] }))).toEqual([
      'schemas/run.json#/x-resource/seed/perParent: has its min 3 above its max 1',
    ]);
  });

  it('reports hints made from fields that do not exist or do not fit', () => {
    expect(
      problems((f) => {
        well(f).properties.depth['x-fake'] = 'offset:deep:1:2';
        well(f).properties.name['x-fake'] = 'before:stamp:1:2';
        well(f).properties.colour['x-fake'] = 'weights:1:2:3';
        well(f).properties.code['x-fake'] = 'phrase:poems';
        well(f).definitions.contact.properties.phone['x-fake'] = 'parent:name';
      }),
    ).toEqual([
      at('/properties/name/x-fake', 'before makes a date or time: the field must have format date-time or date'),
      at(
        '/properties/code/x-fake',
        'no phrase list "poems" (runFailure, repairShop, repairReason, repairNote, staffIntroduction, instrumentMaker, instrumentModel, sparePart)',
      ),
      at('/properties/depth/x-fake', '"deep" is not a field of well (dotted within groups)'),
      at('/properties/colour/x-fake', "weights needs one weight for each of the field's 2 values, not 3"),
      at('/definitions/contact/properties/phone/x-fake', 'parent reads the parent record: the resource needs x-resource.parent'),
    ]);
  });

  it('reports an offset range upside down, and a parent hint where the records are not shared among parents', () => {
    expect(
      problems((f) => {
        run(f).properties.end = { type: 'number', 'x-fake': 'offset:start:5:1' };
        run(f).properties.kind = { type: 'string', 'x-fake': 'parent:name' };
      }),
    ).toEqual([
      'schemas/run.json#/properties/end/x-fake: offset:start:5:1 has its min above its max',
      'schemas/run.json#/properties/kind/x-fake: parent reads the parent record, which the demo data knows only when seed.perParent shares the records among parents',
    ]);
  });
});

describe('the fleet fixture', () => {
  it('is sound', () => {
    const dir = join(import.meta.dirname, '../fixtures/fleet');
    const { config, routes } = loadRegistry(dir);
    const known = { pages: ['home'], panels: [], icons: new Set(['Build']) };
    expect(checkSchemas(readSchemaFiles(dir), config, routes, known).map(formatProblem)).toEqual([]);
  });
});
