// The schema check, one kind of mistake at a time: each test breaks one thing in a small sound
// fixture and expects exactly the problems, pointer and words, that the check reports.
import { describe, expect, it } from 'vitest';
import metaSchema from '../../schemas/meta-schema.json';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { OURS_GENERATORS } from '../../kernel/schema/check-fake';
import { materialIconComponents } from '../../kernel/schema/icons-node';
import { iconComponentName } from '../../kernel/schema/material-icon';
import type {
  Endpoint,
  FieldSchema,
  FieldUi,
  FilterSpec,
  ParentSpec,
  RecordPageSpec,
  ResourceMeta,
  RouteMeta,
  RouteNode,
} from '../../kernel/schema/types';
import { type Fixture, soundFixture } from '../fixtures/schemas';

/** The problems of the fixture once `breakIt` has changed it, as the check words them. */
function problems(breakIt: (f: Fixture) => void): string[] {
  const f = soundFixture();
  breakIt(f);
  return checkSchemas(f.files, f.config, f.routes, f.known).map(formatProblem);
}

const well = (f: Fixture) => f.files['well.json'];
const run = (f: Fixture) => f.files['run.json'];

describe('the fixture', () => {
  it('is sound', () => {
    expect(problems(() => {})).toEqual([]);
  });
});

describe('the form of a file', () => {
  it('refuses an unknown x- keyword at any depth, naming it', () => {
    expect(
      problems((f) => {
        well(f)['x-foo'] = 1;
        well(f).properties.name['x-colour'] = 'red';
        well(f).definitions.contact.properties.phone['x-bar'] = true;
        well(f).definitions.contact['x-baz'] = true;
        well(f)['x-resource']['x-qux'] = [];
        well(f)['x-resource'].list['x-page'] = 2;
      }),
    ).toEqual([
      'schemas/well.json#/x-foo: unknown keyword x-foo',
      'schemas/well.json#/properties/name/x-colour: unknown keyword x-colour',
      'schemas/well.json#/definitions/contact/x-baz: unknown keyword x-baz',
      'schemas/well.json#/definitions/contact/properties/phone/x-bar: unknown keyword x-bar',
      'schemas/well.json#/x-resource/x-qux: unknown keyword x-qux',
      'schemas/well.json#/x-resource/list/x-page: unknown keyword x-page',
    ]);
  });

  it('refuses an unknown JSON Schema keyword too (a misspelt one does nothing)', () => {
    expect(problems((f) => (well(f).properties.depth.maximun = 10))).toEqual([
      'schemas/well.json#/properties/depth/maximun: unknown keyword maximun',
    ]);
  });

  it('reads a file that is no resource at all', () => {
    expect(problems((f) => (f.files['run.json'] = {}))).toEqual([
      'schemas/run.json#: missing required keyword $id',
      'schemas/run.json#: missing required keyword type',
      'schemas/run.json#: missing required keyword properties',
      'schemas/run.json#: missing required keyword x-resource',
    ]);
  });

  it('names a missing required keyword', () => {
    expect(
      problems((f) => {
        delete well(f)['x-resource'].filters;
        delete well(f).definitions.contact.properties.phone.type;
      }),
    ).toEqual([
      'schemas/well.json#/definitions/contact/properties/phone: missing required keyword type',
      'schemas/well.json#/x-resource: missing required keyword filters',
    ]);
  });

  it('says which type a value must have', () => {
    expect(
      problems((f) => {
        well(f)['x-resource'].list.perPage = '20';
        well(f)['x-resource'].filters[0].all = true;
        well(f).properties.code['x-ui'].multiline = 'yes';
      }),
    ).toEqual([
      'schemas/well.json#/properties/code/x-ui/multiline: must be true or false or an integer',
      'schemas/well.json#/x-resource/list/perPage: must be an integer',
      'schemas/well.json#/x-resource/filters/0/all: must be a string or a number',
    ]);
  });

  it('lists the values a keyword may take', () => {
    expect(
      problems((f) => {
        well(f)['x-resource'].filters[1].op = 'like';
        well(f).properties.code['x-ui'].width = 'wide';
        run(f)['x-resource'].parent.onParentDelete = 'orphan';
      }),
    ).toEqual([
      'schemas/well.json#/properties/code/x-ui/width: must be one of "full", "half", "third"',
      'schemas/well.json#/x-resource/filters/1/op: must be one of "eq", "contains", "gte", "lte", "given"',
      'schemas/run.json#/x-resource/parent/onParentDelete: must be one of "refuse", "cascade"',
    ]);
  });

  it('says in words what a pattern asks for, never quoting it', () => {
    expect(
      problems((f) => {
        well(f)['x-resource'].endpoints.list.path = 'well/list';
        well(f)['x-resource'].filters[0].param = 'well-name';
        run(f)['x-resource'].parent.param = '1well';
        well(f).properties['leader.name'] = { type: 'string' };
      }),
    ).toEqual([
      'schemas/well.json#/properties/leader.name: is not a usable name: letters, digits and _, not beginning with a digit',
      'schemas/well.json#/x-resource/endpoints/list/path: must be a path such as /device/list: segments of letters, digits, - and _',
      'schemas/well.json#/x-resource/filters/0/param: must be a query parameter name: letters, digits and _, not beginning with a digit',
      'schemas/run.json#/x-resource/parent/param: must be a query parameter name: letters, digits and _, not beginning with a digit',
    ]);
  });

  it('refuses a file whose $id is not its name', () => {
    expect(
      problems((f) => {
        f.files = { 'wells.json': well(f), 'run.json': run(f) };
      }),
    ).toEqual(['schemas/wells.json#/$id: must be the file name without .json ("wells")']);
  });

  it('knows every keyword of types.ts and no other', () => {
    // Each object lists every key its type has (TypeScript refuses a missing or an unknown one).
    const keys = {
      field: Object.keys({
        type: 0,
        title: 0,
        description: 0,
        enum: 0,
        format: 0,
        readOnly: 0,
        writeOnly: 0,
        minimum: 0,
        maximum: 0,
        multipleOf: 0,
        minLength: 0,
        maxLength: 0,
        minItems: 0,
        maxItems: 0,
        'x-unique-by': 0,
        'x-upload': 0,
        pattern: 0,
        properties: 0,
        required: 0,
        additionalProperties: 0,
        items: 0,
        uniqueItems: 0,
        $ref: 0,
        default: 0,
        'x-options': 0,
        'x-ref': 0,
        'x-resource-name': 0,
        'x-route-title': 0,
        'x-record-of': 0,
        'x-assigned': 0,
        'x-unlinked-text': 0,
        'x-form-values': 0,
        'x-field-definitions': 0,
        'x-unit': 0,
        'x-ui': 0,
        'x-messages': 0,
        'x-computed': 0,
        'x-fake': 0,
        'x-default': 0,
      } satisfies Record<keyof FieldSchema, 0>),
      ui: Object.keys({
        width: 0,
        multiline: 0,
        help: 0,
        placeholder: 0,
        colors: 0,
        widget: 0,
        expiry: 0,
        expiryUnless: 0,
        nameOf: 0,
      } satisfies Record<keyof FieldUi, 0>),
      resource: Object.keys({
        endpoints: 0,
        list: 0,
        filters: 0,
        recordRepresentation: 0,
        representationFallback: 0,
        search: 0,
        find: 0,
        parent: 0,
        record: 0,
        unique: 0,
        roles: 0,
        mockOnly: 0,
        statistics: 0,
        assign: 0,
        lock: 0,
        open: 0,
        madeFrom: 0,
        close: 0,
        forms: 0,
        fills: 0,
        switch: 0,
        schedule: 0,
        access: 0,
        singleton: 0,
        survey: 0,
        ledger: 0,
        lifecycle: 0,
        seed: 0,
      } satisfies Record<keyof ResourceMeta, 0>),
      parent: Object.keys({ resource: 0, field: 0, param: 0, onParentDelete: 0 } satisfies Record<keyof ParentSpec, 0>),
      record: Object.keys({ summary: 0, sections: 0 } satisfies Record<keyof RecordPageSpec, 0>),
      filter: Object.keys({ param: 0, field: 0, op: 0, alwaysOn: 0, all: 0 } satisfies Record<keyof FilterSpec, 0>),
      endpoint: Object.keys({ method: 0, path: 0, shape: 0 } satisfies Record<keyof Endpoint, 0>),
      route: Object.keys({ path: 0, name: 0, redirect: 0, component: 0, hidden: 0, async: 0, meta: 0, children: 0 } satisfies Record<
        keyof RouteNode,
        0
      >),
      routeMeta: Object.keys({ title: 0, icon: 0, roles: 0, affix: 0, noCache: 0 } satisfies Record<keyof RouteMeta, 0>),
    };
    const d = metaSchema.definitions;
    const xr = metaSchema.properties['x-resource'].properties;
    const sorted = (o: object, ...extra: string[]) => [...Object.keys(o), ...extra].sort();
    expect(sorted(d.field.properties)).toEqual([...keys.field, '$comment'].sort());
    expect(sorted(d.field.properties['x-ui'].properties)).toEqual([...keys.ui].sort());
    expect(sorted(xr)).toEqual([...keys.resource].sort());
    expect(sorted(xr.parent.properties)).toEqual([...keys.parent].sort());
    expect(sorted(xr.record.properties)).toEqual([...keys.record].sort());
    expect(sorted(xr.filters.items.properties)).toEqual([...keys.filter].sort());
    expect(sorted(d.listEndpoint.properties)).toEqual([...keys.endpoint].sort());
    expect(sorted(d.route.properties)).toEqual([...keys.route].sort());
    expect(sorted(d.route.properties.meta.properties)).toEqual([...keys.routeMeta].sort());
  });
});

