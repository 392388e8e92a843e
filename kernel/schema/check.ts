// Checks the schema files themselves: the meta-schema for their form, then what a
// meta-schema cannot say (a column that is not a field, an option list /config lacks,
// a route naming a missing resource). Each problem names the file and a JSON pointer.
import Ajv from 'ajv';
import metaSchema from '../../schemas/meta-schema.json';
import { parseComponent } from './route-component';
import { fields, properties } from './registry';
import type { ConfigOptions, ResourceSchema, RouteNode } from './types';

export interface SchemaProblem {
  file: string;
  pointer: string;
  message: string;
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validateForm = ajv.compile(metaSchema);

/** What each view of a route needs from its resource's endpoints. */
const VIEW_NEEDS = { list: ['list'], create: ['add'], edit: ['info', 'update'], show: ['info'] } as const;

function checkResource(file: string, schema: ResourceSchema, config: ConfigOptions): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const add = (pointer: string, message: string) => problems.push({ file, pointer, message });

  if (!validateForm(schema)) {
    for (const error of validateForm.errors ?? []) add(error.instancePath || '/', error.message ?? 'invalid');
    return problems;
  }
  if (`${schema.$id}.json` !== file) add('/$id', `must be the file name without .json ("${file.replace(/\.json$/, '')}")`);

  let leafPaths: string[] = [];
  try {
    leafPaths = fields(schema).map((f) => f.path);
  } catch (error) {
    add('/properties', (error as Error).message);
    return problems;
  }
  const known = new Set([...leafPaths, ...Object.keys(properties(schema))]);
  const meta = schema['x-resource'];
  const mustBeField = (pointer: string, name: string) => {
    if (!known.has(name)) add(pointer, `"${name}" is not a field of ${schema.$id}`);
  };
  meta.list.columns.forEach((c, i) => mustBeField(`/x-resource/list/columns/${i}`, c));
  meta.list.sortable.forEach((c, i) => mustBeField(`/x-resource/list/sortable/${i}`, c));
  mustBeField('/x-resource/list/sort/field', meta.list.sort.field);
  meta.filters.forEach((f, i) => mustBeField(`/x-resource/filters/${i}/field`, f.field));
  mustBeField('/x-resource/recordRepresentation', meta.recordRepresentation);
  (schema.required ?? []).forEach((r, i) => mustBeField(`/required/${i}`, r));

  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const list = prop['x-options'];
    if (list && !config[list]) add(`/properties/${name}/x-options`, `"${list}" is not an option list of schemas/config.json`);
    prop['x-computed']?.concat.forEach((part, i) => mustBeField(`/properties/${name}/x-computed/concat/${i}`, part));
  }
  return problems;
}

function checkRoutes(routes: RouteNode[], resources: Record<string, ResourceSchema>, pages: string[], pointer = '/routes'): SchemaProblem[] {
  return routes.flatMap((route, i) => {
    const here = `${pointer}/${i}`;
    const problems: SchemaProblem[] = [];
    if (route.component) {
      const target = parseComponent(route.component);
      if (!target && !pages.includes(route.component)) {
        problems.push({ file: 'routes.json', pointer: `${here}/component`, message: `no page or resource view named "${route.component}"` });
      }
      if (target) {
        const schema = resources[target.resource];
        if (!schema) problems.push({ file: 'routes.json', pointer: `${here}/component`, message: `no schema "${target.resource}"` });
        for (const need of schema ? VIEW_NEEDS[target.view] : []) {
          if (!schema['x-resource'].endpoints[need]) {
            problems.push({ file: 'routes.json', pointer: `${here}/component`, message: `the ${target.view} view needs a "${need}" endpoint in ${target.resource}.json` });
          }
        }
      }
    }
    return [...problems, ...checkRoutes(route.children ?? [], resources, pages, `${here}/children`)];
  });
}

/** Every problem of the schema files; an empty list means they are sound. */
export function checkSchemas(
  files: Record<string, unknown>,
  config: ConfigOptions,
  routes: RouteNode[],
  pages: string[],
): SchemaProblem[] {
  const resources: Record<string, ResourceSchema> = {};
  const problems: SchemaProblem[] = [];
  for (const [file, content] of Object.entries(files)) {
    const schema = content as ResourceSchema;
    problems.push(...checkResource(file, schema, config));
    resources[schema.$id] = schema;
  }
  return [...problems, ...checkRoutes(routes, resources, pages)];
}

export const formatProblem = (p: SchemaProblem) => `schemas/${p.file}#${p.pointer}: ${p.message}`;
