// The shape of a resource schema file (schemas/<name>.json): JSON Schema draft-07
// plus our own `x-` keywords. schemas/README.md documents every keyword.

export type ListShape = 'total-items' | 'list-count' | 'paged' | 'items';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type EndpointKind = 'list' | 'info' | 'add' | 'update' | 'del';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  /** Only for list endpoints: how `data` is laid out. */
  shape?: ListShape;
}

export type FilterOp = 'eq' | 'contains' | 'gte' | 'lte';

export interface FilterSpec {
  /** The query parameter the legacy API takes (and react-admin's filter key). */
  param: string;
  /** The record field it applies to. */
  field: string;
  op: FilterOp;
  alwaysOn?: boolean;
  /** A value meaning "no filter" (brand 0 means all). */
  all?: string | number;
}

export interface SortSpec {
  field: string;
  order: 'ASC' | 'DESC';
}

export interface ResourceMeta {
  endpoints: Partial<Record<EndpointKind, Endpoint>>;
  list: { columns: string[]; sortable: string[]; sort: SortSpec; perPage: number };
  filters: FilterSpec[];
  recordRepresentation: string;
  seed?: { count: number; fixed?: Record<string, unknown>[] };
}

export interface FieldSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  title?: string;
  description?: string;
  enum?: (string | number)[];
  format?: string;
  readOnly?: boolean;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: FieldSchema;
  uniqueItems?: boolean;
  $ref?: string;
  /** Name of an option list of GET /config whose keys are the allowed values. */
  'x-options'?: string;
  /** A value computed by the server from other fields; never typed by a person. */
  'x-computed'?: { concat: string[] };
  /** A hint for the fake-data generator (see mock/fake.ts). */
  'x-fake'?: string;
  /** `now`: the server fills the current time when the field is absent on create. */
  'x-default'?: 'now';
}

export interface ResourceSchema extends FieldSchema {
  $schema?: string;
  $id: string;
  definitions?: Record<string, FieldSchema>;
  'x-resource': ResourceMeta;
}

export interface OptionList {
  labelField: string;
  items: Record<string, string | number>[];
}
export type ConfigOptions = Record<string, OptionList>;

export interface RouteMeta {
  title?: string;
  icon?: string;
  roles?: string[];
  affix?: boolean;
  noCache?: boolean;
}

export interface RouteNode {
  path: string;
  name?: string;
  redirect?: string;
  component?: string;
  hidden?: boolean;
  async?: boolean;
  meta?: RouteMeta;
  children?: RouteNode[];
}

/** One leaf field of a resource, nested groups flattened to dotted paths (`leader.name`). */
export interface Field {
  path: string;
  schema: FieldSchema;
  required: boolean;
}