type Case = [breakIt: (f: Fixture) => void, expected: string[]];

/** One test per kind of mistake: its name, how the fixture is broken, and exactly what the check says. */
function kinds(table: Record<string, Case>) {
  for (const [name, [breakIt, expected]] of Object.entries(table)) it(name, () => expect(problems(breakIt)).toEqual(expected));
}

const TOP_LEVEL_ONLY = 'works only on a field written directly in properties, not inside a group or definition';
const ROW_OR_TOP = 'works only on a top-level field or a field of the rows of a top-level list';

describe('field keywords', () => {
  kinds({
    'x-options names an option list of /config': [
      (f) => (well(f).properties.colour['x-options'] = 'colorOption'),
      [
        'schemas/well.json#/properties/colour/x-options: "colorOption" is not an option list of schemas/config.json (a dictionary list is written dict:<code>)',
      ],
    ],
    'x-options on a field whose type its keys do not have': [
      (f) => (run(f).properties.done = { type: 'string', 'x-options': 'colourOption' }),
      ['schemas/run.json#/properties/done/x-options: the keys of colourOption are numbers, but the field is of type string'],
    ],
    'x-options dict:<code> with a code that is no code': [
      (f) => (well(f).properties.kind['x-options'] = 'dict:well-kind'),
      ['schemas/well.json#/properties/kind/x-options: "well-kind" is not a dictionary code: a letter, then letters, digits or _'],
    ],
    'x-options dict:<code> on a field that is not a string': [
      (f) => (well(f).properties.depth['x-options'] = 'dict:depths'),
      ['schemas/well.json#/properties/depth/x-options: a dictionary field must be of type string (its values are item keys)'],
    ],
    'x-options dict:<code> inside a group': [
      (f) => (well(f).definitions.contact.properties.phone['x-options'] = 'dict:phoneKind'),
      [`schemas/well.json#/definitions/contact/properties/phone/x-options: a dictionary field ${ROW_OR_TOP}`],
    ],
    'x-ref to a resource that does not exist': [
      (f) => (run(f).properties.crew = { type: 'integer', 'x-ref': 'crew' }),
      ['schemas/run.json#/properties/crew/x-ref: no resource "crew" (no schemas/crew.json)'],
    ],
    'x-ref to a resource without list and info endpoints': [
      (f) => {
        well(f).properties.lastRun = { type: 'integer', 'x-ref': 'run' };
        delete run(f)['x-resource'].endpoints.info;
      },
      [
        'schemas/well.json#/properties/lastRun/x-ref: run has no info endpoint; a reference needs list (to choose a record) and info (to show it)',
      ],
    ],
    'x-ref on a field that is not an integer': [
      (f) => (run(f).properties.code = { type: 'string', 'x-ref': 'well' }),
      ['schemas/run.json#/properties/code/x-ref: x-ref needs a field of type integer: it holds the id of a well record'],
    ],
    'x-ref inside a group': [
      (f) => (well(f).definitions.contact.properties.run = { type: 'integer', 'x-ref': 'run' }),
      [`schemas/well.json#/definitions/contact/properties/run/x-ref: x-ref ${ROW_OR_TOP}`],
    ],
    'x-ref on the items of a list inside a group': [
      (f) => (well(f).definitions.contact.properties.runs = { type: 'array', items: { type: 'integer', 'x-ref': 'run' } }),
      [`schemas/well.json#/definitions/contact/properties/runs/items/x-ref: x-ref ${ROW_OR_TOP}`],
    ],
    'x-computed joining what is not a top-level single value': [
      (f) => (well(f).properties.label['x-computed'].concat = ['code', 'colour2', 'leader']),
      [
        'schemas/well.json#/properties/label/x-computed/concat/1: "colour2" is not a top-level field of well',
        'schemas/well.json#/properties/label/x-computed/concat/2: "leader" is a group or a list: x-computed joins single values',
      ],
    ],
    'x-computed inside a group': [
      (f) => (well(f).definitions.contact.properties.full = { type: 'string', 'x-computed': { concat: ['name'] } }),
      [`schemas/well.json#/definitions/contact/properties/full/x-computed: x-computed ${TOP_LEVEL_ONLY}`],
    ],
    'x-default "now" on a field that holds no time': [
      (f) => (well(f).properties.code['x-default'] = 'now'),
      ['schemas/well.json#/properties/code/x-default: x-default "now" needs a field of type string with format date-time'],
    ],
    'x-fake naming no generator': [
      (f) => (well(f).properties.name['x-fake'] = 'person.fullname'),
      [
        `schemas/well.json#/properties/name/x-fake: no generator "person.fullname": ours are ${OURS_GENERATORS}; any other is a faker function such as person.fullName`,
      ],
    ],
    'x-fake with too few or too many arguments': [
      (f) => {
        well(f).properties.code['x-fake'] = 'int:1';
        well(f).properties.label['x-fake'] = 'wellName:3';
      },
      [
        'schemas/well.json#/properties/code/x-fake: int takes 2 arguments (int:min:max), not 1',
        'schemas/well.json#/properties/label/x-fake: wellName takes no arguments, not 1',
      ],
    ],
    'x-fake spread on a field that is no reference': [
      (f) => (well(f).properties.code['x-fake'] = 'spread'),
      ['schemas/well.json#/properties/code/x-fake: spread deals the records a reference points at: the field needs x-ref'],
    ],
    'x-fake with an argument that is not a number': [
      (f) => (well(f).properties.depth['x-fake'] = 'decimal:10:x'),
      ['schemas/well.json#/properties/depth/x-fake: decimal takes numbers, and "x" is not one'],
    ],
    'x-fake with its min above its max': [
      (f) => (well(f).properties.colour['x-fake'] = 'int:9:2'),
      ['schemas/well.json#/properties/colour/x-fake: int:9:2 has its min above its max'],
    ],
    "x-fake with a range beyond the field's bounds": [
      (f) => (run(f).properties.start['x-fake'] = 'decimal:50:500'),
      ["schemas/run.json#/properties/start/x-fake: decimal:50:500 goes above the field's maximum 100"],
    ],
    'x-fake naming a faker function that needs arguments': [
      (f) => (run(f).properties.done['x-fake'] = 'helpers.arrayElement'),
      ["schemas/run.json#/properties/done/x-fake: faker's helpers.arrayElement needs arguments, which x-fake cannot give"],
    ],
    'x-fake naming a faker function that makes the wrong kind of value': [
      (f) => (well(f).definitions.contact.properties.phone['x-fake'] = 'number.int'),
      ["schemas/well.json#/definitions/contact/properties/phone/x-fake: faker's number.int makes an integer, but the field is a string"],
    ],
    'x-unit on a field that is not a number': [
      (f) => (well(f).properties.name['x-unit'] = 'm'),
      ['schemas/well.json#/properties/name/x-unit: x-unit is only for fields of type number or integer'],
    ],
    'x-ui width other than full, half or third': [
      (f) => (well(f).properties.code['x-ui'].width = 'quarter'),
      ['schemas/well.json#/properties/code/x-ui/width: must be one of "full", "half", "third"'],
    ],
    'x-ui multiline on a field that is not text': [
      (f) => (well(f).properties.depth['x-ui'] = { multiline: 3 }),
      ['schemas/well.json#/properties/depth/x-ui/multiline: multiline is only for fields of type string'],
    ],
    'x-ui nameOf naming a field that is not text': [
      (f) => (well(f).properties.code['x-ui'] = { nameOf: 'depth' }),
      ['schemas/well.json#/properties/code/x-ui/nameOf: nameOf is for a top-level string field, naming another top-level string field'],
    ],
    'a pattern without the message a person sees instead': [
      (f) => delete well(f).properties.code['x-messages'],
      ['schemas/well.json#/properties/code/pattern: needs a message in x-messages.pattern: a person is never shown a regular expression'],
    ],
    'a pattern that is no regular expression': [
      (f) => (well(f).definitions.contact.properties.phone.pattern = '^[0-9'),
      ['schemas/well.json#/definitions/contact/properties/phone/pattern: is not a valid regular expression'],
    ],
    'x-messages for a keyword the field does not have': [
      (f) => {
        well(f).properties.code['x-messages'] = { pattern: 'wellCode', maxLength: 'tooLong', required: 'needed' };
        well(f).properties.name['x-messages'] = { required: 'needed', minLength: 'empty' };
      },
      [
        'schemas/well.json#/properties/code/x-messages/maxLength: the field has no maxLength',
        'schemas/well.json#/properties/code/x-messages/required: the field is not required',
      ],
    ],
    'x-messages for what is no validation keyword': [
      (f) => (well(f).properties.code['x-messages'].colour = 'red'),
      [
        'schemas/well.json#/properties/code/x-messages/colour: "colour" is not a validation keyword (type, required, enum, format, minimum, maximum, multipleOf, minLength, maxLength, pattern, uniqueItems)',
      ],
    ],
    "a default of another type than the field's": [
      (f) => {
        run(f).properties.start.default = '0';
        run(f).properties.done.default = 1;
      },
      [
        'schemas/run.json#/properties/start/default: must be a number, like the field',
        'schemas/run.json#/properties/done/default: must be a boolean, like the field',
      ],
    ],
    'a default the field would refuse': [
      (f) => {
        well(f).properties.code.default = 'abc';
        well(f).properties.colour.default = 3;
        run(f).properties.start.default = -1;
      },
      [
        "schemas/well.json#/properties/code/default: is not written the way the field's pattern asks",
        'schemas/well.json#/properties/colour/default: must be a key of colourOption (1, 2)',
        "schemas/run.json#/properties/start/default: must be at least 0, the field's minimum",
      ],
    ],
    'a default inside a group': [
      (f) => (well(f).definitions.contact.properties.name.default = 'Ann'),
      [`schemas/well.json#/definitions/contact/properties/name/default: default ${TOP_LEVEL_ONLY}`],
    ],
    'required naming what is not a field, at any depth': [
      (f) => {
        well(f).required.push('colour2');
        well(f).definitions.contact.required.push('email');
      },
      [
        'schemas/well.json#/definitions/contact/required/1: "email" is not a field of this group',
        'schemas/well.json#/required/1: "colour2" is not a field of well',
      ],
    ],
    'a keyword beside $ref, where it is ignored': [
      (f) => (well(f).properties.leader['x-ui'] = { width: 'half' }),
      ['schemas/well.json#/properties/leader/x-ui: is ignored beside $ref: write it in #/definitions/contact'],
    ],
    'a $ref to a definition that does not exist': [
      (f) => (well(f).properties.deputy = { $ref: '#/definitions/person' }),
      ['schemas/well.json#/properties/deputy/$ref: no definition "person" in this file'],
    ],
    'an id the stores cannot number': [
      (f) => (well(f).properties.id = { type: 'string' }),
      ['schemas/well.json#/properties/id: id is numbered by the stores: it must be of type integer and readOnly'],
    ],
    'a field named version, which the stores keep': [
      (f) => (run(f).properties.version = { type: 'integer' }),
      ['schemas/run.json#/properties/version: "version" is kept by the stores on every record; name the field otherwise'],
    ],
  });
});

