// The published OpenAPI document, read from a running server and turned into the list of
// operations the suite fuzzes: their parameters, request body, answer schema and who may call them.
import SwaggerParser from '@apidevtools/swagger-parser';

export type JsonSchema = Record<string, unknown>;

/** Who may call an operation: anyone, any signed-in person, or people with one of these roles. */
export type Access = 'public' | 'signed-in' | string[];

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required: boolean;
  /** An empty value counts as leaving the parameter out. */
  allowEmptyValue: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The path under the document's server URL, as the document writes it. */
  path: string;
  /** "POST /crew/add": how reports name the operation. */
  key: string;
  parameters: Parameter[];
  /** Media type → schema of the request body, when the operation takes one. */
  body?: { required: boolean; content: Record<string, JsonSchema> };
  /** HTTP status ('default' included) → the media types it may carry and the JSON answer's schema. */
  responses: Record<string, Response>;
  access: Access;
  /** False while the document does not say who may call it and the suite assumes. */
  accessDeclared: boolean;
  /** The largest body the operation reads (`x-body-max-bytes`); a larger one is refused first. */
  bodyMaxBytes?: number;
  /** A GET the document says changes what is stored (`x-writes`). */
  writes?: boolean;
  /** A write that changes who may do what (`x-changes-access`): the menu, the roles, the accounts. */
  changesAccess?: boolean;
}

export interface Response {
  /** Declared media types; none declared means the document leaves the body open (a file, say). */
  types: string[];
  json?: JsonSchema;
}

export interface ApiDocument {
  /** Where operations live, e.g. http://127.0.0.1:4000/dev-api. */
  base: string;
  operations: Operation[];
  /** Every answer code the document names (info.description and answer descriptions). */
  codes: Set<number>;
  /** What is wrong with the document itself, in words. */
  problems: string[];
  /** Operations served elsewhere in another dialect (their own `servers`: the REST dialect at /api), not fuzzed here. */
  elsewhere: string[];
}

/** Until the document says who may call an operation, the suite assumes these roles. */
export const ASSUMED_ROLES = ['admin', 'editor'];
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const CODE_PATTERN = /\b[1-9]\d{4}\b/g;

interface RawOperation {
  parameters?: { name: string; in: Parameter['in']; required?: boolean; allowEmptyValue?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
  'x-access'?: unknown;
  'x-body-max-bytes'?: number;
  'x-writes'?: boolean;
  'x-changes-access'?: boolean;
  servers?: { url: string }[];
}

function accessOf(raw: RawOperation, globalSecurity: unknown, key: string, problems: string[]): { access: Access; declared: boolean } {
  const declared = raw['x-access'];
  if (declared === 'public' || declared === 'signed-in') return { access: declared, declared: true };
  if (Array.isArray(declared) && declared.length > 0 && declared.every((role) => typeof role === 'string'))
    return { access: declared, declared: true };
  problems.push(
    declared === undefined
      ? `${key}: no x-access (the suite assumes ${JSON.stringify(ASSUMED_ROLES)}, or public when security is [])`
      : `${key}: x-access ${JSON.stringify(declared)} is neither "public", "signed-in" nor a list of role names`,
  );
  const security = raw.security ?? globalSecurity;
  if (Array.isArray(security) && security.length === 0) return { access: 'public', declared: false };
  return { access: ASSUMED_ROLES, declared: false };
}

/** Fetches `<serverUrl>/dev-api/openapi.json` (or the given path) and reads its operations. */
export async function loadDocument(serverUrl: string, documentPath = '/dev-api/openapi.json'): Promise<ApiDocument> {
  const response = await fetch(`${serverUrl}${documentPath}`);
  if (!response.ok) throw new Error(`${documentPath} answered HTTP ${response.status}`);
  const published = (await response.json()) as {
    servers?: { url: string }[];
    info?: { description?: string };
    security?: unknown;
    paths: Record<string, Record<string, RawOperation>>;
  };
  const document = (await SwaggerParser.dereference(structuredClone(published) as never)) as unknown as typeof published;
  const problems: string[] = [];
  const codes = new Set<number>((document.info?.description ?? '').match(CODE_PATTERN)?.map(Number) ?? []);
  const operations: Operation[] = [];
  const elsewhere: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const key = `${method.toUpperCase()} ${path}`;
      // The envelope dialect's checks do not apply to another dialect's answers.
      if (raw.servers) {
        elsewhere.push(key);
        continue;
      }
      const responses: Operation['responses'] = {};
      for (const [status, answer] of Object.entries(raw.responses ?? {})) {
        for (const code of answer.description?.match(CODE_PATTERN) ?? []) codes.add(Number(code));
        const content = answer.content ?? {};
        responses[status] = { types: Object.keys(content), json: content['application/json']?.schema };
        if ('application/json' in content && !content['application/json'].schema)
          problems.push(`${key}: answer ${status} is JSON without a schema`);
      }
      if (Object.keys(responses).length === 0) problems.push(`${key}: no answers described`);
      const { access, declared } = accessOf(raw, document.security, key, problems);
      const content = Object.fromEntries(Object.entries(raw.requestBody?.content ?? {}).map(([type, media]) => [type, media.schema ?? {}]));
      operations.push({
        method: method.toUpperCase(),
        path,
        key,
        parameters: (raw.parameters ?? []).map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required === true || p.in === 'path',
          allowEmptyValue: p.allowEmptyValue === true,
          schema: p.schema ?? {},
        })),
        body: raw.requestBody ? { required: raw.requestBody.required === true, content } : undefined,
        responses,
        access,
        accessDeclared: declared,
        bodyMaxBytes: typeof raw['x-body-max-bytes'] === 'number' ? raw['x-body-max-bytes'] : undefined,
        writes: raw['x-writes'] === true,
        changesAccess: raw['x-changes-access'] === true,
      });
    }
  }
  const serverPath = document.servers?.[0]?.url ?? '';
  return { base: new URL(serverPath, serverUrl).href.replace(/\/$/, ''), operations, codes, problems, elsewhere };
}

/** Whether a caller with these roles (none: not signed in) may call the operation. */
export function grants(access: Access, roles: string[] | undefined): boolean {
  if (access === 'public') return true;
  if (!roles) return false;
  return access === 'signed-in' || roles.some((role) => access.includes(role));
}

/** The query parameter an operation declares for the session token instead of the header, if any. */
export function queryTokenParameter(operation: Operation): string | undefined {
  return operation.parameters.find((p) => p.in === 'query' && p.name === 'token')?.name;
}
