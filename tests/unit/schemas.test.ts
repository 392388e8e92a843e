import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkSchemas, formatProblem } from '../../kernel/schema/check';
import { SCHEMA_DIR, readSchemaFiles } from '../../kernel/schema/load-node';
import { PAGES } from '../../kernel/schema/route-component';
import type { ConfigOptions, RouteNode } from '../../kernel/schema/types';

const config = JSON.parse(readFileSync(join(SCHEMA_DIR, 'config.json'), 'utf8')) as ConfigOptions & { $comment?: string };
delete config.$comment;
const routes = (JSON.parse(readFileSync(join(SCHEMA_DIR, 'routes.json'), 'utf8')) as { routes: RouteNode[] }).routes;
const files = readSchemaFiles();
const clone = <T>(value: T): T => structuredClone(value);

describe('the schema files', () => {
  it('are all sound', () => {
    const problems = checkSchemas(files, config, routes, PAGES).map(formatProblem);
    expect(problems).toEqual([]);
  });

  it('include crew and device, the resources proved end to end', () => {
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['crew.json', 'device.json']));
  });

  it('name the file and the JSON pointer of a column that is not a field', () => {
    const broken = clone(files);
    (broken['device.json'] as { 'x-resource': { list: { columns: string[] } } })['x-resource'].list.columns.push('colour');
    const problems = checkSchemas(broken, config, routes, PAGES);
    expect(problems.map(formatProblem)).toEqual(['schemas/device.json#/x-resource/list/columns/10: "colour" is not a field of device']);
  });

  it('name the pointer of a form error found by the meta-schema', () => {
    const broken = clone(files);
    (broken['crew.json'] as { 'x-resource': { endpoints: { list: { shape: string } } } })['x-resource'].endpoints.list.shape = 'rows';
    const [problem] = checkSchemas(broken, config, routes, PAGES);
    expect(problem).toMatchObject({ file: 'crew.json', pointer: '/x-resource/endpoints/list/shape' });
  });

  it('refuse an unknown x- keyword and an unknown option list', () => {
    const broken = clone(files);
    const props = (broken['device.json'] as { properties: Record<string, Record<string, unknown>> }).properties;
    props.brand['x-options'] = 'colourOption';
    expect(checkSchemas(broken, config, routes, PAGES).map(formatProblem)).toEqual([
      'schemas/device.json#/properties/brand/x-options: "colourOption" is not an option list of schemas/config.json',
    ]);
    props.brand['x-colour'] = 'red';
    expect(checkSchemas(broken, config, routes, PAGES)[0]).toMatchObject({ file: 'device.json', pointer: '/properties/brand' });
  });

  it('refuse a file whose $id is not its name', () => {
    const broken = { 'crews.json': files['crew.json'] };
    expect(checkSchemas(broken, config, [], PAGES).map(formatProblem)).toContain('schemas/crews.json#/$id: must be the file name without .json ("crews")');
  });

  it('refuse a route to a view whose endpoint the schema lacks, or to an unknown page', () => {
    const broken = clone(routes);
    broken[0].children![0].component = 'resource:transaction:edit';
    broken[1].children![0].component = 'gallery';
    expect(checkSchemas(files, config, broken, PAGES).map(formatProblem)).toEqual([
      'schemas/routes.json#/routes/0/children/0/component: the edit view needs a "info" endpoint in transaction.json',
      'schemas/routes.json#/routes/0/children/0/component: the edit view needs a "update" endpoint in transaction.json',
      'schemas/routes.json#/routes/1/children/0/component: no page or resource view named "gallery"',
    ]);
  });
});