describe('the list', () => {
  kinds({
    'a column that is not a field, or a whole group': [
      (f) => well(f)['x-resource'].list.columns.push('colour2', 'leader'),
      [
        'schemas/well.json#/x-resource/list/columns/3: "colour2" is not a field of well',
        'schemas/well.json#/x-resource/list/columns/4: "leader" is a group: name one of its fields (leader.…)',
      ],
    ],
    'a sortable field inside a group, a group, or no field': [
      (f) => well(f)['x-resource'].list.sortable.push('leader.name', 'leader', 'colour2'),
      [
        'schemas/well.json#/x-resource/list/sortable/3: cannot sort by "leader.name": it is inside the group "leader", which the stores keep as one JSON value',
        'schemas/well.json#/x-resource/list/sortable/4: cannot sort by "leader": it is a group, which the stores keep as one JSON value',
        'schemas/well.json#/x-resource/list/sortable/5: "colour2" is not a field of well',
      ],
    ],
    'a default sort on a field that is not sortable': [
      (f) => (well(f)['x-resource'].list.sort.field = 'colour'),
      ['schemas/well.json#/x-resource/list/sort/field: the default sort "colour" is not one of list.sortable'],
    ],
    'a filter on a field inside a group, or on a group': [
      (f) =>
        well(f)['x-resource'].filters.push(
          { param: 'leader', field: 'leader.name', op: 'eq' },
          { param: 'boss', field: 'leader', op: 'eq' },
        ),
      [
        'schemas/well.json#/x-resource/filters/2/field: cannot filter on "leader.name": it is inside the group "leader", which the stores keep as one JSON value',
        'schemas/well.json#/x-resource/filters/3/field: cannot filter on "leader": it is a group, which the stores keep as one JSON value',
      ],
    ],
    'a contains filter on a field that is not text': [
      (f) => (well(f)['x-resource'].filters[1].op = 'contains'),
      ['schemas/well.json#/x-resource/filters/1/op: a contains filter needs a field of type string, and "colour" is of type integer'],
    ],
    "a filter param used twice, or one of the list's own": [
      (f) => well(f)['x-resource'].filters.push({ param: 'name', field: 'code', op: 'eq' }, { param: 'page', field: 'code', op: 'eq' }),
      [
        'schemas/well.json#/x-resource/filters/2/param: "name" is already the param of filter 0',
        'schemas/well.json#/x-resource/filters/3/param: "page" is a parameter of every list (page, limit, sort, q, ids)',
      ],
    ],
    'a search field that is not text (dotted fields allowed)': [
      (f) => well(f)['x-resource'].search.push('depth', 'leader', 'leader.email'),
      [
        'schemas/well.json#/x-resource/search/2: search matches text, and "depth" is of type number',
        'schemas/well.json#/x-resource/search/3: "leader" is a group: name one of its fields (leader.…)',
        'schemas/well.json#/x-resource/search/4: "leader.email" is not a field of well',
      ],
    ],
    'a recordRepresentation that is not a field': [
      (f) => (well(f)['x-resource'].recordRepresentation = 'title'),
      ['schemas/well.json#/x-resource/recordRepresentation: "title" is not a field of well'],
    ],
    'a unique set with a field inside a group': [
      (f) => well(f)['x-resource'].unique.push(['code', 'leader.name'], ['colour2']),
      [
        'schemas/well.json#/x-resource/unique/1/1: cannot keep unique "leader.name": it is inside the group "leader", which the stores keep as one JSON value',
        'schemas/well.json#/x-resource/unique/2/0: "colour2" is not a field of well',
      ],
    ],
  });
});

