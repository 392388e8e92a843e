// The form of the schema files, checked against schemas/meta-schema.json, with Ajv's terse
// errors put into words a person can act on: "unknown keyword x-colour", "missing required
// keyword filters", "must be one of "eq", "contains"". A pattern is never quoted: the
// meta-schema says in `errorWords` what it asks for.
import Ajv, { type ErrorObject } from 'ajv';
import metaSchema from '../../schemas/meta-schema.json';

/** A problem inside one file: where (a JSON pointer) and what. */
export interface Found {
  pointer: string;
  message: string;
}

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
ajv.addSchema(metaSchema);
const resourceForm = ajv.getSchema('resource-meta-schema')!;
const routesForm = ajv.compile({ $ref: 'resource-meta-schema#/definitions/routeList' });

/** A key as a JSON pointer writes it. */
export const esc = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};
const typeWords = (type: string | string[]) => (Array.isArray(type) ? type : type.split(',')).map((t) => TYPE_WORDS[t] ?? t).join(' or ');
const values = (list: unknown[]) => list.map((v) => JSON.stringify(v)).join(', ');
const entries = (n: number) => (n === 1 ? 'one entry' : `${n} entries`);

/** Errors that only say a sub-schema failed; the errors under them say why. */
const SUMMARIES = new Set(['if', 'anyOf', 'oneOf', 'not', 'propertyNames']);

function inWords(error: ErrorObject): Found | undefined {
  const params = error.params as Record<string, unknown>;
  const words = (error.parentSchema as { errorWords?: string } | undefined)?.errorWords;
  // An error about a key's name (propertyNames) is about that key, not its object.
  const name = (error as { propertyName?: string }).propertyName;
  const at = name === undefined ? error.instancePath : `${error.instancePath}/${esc(name)}`;
  const found = (message: string, pointer = at): Found => ({ pointer, message });
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = params.additionalProperty as string;
      return found(`unknown keyword ${key}`, `${at}/${esc(key)}`);
    }
    case 'required':
      return found(`missing required keyword ${params.missingProperty as string}`);
    case 'type':
      return found(`must be ${typeWords(params.type as string | string[])}`);
    case 'enum': {
      const allowed = params.allowedValues as unknown[];
      return found(allowed.length === 1 ? `must be ${values(allowed)}` : `must be one of ${values(allowed)}`);
    }
    case 'const':
      return found(`must be ${JSON.stringify(params.allowedValue)}`);
    case 'pattern':
      return found(words ?? 'is not written the expected way');
    case 'minProperties':
    case 'maxProperties':
      return found(words ?? `must have ${error.keyword === 'minProperties' ? 'at least' : 'at most'} ${entries(params.limit as number)}`);
    case 'minItems':
      return found(words ?? (params.limit === 1 ? 'must not be empty' : `must have at least ${entries(params.limit as number)}`));
    case 'maxItems':
      return found(words ?? `must have at most ${entries(params.limit as number)}`);
    case 'minLength':
      return found(params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit as number} characters long`);
    case 'minimum':
      return found(`must be at least ${params.limit as number}`);
    case 'maximum':
      return found(`must be at most ${params.limit as number}`);
    case 'exclusiveMinimum':
      return found(`must be more than ${params.limit as number}`);
    case 'uniqueItems': {
      const [i, j] = [params.i as number, params.j as number].sort((a, b) => a - b);
      return found(`lists the same entry twice (entries ${i} and ${j})`);
    }
    default:
      return SUMMARIES.has(error.keyword) ? undefined : found(error.message ?? 'is not valid');
  }
}

function problemsOf(errors: ErrorObject[] | null | undefined, prefix: string): Found[] {
  const seen = new Set<string>();
  const out: Found[] = [];
  for (const error of errors ?? []) {
    const found = inWords(error);
    if (!found) continue;
    const key = `${found.pointer}\n${found.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer: prefix + found.pointer, message: found.message });
  }
  return out;
}

/** The form problems of a resource schema file; none when it has the form the meta-schema gives. */
export const resourceFormProblems = (schema: unknown): Found[] => (resourceForm(schema) ? [] : problemsOf(resourceForm.errors, ''));

/** The form problems of the route list of routes.json (pointers start at /routes). */
export const routesFormProblems = (routes: unknown): Found[] => (routesForm(routes) ? [] : problemsOf(routesForm.errors, '/routes'));
