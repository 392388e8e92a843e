// A resource of one record (`x-resource.singleton`): settings kept in the database, such as the
// system parameters. It has no list of records to choose from, so its calls and its screen take no
// id: `info` answers the record, each field it never saved at the schema's `default`, and `update`
// edits it. What such a schema must say for that to work is checked here with the other checks.
import type { ResourceContext } from './check-fields';
import type { Found } from './check-form';
import { properties } from './registry';
import type { EndpointKind, ResourceSchema } from './types';

/** The id the one record is answered with, whatever the store numbered it. */
export const SINGLETON_ID = 1;

/** The version of the record before anything was saved: an update sent with it creates the record. */
export const UNSAVED_VERSION = 0;

export const isSingleton = (schema: ResourceSchema | undefined): boolean => schema?.['x-resource'].singleton === true;

/** The keywords of many records that one record has no use for. */
const MANY_RECORD_KEYS = [
  'parent',
  'record',
  'statistics',
  'assign',
  'lock',
  'forms',
  'fills',
  'switch',
  'schedule',
  'unique',
  'search',
  'find',
  'access',
] as const;

/** Why this schema cannot be a singleton; none when it is not one, or can be. */
export function singletonProblems({ root }: ResourceContext): Found[] {
  const meta = root['x-resource'];
  if (!isSingleton(root)) return [];
  const out: Found[] = [];
  const add = (pointer: string, message: string) => out.push({ pointer: `/x-resource/${pointer}`, message });
  for (const kind of ['list', 'add', 'del'] as EndpointKind[]) {
    if (meta.endpoints[kind]) add(`endpoints/${kind}`, `a singleton has one record: no "${kind}" endpoint (only info and update)`);
  }
  for (const kind of ['info', 'update'] as EndpointKind[]) {
    if (!meta.endpoints[kind]) add('endpoints', `a singleton needs an "${kind}" endpoint`);
  }
  for (const key of MANY_RECORD_KEYS) {
    if (meta[key as keyof typeof meta] !== undefined) add(key, `a singleton has one record: ${key} is for resources of many`);
  }
  if (meta.seed && (meta.seed.count !== 0 || meta.seed.fixed?.length))
    add('seed', 'a singleton is not seeded: its defaults answer until it is saved (seed.count 0, no fixed records)');
  for (const [name, prop] of Object.entries(properties(root))) {
    // An uploaded file has no default: the field is empty until someone uploads one.
    if (name === 'id' || prop.readOnly || prop['x-upload']) continue;
    if (prop.default === undefined)
      out.push({
        pointer: `/properties/${name}`,
        message: 'every field of a singleton needs a default: it is the value until someone saves another',
      });
  }
  return out;
}