describe('child collections and record pages', () => {
  kinds({
    'a parent that is no resource': [
      (f) => (run(f)['x-resource'].parent.resource = 'site'),
      [
        // The well's record page loses its section of runs with it.
        'schemas/well.json#/x-resource/record/sections/0/resource: run is not a child collection of well: its x-resource.parent must name well',
        'schemas/run.json#/x-resource/parent/resource: no resource "site" (no schemas/site.json)',
        'schemas/run.json#/x-resource/parent/field: "well" must refer to the parent: give it "x-ref": "site"',
      ],
    ],
    'a parent field that does not refer to the parent': [
      (f) => (run(f)['x-resource'].parent.field = 'start'),
      ['schemas/run.json#/x-resource/parent/field: "start" must refer to the parent: give it "x-ref": "well"'],
    ],
    'a parent field that is not required': [
      (f) => (run(f).required = ['start']),
      ['schemas/run.json#/x-resource/parent/field: "well" must be required: every record belongs to a well'],
    ],
    "a parent param that is also a filter's": [
      (f) => (run(f)['x-resource'].parent.param = 'done'),
      ['schemas/run.json#/x-resource/parent/param: the parent\'s param "done" is also the param of filter 0'],
    ],
    "a filter taking the parent's default param, id": [
      (f) => (run(f)['x-resource'].filters[0].param = 'id'),
      ['schemas/run.json#/x-resource/parent: the parent\'s param "id" is also the param of filter 0'],
    ],
    'a record summary naming a group': [
      (f) => well(f)['x-resource'].record.summary.push('leader'),
      ['schemas/well.json#/x-resource/record/summary/3: "leader" is a group: name one of its fields (leader.…)'],
    ],
    'a record section naming what is not a child collection': [
      (f) => well(f)['x-resource'].record.sections.push({ resource: 'well' }, { resource: 'crew' }),
      [
        'schemas/well.json#/x-resource/record/sections/2/resource: well is not a child collection of well: its x-resource.parent must name well',
        'schemas/well.json#/x-resource/record/sections/3/resource: no resource "crew" (no schemas/crew.json)',
      ],
    ],
    'a record section naming a panel nobody registered': [
      (f) => well(f)['x-resource'].record.sections.push({ panel: 'chart' }),
      ['schemas/well.json#/x-resource/record/sections/2/panel: no panel "chart" (registered: map)'],
    ],
    'an instrument lifecycle on a status without options and hours that are not a sumSince total': [
      (f) => (well(f)['x-resource'].lifecycle = { status: 'name', hours: 'depth' }),
      [
        'schemas/well.json#/x-resource/lifecycle/status: "name" needs options (enum or x-options)',
        'schemas/well.json#/x-resource/lifecycle/hours: "depth" must be a total kept by x-computed sumSince',
      ],
    ],
    'an instrument lifecycle naming fields that do not exist, on two resources': [
      (f) => {
        well(f)['x-resource'].lifecycle = { status: 'colour', hours: 'hours' };
        run(f)['x-resource'].lifecycle = { status: 'state', hours: 'label' };
      },
      [
        'schemas/well.json#/x-resource/lifecycle/hours: no top-level field "hours"',
        'schemas/run.json#/x-resource/lifecycle/status: no top-level field "state"',
        'schemas/run.json#/x-resource/lifecycle/hours: no top-level field "label"',
        'schemas/run.json#/x-resource/lifecycle: only one resource has the instrument lifecycle (well.json has it)',
      ],
    ],
    'a field naming a widget nobody registered': [
      (f) => (well(f).properties.code['x-ui'].widget = 'colourWheel'),
      ['schemas/well.json#/properties/code/x-ui/widget: no widget "colourWheel" (registered: password)'],
    ],
    'nothing of the console checked where its registrations are not given (the server)': [
      (f) => {
        well(f)['x-resource'].record.sections.push({ panel: 'chart' });
        well(f).properties.code['x-ui'].widget = 'colourWheel';
        delete f.known.panels;
        delete f.known.widgets;
      },
      [],
    ],
  });
});

