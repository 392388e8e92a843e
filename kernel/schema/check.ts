// Checks the schema files themselves, so that everything they ask for is something the console,
// the server and the stores can do: first the form of each file (meta-schema.json), then what a
// meta-schema cannot say (a column that is not a field, a reference to a missing resource, a
// route to a view whose endpoint is missing, an icon that does not exist). Each problem names
// the file and a JSON pointer, and says in words what is wrong.
import { fieldProblems, type ResourceContext } from './check-fields';
import { type Found, resourceFormProblems } from './check-form';
import { resourceProblems } from './check-resource';
import { routeProblems } from './check-routes';
import type { ConfigOptions, ResourceSchema, RouteNode } from './types';

export interface SchemaProblem {
  file: string;
  pointer: string;
  message: string;
}

/**
 * The names the schema files may use that are defined elsewhere: in the console, or in installed packages.
 * The console's registrations (pages, panels, widgets) are given where they can be read, in its own tests;
 * the server has none of them, leaves them out, and those names go unchecked at its start.
 */
export interface KnownNames {
  /** The pages a route's component may name besides resource views: those the console registers. */
  pages?: readonly string[];
  /** The panels a record page section may name: those the console registers. */
  panels?: readonly string[];
  /** The widgets a field's `x-ui.widget` may name: those the console registers. */
  widgets?: readonly string[];
  /** The Material icon components the console can load (`OilBarrel`); routes name them as Google does (`oil_barrel`). */
  icons: ReadonlySet<string>;
}

const idOf = (file: string, content: unknown) => {
  const id = (content as { $id?: unknown } | null)?.$id;
  return typeof id === 'string' ? id : file.replace(/\.json$/, '');
};

function checkResource(file: string, ctx: ResourceContext, panels: readonly string[] | undefined): Found[] {
  const problems: Found[] = [];
  if (`${ctx.root.$id}.json` !== file)
    problems.push({ pointer: '/$id', message: `must be the file name without .json ("${file.replace(/\.json$/, '')}")` });
  problems.push(...fieldProblems(ctx));
  try {
    problems.push(...resourceProblems(ctx, panels));
  } catch {
    // A $ref to a missing definition, reported above, leaves no fields to check against.
  }
  return problems;
}

/** Every problem of the schema files; an empty list means they are sound. */
export function checkSchemas(
  files: Record<string, unknown>,
  config: ConfigOptions,
  routes: RouteNode[],
  known: KnownNames,
): SchemaProblem[] {
  const names = new Set(Object.entries(files).map(([file, content]) => idOf(file, content)));
  const resources: Record<string, ResourceSchema> = {};
  const problems: SchemaProblem[] = [];
  const formed: [string, ResourceSchema][] = [];
  for (const [file, content] of Object.entries(files)) {
    const form = resourceFormProblems(content);
    problems.push(...form.map((p) => ({ file, ...p })));
    // The other checks read the file as the types describe it, which only a well-formed file is.
    if (form.length === 0) formed.push([file, (resources[idOf(file, content)] = content as ResourceSchema)]);
  }
  for (const [file, root] of formed) {
    problems.push(
      ...checkResource(file, { root, config, resources, names, widgets: known.widgets }, known.panels).map((p) => ({ file, ...p })),
    );
  }
  const lifecycles = formed.filter(([, root]) => root['x-resource'].lifecycle);
  for (const [file] of lifecycles.slice(1))
    problems.push({
      file,
      pointer: '/x-resource/lifecycle',
      message: `only one resource has the instrument lifecycle (${lifecycles[0][0]} has it)`,
    });
  problems.push(...routeProblems(routes, resources, names, known).map((p) => ({ file: 'routes.json', ...p })));
  return problems;
}

export const formatProblem = (p: SchemaProblem) => `schemas/${p.file}#${p.pointer}: ${p.message}`;
