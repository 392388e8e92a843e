// `x-resource.survey`, checked against what the server can work out: the listing is a child
// collection of the well holding a list of stations; every source names the well (by id, or by a
// field of the well such as its number); every station field, vertical-section azimuth and tie-on
// value is a number, and so are the clearance scan's wellhead, hole size and field values; and
// what the server sets (the sources' derived fields, the well's totals) is a read-only number, so
// nobody types it.
import type { ResourceContext } from './check-fields';
import type { Found } from './check-form';
import { field, properties } from './registry';
import type { ResourceSchema, StationFields } from './types';

const isNumber = (type: unknown) => type === 'number' || type === 'integer';

/** Why `path` of `root` is not a number field (read-only when `readOnly`), if it is not. */
function numberFieldProblem(root: ResourceSchema, path: string, readOnly = false): string | undefined {
  const found = field(root, path);
  if (!found) return `"${path}" is not a field of ${root.$id}`;
  if (!isNumber(found.schema.type)) return `"${path}" of ${root.$id} is of type ${found.schema.type}: a survey value is a number`;
  if (readOnly && found.schema.readOnly !== true)
    return `"${path}" of ${root.$id} is set by the server from the trajectory: it must be readOnly`;
  return undefined;
}

function stationProblems(root: ResourceSchema, station: StationFields, at: string): Found[] {
  return (['md', 'inc', 'azi'] as const).flatMap((key) => {
    const problem = numberFieldProblem(root, station[key]);
    return problem ? [{ pointer: `${at}/${key}`, message: problem }] : [];
  });
}

export function surveyProblems(ctx: ResourceContext): Found[] {
  const spec = ctx.root['x-resource'].survey;
  if (!spec) return [];
  const out: Found[] = [];
  const at = '/x-resource/survey';
  const add = (pointer: string, message: string | undefined) => message && out.push({ pointer: `${at}${pointer}`, message });
  const own = properties(ctx.root);
  const other = (name: string, pointer: string): ResourceSchema | undefined => {
    if (!ctx.names.has(name)) add(pointer, `no resource "${name}" (no schemas/${name}.json)`);
    return ctx.resources[name];
  };

  const listing = other(spec.listing.resource, '/listing/resource');
  if (listing) {
    const parent = listing['x-resource'].parent;
    if (parent?.resource !== ctx.root.$id || parent.field !== spec.listing.well) {
      add(
        '/listing/well',
        `${spec.listing.resource} must be a child collection of ${ctx.root.$id} through "${spec.listing.well}" (its x-resource.parent)`,
      );
    }
    const list = properties(listing)[spec.listing.stations];
    const items = list?.items && !Array.isArray(list.items) ? list.items : undefined;
    if (list?.type !== 'array' || !items?.properties)
      add('/listing/stations', `"${spec.listing.stations}" of ${spec.listing.resource} must be a list of stations {md, inc, azi}`);
    else
      for (const key of ['md', 'inc', 'azi'])
        if (!isNumber(items.properties[key]?.type))
          add('/listing/stations', `the stations of "${spec.listing.stations}" need a number "${key}"`);
  }
  const history = spec.listing.history && other(spec.listing.history, '/listing/history');
  if (history && listing) {
    const theirs = properties(history);
    const missing = [...Object.keys(properties(listing)), 'replacedAt'].filter((name) => !theirs[name]);
    if (missing.length > 0)
      add('/listing/history', `${spec.listing.history} must hold the listing's fields and replacedAt: no ${missing.join(', ')}`);
    if (history['x-resource'].parent?.resource !== ctx.root.$id || history['x-resource'].parent?.field !== spec.listing.well)
      add('/listing/history', `${spec.listing.history} must be a child collection of ${ctx.root.$id} through "${spec.listing.well}"`);
  }
  if (spec.restore && !spec.listing.history) add('/restore', 'needs listing.history, where the replaced listings are kept');
  if (spec.verticalSectionAzimuth) add('/verticalSectionAzimuth', numberFieldProblem(ctx.root, spec.verticalSectionAzimuth));
  if (spec.tieOn) {
    if (own[spec.tieOn]?.type !== 'object')
      add('/tieOn', `"${spec.tieOn}" must be a group of ${ctx.root.$id} holding md, tvd, north and east`);
    else for (const key of ['md', 'tvd', 'north', 'east']) add('/tieOn', numberFieldProblem(ctx.root, `${spec.tieOn}.${key}`));
  }
  if (spec.clearance) {
    const { north, east, holeDiameter, magnetics } = spec.clearance;
    for (const [key, path] of Object.entries({ north, east, holeDiameter })) add(`/clearance/${key}`, numberFieldProblem(ctx.root, path));
    if (own[magnetics]?.type !== 'object')
      add('/clearance/magnetics', `"${magnetics}" must be a group of ${ctx.root.$id} holding declination, dip, totalField and convergence`);
    else
      for (const key of ['declination', 'dip', 'totalField', 'convergence'])
        add('/clearance/magnetics', numberFieldProblem(ctx.root, `${magnetics}.${key}`));
  }
  spec.sources.forEach((source, i) => {
    const root = other(source.resource, `/sources/${i}/resource`);
    if (!root) return;
    const well = properties(root)[source.well];
    if (!well) add(`/sources/${i}/well`, `"${source.well}" is not a top-level field of ${source.resource}`);
    else if (source.wellBy === undefined && well['x-ref'] !== ctx.root.$id)
      add(
        `/sources/${i}/well`,
        `"${source.well}" of ${source.resource} must refer to ${ctx.root.$id} (x-ref), or say which field of ${ctx.root.$id} it holds (wellBy)`,
      );
    else if (source.wellBy !== undefined && (!own[source.wellBy] || own[source.wellBy].type !== well.type))
      add(`/sources/${i}/wellBy`, `"${source.wellBy}" must be a top-level field of ${ctx.root.$id} of the type of "${source.well}"`);
    source.stations.forEach((station, j) => out.push(...stationProblems(root, station, `${at}/sources/${i}/stations/${j}`)));
    for (const path of Object.keys(source.derived ?? {})) add(`/sources/${i}/derived`, numberFieldProblem(root, path, true));
  });
  for (const name of Object.keys(spec.totals)) add('/totals', numberFieldProblem(ctx.root, name, true));
  return out;
}