/** A third resource for the wells keywords: a tool, which runs can be assigned, and the assignment collection of a well's tools. */
function withTools(f: Fixture) {
  const endpointsOf = (name: string) => ({
    list: { method: 'GET', path: `/${name}/list`, shape: 'total-items' },
    info: { method: 'GET', path: `/${name}/info` },
  });
  f.files['tool.json'] = {
    $id: 'tool',
    type: 'object',
    additionalProperties: false,
    required: ['name', 'state'],
    properties: {
      id: { type: 'integer', readOnly: true },
      name: { type: 'string', maxLength: 32 },
      state: { type: 'integer', enum: [0, 1, 2] },
      site: { type: 'string', readOnly: true, maxLength: 200 },
    },
    'x-resource': {
      endpoints: endpointsOf('tool'),
      list: { columns: ['name'], sortable: ['id'], sort: { field: 'id', order: 'ASC' }, perPage: 10 },
      filters: [],
      recordRepresentation: 'name',
    },
  };
  f.files['welltool.json'] = {
    $id: 'welltool',
    type: 'object',
    additionalProperties: false,
    required: ['well', 'tool'],
    properties: {
      id: { type: 'integer', readOnly: true },
      well: { type: 'integer', 'x-ref': 'well' },
      tool: { type: 'integer', 'x-ref': 'tool' },
      since: { type: 'string', format: 'date-time', readOnly: true, 'x-default': 'now' },
      until: { type: 'string', format: 'date-time', readOnly: true },
    },
    'x-resource': {
      endpoints: { list: { method: 'GET', path: '/welltool/list', shape: 'total-items' } },
      parent: { resource: 'well', field: 'well', onParentDelete: 'cascade' },
      assign: {
        member: 'tool',
        idsParam: 'toolIds',
        add: { method: 'POST', path: '/welltool/add' },
        remove: { method: 'POST', path: '/welltool/remove' },
        since: 'since',
        until: 'until',
        refuse: { state: [2] },
        onAssign: { state: 1 },
        onRemove: { state: 0 },
        memberField: 'site',
      },
      list: { columns: ['tool', 'since', 'until'], sortable: ['id'], sort: { field: 'id', order: 'ASC' }, perPage: 10 },
      filters: [{ param: 'tool', field: 'tool', op: 'eq' }],
      recordRepresentation: 'tool',
    },
  };
  run(f).properties.tool = { type: 'integer', 'x-ref': 'tool', 'x-assigned': 'well' };
  run(f).properties.end = { type: 'number', minimum: 0, maximum: 100 };
  run(f).properties.hours = { type: 'number', minimum: 0, maximum: 24 };
  run(f).properties.rest = { type: 'number', minimum: 0, maximum: 24 };
  run(f).properties.status = { type: 'string', enum: ['open', 'closed'], default: 'open' };
  well(f)['x-resource'].record.sections.push({ resource: 'welltool' });
}
const tool = (f: Fixture) => f.files['tool.json'];
const welltool = (f: Fixture) => f.files['welltool.json'];

