// A record about a record of any resource (an operation log entry): the field naming the resource
// (`x-resource-name`) and the field holding the record's id (`x-record-of`), checked on a small
// fixture, and the resource's name as an export writes it.
import { describe, expect, it } from 'vitest';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { cellNames } from '../../src/resources/list/cellNames';
import { type Fixture, soundFixture } from '../fixtures/schemas';

/** The problems of the fixture, its well given the two fields `about` and `target` as `change` makes them. */
function problems(change: (props: Record<string, Record<string, unknown>>, f: Fixture) => void): string[] {
  const f = soundFixture();
  const props = f.files['well.json'].properties;
  props.about = { type: 'string', readOnly: true, 'x-resource-name': true };
  props.target = { type: 'integer', readOnly: true, 'x-record-of': 'about' };
  change(props, f);
  return checkSchemas(f.files, f.config, f.routes, f.known).map(formatProblem);
}

describe('x-resource-name and x-record-of', () => {
  it('are sound on a string field naming a resource and an integer field naming it', () => {
    expect(problems(() => {})).toEqual([]);
  });

  it('refuse an id field that names no field marked x-resource-name', () => {
    expect(problems((p) => (p.target['x-record-of'] = 'name'))).toEqual([
      'schemas/well.json#/properties/target/x-record-of: "name" must be a top-level field of this resource marked "x-resource-name": true (it names the resource whose record this is)',
    ]);
    expect(problems((p) => (p.target['x-record-of'] = 'nowhere'))).toHaveLength(1);
  });

  it('refuse fields of the wrong type', () => {
    expect(
      problems((p) => {
        p.about.type = 'integer';
        p.target.type = 'string';
      }),
    ).toEqual([
      'schemas/well.json#/properties/about/x-resource-name: x-resource-name needs a field of type string: it holds the name of a resource',
      'schemas/well.json#/properties/target/x-record-of: x-record-of needs a field of type integer: it holds the id of a record',
    ]);
  });

  it('refuse x-record-of inside a group', () => {
    expect(
      problems((_p, f) => (f.files['well.json'].definitions.contact.properties.seen = { type: 'integer', 'x-record-of': 'about' })),
    ).toEqual([
      'schemas/well.json#/definitions/contact/properties/seen/x-record-of: x-record-of works only on a field written directly in properties, not inside a group or definition',
    ]);
  });

  it('refuse any value of x-resource-name but true', () => {
    const found = problems((p) => (p.about['x-resource-name'] = 'yes'));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.startsWith('schemas/well.json#/properties/about/x-resource-name'))).toBe(true);
  });
});

describe('an export of a field naming a resource', () => {
  it('writes the resource as people read it, in the chosen language', () => {
    const translate = (key: string, options?: Record<string, unknown>) =>
      key === 'resources.crew.name' ? `Crew (${options?.smart_count})` : String(options?._ ?? key);
    const names = cellNames({
      resource: 'oplog',
      translate,
      locale: 'en',
      header: (p) => p,
      options: {},
      config: {},
      dictionary: {},
      references: {},
    });
    expect(names.option('resource', { type: 'string', 'x-resource-name': true }, 'crew')).toBe('Crew (1)');
    expect(names.option('resource', { type: 'string', 'x-resource-name': true }, 'gone')).toBe('gone');
    expect(names.option('user', { type: 'string' }, 'crew')).toBeUndefined();
  });
});
