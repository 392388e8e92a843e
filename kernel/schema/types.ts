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

/** What happens to a child collection's records when their parent record is deleted. */
export type OnParentDelete = 'refuse' | 'cascade';

/**
 * A child collection: every record belongs to one record of `resource`, whose id it keeps in
 * `field` (an `x-ref` field). Its list endpoint takes the parent's id in `param` (default `id`).
 */
export interface ParentSpec {
  resource: string;
  field: string;
  param?: string;
  /** Default `refuse`: a parent that still has children cannot be deleted. */
  onParentDelete?: OnParentDelete;
}

/** A section of a record page: a child collection (a tab with its own list), or a panel the console registers by name. */
export type RecordSection = { resource: string } | { panel: string };

export interface RecordPageSpec {
  /** The fields shown at the top of the page, in order. */
  summary: string[];
  sections: RecordSection[];
}

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
  /** The fields the list's `q` parameter searches: case-insensitive, any of them containing the text. */
  search?: string[];
  parent?: ParentSpec;
  record?: RecordPageSpec;
  /** Sets of fields no two records may share (a well number; a dictionary item's key within its list). */
  unique?: string[][];
  seed?: { count: number; fixed?: Record<string, unknown>[] };
}

/** How a form lays a field out. Help and placeholder texts are translated under resources.<name>.help.<path> and .placeholders.<path>. */
export interface FieldUi {
  width?: 'full' | 'half' | 'third';
  /** A multi-line text input with this many rows (true: 3). */
  multiline?: boolean | number;
  help?: boolean;
  placeholder?: boolean;
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
  /** The value a new record gets when the field is left out (the form starts with it too). */
  default?: string | number | boolean;
  /**
   * Where the allowed values come from: an option list of GET /config (`brandOption`), or a list
   * of the data dictionary that admins edit at run time (`dict:wellType`).
   */
  'x-options'?: string;
  /** The value is the id of a record of this resource. */
  'x-ref'?: string;
  /** The unit of a number, shown beside its input and in its column header; translated under units.<unit>. */
  'x-unit'?: string;
  'x-ui'?: FieldUi;
  /** A readable message for a validation keyword (`pattern`, …), translated under validation.custom.<message>. */
  'x-messages'?: Record<string, string>;
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