describe('the wells keywords', () => {
  it('accept a sound use of each', () => {
    expect(
      problems((f) => {
        withTools(f);
        run(f).properties.length = { type: 'number', readOnly: true, 'x-computed': { difference: ['end', 'start'] } };
        run(f).properties.rate = { type: 'number', readOnly: true, 'x-computed': { ratio: ['length', 'hours'] } };
        run(f).properties.wellName = { type: 'string', readOnly: true, 'x-computed': { fromParent: 'name' } };
        well(f).properties.total = { type: 'number', readOnly: true, 'x-computed': { sumOf: { resource: 'run', field: 'length' } } };
        run(f)['x-rules'] = [
          { field: 'start', lte: 'length' },
          { field: 'rest', sumAtMost: { of: ['hours', 'rest'], max: 24 } },
        ];
        run(f)['x-resource'].lock = { field: 'status', value: 'closed', roles: ['admin'], reopen: 'open' };
        tool(f)['x-resource'].record = { summary: ['name'], sections: [{ resource: 'welltool', via: 'tool' }] };
      }),
    ).toEqual([]);
  });
  kinds({
    'difference and ratio of fields that are no numbers, into a field that is none': [
      (f) => {
        run(f).properties.length = { type: 'string', readOnly: true, 'x-computed': { difference: ['done', 'start'] } };
        run(f).properties.rate = { type: 'number', readOnly: true, 'x-computed': { ratio: ['start', 'gone'] } };
      },
      [
        'schemas/run.json#/properties/length/x-computed/difference: difference gives a number: the field must be of type number, not string',
        'schemas/run.json#/properties/length/x-computed/difference/0: "done" is of type boolean: difference needs two number fields',
        'schemas/run.json#/properties/rate/x-computed/ratio/1: "gone" is not a top-level field of run',
      ],
    ],
    'computed fields made from each other in a circle': [
      (f) => {
        run(f).properties.a = { type: 'number', readOnly: true, 'x-computed': { difference: ['b', 'start'] } };
        run(f).properties.b = { type: 'number', readOnly: true, 'x-computed': { ratio: ['a', 'start'] } };
      },
      [
        'schemas/run.json#/properties/a/x-computed: is made from itself: a ← b ← a',
        'schemas/run.json#/properties/b/x-computed: is made from itself: b ← a ← b',
      ],
    ],
    'fromParent on a resource without a parent, of another type, or not readOnly': [
      (f) => {
        well(f).properties.copied = { type: 'string', readOnly: true, 'x-computed': { fromParent: 'name' } };
        run(f).properties.wellDepth = { type: 'string', readOnly: true, 'x-computed': { fromParent: 'depth' } };
        run(f).properties.wellName = { type: 'string', 'x-computed': { fromParent: 'nom' } };
      },
      [
        'schemas/well.json#/properties/copied/x-computed/fromParent: fromParent copies a field of the parent record: the resource needs x-resource.parent',
        'schemas/run.json#/properties/wellDepth/x-computed/fromParent: "depth" of well is of type number, and the field of type string: a copy keeps the type',
        'schemas/run.json#/properties/wellName/x-computed/fromParent: "nom" is not a top-level field of well, the parent',
        'schemas/run.json#/properties/wellName/x-computed: a value the server keeps must be readOnly',
      ],
    ],
    'a status switch on a field that lists no values, for records written through forms and for filled forms': [
      (f) => {
        well(f).properties.fieldList = { type: 'array', 'x-field-definitions': true, items: { type: 'object' } };
        run(f).properties.values = { type: 'object', readOnly: true, 'x-form-values': 'fieldList' };
        run(f)['x-resource'].forms = {
          header: '/run/header',
          add: { form: '/run/addItem', submit: '/run/add' },
          edit: { form: '/run/editItem', submit: '/run/edit' },
          status: { path: '/run/set_status', field: 'start' },
        };
        // The same child also filled in from a well's fields (two uses of one fixture resource).
        Object.assign(run(f).properties, {
          template: { type: 'integer', 'x-ref': 'well' },
          fieldList: { type: 'array', readOnly: true, items: { type: 'object' } },
          answers: { type: 'object', readOnly: true },
          revision: { type: 'integer', readOnly: true },
          by: { type: 'string', readOnly: true },
        });
        run(f)['x-resource'].fills = {
          template: 'template',
          fields: 'fieldList',
          values: 'answers',
          revision: 'revision',
          by: 'by',
          copy: {},
          form: '/run/form',
          submit: '/run/fill',
          status: { path: '/run/fill_status', field: 'nothing' },
        };
      },
      [
        'schemas/run.json#/x-resource/forms/status/field: "start" is not a top-level field with a list of values (enum)',
        'schemas/run.json#/x-resource/fills/status/field: "nothing" is not a top-level field with a list of values (enum)',
      ],
    ],
    'a default on a readOnly field, which every write carrying it would have refused': [
      (f) => {
        well(f).properties.flag = { type: 'integer', enum: [0, 1], default: 0, readOnly: true };
      },
      [
        'schemas/well.json#/properties/flag/default: a readOnly field takes no default: the server keeps its value (x-default or x-computed)',
      ],
    ],
    'a period rule without its parts, a next run of no period, and a scheduled job without its fields or runs': [
      (f) => {
        run(f)['x-rules'] = [{ field: 'done', period: true }];
        Object.assign(run(f).properties, {
          next: {
            type: 'string',
            format: 'date-time',
            readOnly: true,
            'x-computed': { nextRun: { period: 'start', openWhen: { shut: 1 } } },
          },
        });
        well(f)['x-resource'].switch = { path: '/well/show', field: 'name', method: 'GET' };
        well(f)['x-resource'].schedule = { marks: '/well/mark', run: '/well/run', runs: 'nowhere' };
      },
      [
        'schemas/well.json#/x-resource/switch/field: "name" is not a top-level field with a list of values (enum)',
        'schemas/well.json#/x-resource/schedule: a scheduled job needs the top-level fields mark, last_execution_time, next_execution_time, last_result, last_message; missing: mark, last_execution_time, next_execution_time, last_result, last_message',
        'schemas/well.json#/x-resource/schedule/runs: no resource "nowhere"',
        'schemas/run.json#/properties/next/x-computed/nextRun/period: "start" carries no period rule ({"field": "start", "period": true} in x-rules)',
        'schemas/run.json#/properties/next/x-computed/nextRun/openWhen/shut: "shut" is not a top-level field of run',
        'schemas/run.json#/x-rules/0/field: "done" must be a top-level integer field: a period rule stands under the period\'s type',
        'schemas/run.json#/x-rules/0/period: a period reads the top-level integer fields week, day, hour, minute, second; missing or not integers: week, day, hour, minute, second',
      ],
    ],
    'revisionOf on a field that is no integer, of a field that does not exist or of itself, or not readOnly': [
      (f) => {
        well(f).properties.rev = { type: 'string', readOnly: true, 'x-computed': { revisionOf: 'name' } };
        well(f).properties.rev2 = { type: 'integer', readOnly: true, 'x-computed': { revisionOf: 'nom' } };
        well(f).properties.rev3 = { type: 'integer', 'x-computed': { revisionOf: 'rev3' } };
      },
      [
        'schemas/well.json#/properties/rev/x-computed/revisionOf: revisionOf counts changes: the field must be of type integer, not string',
        'schemas/well.json#/properties/rev2/x-computed/revisionOf: "nom" is not a top-level field of well',
        'schemas/well.json#/properties/rev3/x-computed/revisionOf: counts the changes of the field itself',
        'schemas/well.json#/properties/rev3/x-computed: a value the server keeps must be readOnly',
      ],
    ],
    'sumOf over a resource that is no child collection of this one, or a field that is no number': [
      (f) => {
        well(f).properties.total = { type: 'number', readOnly: true, 'x-computed': { sumOf: { resource: 'run', field: 'done' } } };
        run(f).properties.total = { type: 'number', readOnly: true, 'x-computed': { sumOf: { resource: 'well', field: 'depth' } } };
      },
      [
        'schemas/well.json#/properties/total/x-computed/sumOf/field: "done" of run is of type boolean: sumOf adds up numbers',
        'schemas/run.json#/properties/total/x-computed/sumOf/resource: well is not a child collection of run: its x-resource.parent must name run',
      ],
    ],
    'a rule comparing with a value made from other records, and sumAtMost of fields that cannot be added': [
      (f) => {
        run(f).properties.wellDepth = { type: 'number', readOnly: true, 'x-computed': { fromParent: 'depth' } };
        run(f)['x-rules'] = [
          { field: 'start', lte: 'wellDepth' },
          { field: 'start', sumAtMost: { of: ['done', 'wellDepth'], max: 0 } },
        ];
      },
      [
        'schemas/run.json#/x-rules/0/lte: "wellDepth" is worked out from other records, which the console does not have: rules compare values of the record',
        'schemas/run.json#/x-rules/1/sumAtMost/of/0: "done" is of type boolean: sumAtMost adds up numbers',
        'schemas/run.json#/x-rules/1/sumAtMost/of/1: "wellDepth" is set by the server, and rules check what a person gives',
        'schemas/run.json#/x-rules/1/field: a sumAtMost rule stands under one of the fields it adds up (done, wellDepth)',
        'schemas/run.json#/x-rules/1/sumAtMost/max: must be more than 0: the fields cannot be negative and all be given',
      ],
    ],
    'x-assigned on a field that is no reference, naming one that is none, or with no collection linking them': [
      (f) => {
        withTools(f);
        run(f).properties.start['x-assigned'] = 'well';
        run(f).properties.tool['x-assigned'] = 'done';
        run(f).properties.other = { type: 'integer', 'x-ref': 'run', 'x-assigned': 'well' };
      },
      [
        'schemas/run.json#/properties/start/x-assigned: x-assigned is only for an x-ref field or a list of them: it says the records it names must be assigned',
        'schemas/run.json#/properties/tool/x-assigned: "done" must be another x-ref field of run: the record the named one is assigned to',
        'schemas/run.json#/properties/other/x-assigned: no assignment collection assigns run records to well records (x-resource.assign with member "run" and parent "well")',
      ],
    ],
    'an assignment collection whose member, times and member values do not fit': [
      (f) => {
        withTools(f);
        welltool(f).properties.tool = { type: 'integer' };
        welltool(f).properties.until = { type: 'string', format: 'date-time' };
        Object.assign(welltool(f)['x-resource'].assign, {
          since: 'from',
          refuse: { state: [7] },
          onAssign: { colour: 1 },
          onRemove: { name: null },
          memberField: 'state',
        });
      },
      [
        'schemas/welltool.json#/x-resource/assign/member: needs a field "tool" with "x-ref": "tool": each row names the record it assigns',
        'schemas/welltool.json#/x-resource/assign/since: "from" is not a top-level field of welltool',
        'schemas/welltool.json#/x-resource/assign/until: "until" must be a readOnly string of format date-time: the server stamps it',
        "schemas/welltool.json#/x-resource/assign/refuse/state/0: must be one of the field's values (0, 1, 2)",
        'schemas/welltool.json#/x-resource/assign/onAssign/colour: "colour" is not a top-level field of tool',
        'schemas/welltool.json#/x-resource/assign/onRemove/name: "name" is required in tool: it cannot be emptied',
        'schemas/welltool.json#/x-resource/assign/memberField: "state" of tool must be a readOnly string: the server keeps it',
      ],
    ],
    'a lock on a field without the values, or reopening to the closed value': [
      (f) => {
        withTools(f);
        run(f)['x-resource'].lock = { field: 'status', value: 'shut', roles: ['admin'], reopen: 'shut' };
        well(f)['x-resource'].lock = { field: 'name', value: 'x', roles: ['admin'], reopen: 'y' };
      },
      [
        'schemas/well.json#/x-resource/lock/field: "name" must be a field with enum values a person chooses (the closed one and the reopened one)',
        'schemas/run.json#/x-resource/lock/value: must be one of the field\'s values ("open", "closed")',
        'schemas/run.json#/x-resource/lock/reopen: must be one of the field\'s values ("open", "closed")',
        'schemas/run.json#/x-resource/lock/reopen: must be another value than the one that closes the record',
      ],
    ],
    'a section via a field that does not refer to this resource, or that the list cannot filter on': [
      (f) => {
        withTools(f);
        tool(f)['x-resource'].record = {
          summary: ['name'],
          sections: [
            { resource: 'welltool', via: 'well' },
            { resource: 'run', via: 'tool' },
          ],
        };
      },
      [
        'schemas/tool.json#/x-resource/record/sections/0/via: "well" of welltool must refer to tool ("x-ref": "tool")',
        'schemas/tool.json#/x-resource/record/sections/1/via: run needs a filter with op eq on "tool": the section lists its records by it',
      ],
    ],
  });
});

describe('routes.json', () => {
  kinds({
    'a component that is no page or view': [
      (f) => (f.routes[0].children![0].component = 'gallery'),
      [
        'schemas/routes.json#/routes/0/children/0/component: no page or resource view named "gallery" (pages: home, profile; views: resource:<name>:<list|create|edit|show|record|statistics>)',
      ],
    ],
    'a view of a resource that does not exist': [
      (f) => (f.routes[1].children![0].component = 'resource:site:list'),
      ['schemas/routes.json#/routes/1/children/0/component: no resource "site" (no schemas/site.json)'],
    ],
    'a view whose endpoint the resource lacks': [
      (f) => {
        delete well(f)['x-resource'].endpoints.update;
        f.routes[1].children!.push({ path: 'edit/:id', component: 'resource:well:edit' });
      },
      ['schemas/routes.json#/routes/1/children/2/component: the edit view needs an "update" endpoint in well.json'],
    ],
    'a record view of a resource without a record page or an info endpoint': [
      (f) => {
        delete well(f)['x-resource'].record;
        delete well(f)['x-resource'].endpoints.info;
      },
      [
        // A run's reference to its well needs the info endpoint too.
        'schemas/run.json#/properties/well/x-ref: well has no info endpoint; a reference needs list (to choose a record) and info (to show it)',
        'schemas/routes.json#/routes/1/children/1/component: the record view needs an "info" endpoint in well.json',
        'schemas/routes.json#/routes/1/children/1/component: the record view needs x-resource.record in well.json',
      ],
    ],
    'a route that has not the form of a route': [
      (f) => {
        (f.routes[1] as unknown as Record<string, unknown>).icon = 'oil_barrel';
        (f.routes[1].meta as Record<string, unknown>).roles = 'admin';
      },
      ['schemas/routes.json#/routes/1/icon: unknown keyword icon', 'schemas/routes.json#/routes/1/meta/roles: must be a list'],
    ],
    'an icon that is not a Material icon as Google names it': [
      (f) => {
        f.routes[1].meta!.icon = 'oil';
        f.routes[1].children![0].meta!.icon = 'AdminPanelSettings';
      },
      [
        'schemas/routes.json#/routes/1/meta/icon: no Material icon "oil": name a filled icon as Google writes it, such as oil_barrel or admin_panel_settings',
        'schemas/routes.json#/routes/1/children/0/meta/icon: no Material icon "AdminPanelSettings": name a filled icon as Google writes it, such as oil_barrel or admin_panel_settings',
      ],
    ],
  });
});

describe('Material icon names', () => {
  const installed = materialIconComponents();

  it('map to the components of @mui/icons-material, leading numbers spelt out', () => {
    const names = [
      'oil_barrel',
      'admin_panel_settings',
      'menu_book',
      'timer_10',
      'crop_16_9',
      'grid_3x3',
      '3d_rotation',
      '8k_plus',
      '360',
      '30fps_select',
      '4g_mobiledata',
      '18_up_rating',
      '10mp',
      '24mp',
    ];
    const components = names.map(iconComponentName);
    expect(components).toEqual([
      'OilBarrel',
      'AdminPanelSettings',
      'MenuBook',
      'Timer10',
      'Crop169',
      'Grid3x3',
      'ThreeDRotation',
      'EightKPlus',
      'ThreeSixty',
      'ThirtyFpsSelect',
      'FourGMobiledata',
      'EighteenUpRating',
      'TenMp',
      'TwentyFourMp',
    ]);
    expect(components.filter((c) => !installed.has(c!))).toEqual([]);
  });

  it('are only the filled ones, written in snake_case', () => {
    expect(installed.has('OilBarrel')).toBe(true);
    expect(installed.has('OilBarrelOutlined')).toBe(false);
    expect(iconComponentName('OilBarrel')).toBeUndefined();
    expect(iconComponentName('oil__barrel')).toBeUndefined();
  });
});
