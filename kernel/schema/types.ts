// The shape of a resource schema file (schemas/<name>.json): JSON Schema draft-07
// plus our own `x-` keywords. schemas/README.md documents every keyword.
import type { UploadAccept } from '../contract/uploads';
import type { ChipColor } from './check-colors';

export type ListShape = 'total-items' | 'list-count' | 'paged' | 'items';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type EndpointKind = 'list' | 'info' | 'add' | 'update' | 'del';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  /** Only for list endpoints: how `data` is laid out. */
  shape?: ListShape;
}

export type FilterOp = 'eq' | 'contains' | 'gte' | 'lte' | 'given';

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

/**
 * A section of a record page: a child collection (a tab with its own list), the records of
 * another resource that refer to this one through their `via` field (a read-only tab: a crew's
 * members, an instrument's wells), or a panel the console registers by name.
 */
export type RecordSection = { resource: string; via?: string } | { panel: string };

/**
 * Records of a child collection that assign other records (`member`, an `x-ref` field) to the
 * parent: a well's instruments, a well's people. The parent takes and gives them back with two
 * calls, each `{id, <idsParam>: [...]}`; an assignment is current from `since` until `until`
 * (stamped on removal, the row kept as history), and the parent cannot be deleted while it has
 * current ones. `exclusive`: a member is on one parent at a time (assigning it elsewhere is
 * refused naming the other parent, unless the call says `move: true`). `refuse`: member field
 * values that cannot be assigned (scrapped instruments). `onAssign`/`onRemove`: member fields set
 * on assignment and on removal. `memberField`: a read-only member field the server keeps as the
 * names of the member's current parents (an instrument's well; a person's wells).
 */
export interface AssignSpec {
  member: string;
  idsParam: string;
  add: Endpoint;
  remove: Endpoint;
  since: string;
  until: string;
  exclusive?: boolean;
  refuse?: Record<string, (string | number)[]>;
  onAssign?: Record<string, string | number | null>;
  onRemove?: Record<string, string | number | null>;
  memberField?: string;
  /** When the add call must say why, and where the row keeps it (see ReasonSpec). */
  reason?: ReasonSpec;
}

/**
 * Assignments that ask for a reason: the add call refuses, without a `reason`, a member that
 * holds one of the `when` values (a person on leave) or lacks a certificate it needs (see
 * CertificatesSpec); with one, the rows keep it in their readOnly string `field`.
 */
export interface ReasonSpec {
  field: string;
  when?: Record<string, (string | number)[]>;
  certificates?: CertificatesSpec;
  /**
   * The member must be fit to use (an instrument: calibrated, its calibration neither failed nor
   * overdue, not overdue for service); one that is not is assigned only with a reason. A list of
   * references that must name members of this collection (`x-assigned`: a trip's instruments)
   * is held to it too, with the reason in its own field of the same name.
   */
  fitness?: boolean;
  /** The role permission (the roles' `access.permissions` field) a reason needs; the super role holds every one. */
  permission?: string;
}

/**
 * The certificates a member needs on its parent: its records of the child collection `resource`
 * (`kind`, an enum field, and `expires`, a date), against the kinds the data dictionary list
 * `list` requires for the member's `by` field value (the item of that key, whose `value` lists
 * kinds separated by commas). Each must be held and not expire before the parent's date field
 * `until` (its planned end; today when it has none).
 */
export interface CertificatesSpec {
  resource: string;
  kind: string;
  expires: string;
  by: string;
  list: string;
  until: string;
}

/**
 * A record that `field` = `value` closes (a completed well): the write that closes it ends every
 * current assignment of its assignment collections at its `date` field (or at the write's time),
 * and while closed it takes no new assignment, nor any new record of the `refuse` resources
 * (which name it through an `x-ref` field).
 */
export interface CloseSpec {
  field: string;
  value: string | number;
  date?: string;
  refuse?: string[];
}

/**
 * A record that `field` = `value` closes (a submitted daily report): only `roles` may change it,
 * and only to set `field` back to `reopen` (with other changes in the same write); nobody may
 * delete it until it is reopened.
 */
export interface LockSpec {
  field: string;
  value: string | number;
  roles: string[];
  reopen: string | number;
  /**
   * Read-only fields the server works out from other records (dotted paths) that a closed record
   * keeps as they were when it was closed; their later values go to `revision`.
   */
  keeps?: string[];
  /** The read-only group field holding those later values and when they came (see LockRevision). */
  revision?: string;
  /** The read-only text field stamped with the username of the person who closed the record, told of a revision. */
  by?: string;
}

/** The values a closed record would have now, beside the ones it keeps (`LockSpec.revision`). */
export interface LockRevision {
  /** When they first differed (ISO 8601). */
  at: string;
  /** One per kept field whose value differs: `value` absent when it has none now. */
  values: { field: string; value?: number }[];
}

/**
 * Records whose values are the fields their parent defines (a group's items, by the group's
 * `typelist`): kept in the field marked `x-form-values`, written through forms the server makes
 * from those fields and the record's own writable ones (its list and info answer the values
 * beside its own fields). The paths of the calls: `header` answers the table's columns
 * for a parent; `add.form` (with the parent's id) and `edit.form` (with the record's) a form
 * definition whose action is `add.submit` or `edit.submit`; `status` sets the field `statusField`.
 */
export interface FormsSpec {
  header: string;
  add: { form: string; submit: string };
  edit: { form: string; submit: string };
  status?: StatusSwitchSpec;
  /** The records switched on of one parent, for everyone to see (see ShownSpec). */
  shown?: ShownSpec;
}

/**
 * GET `path?<key>=<value>`, to any signed-in person: the records of the parent whose top-level
 * `key` field holds the value (a group's `config_name`) that the status switch has set to `on`, in
 * the list's order, with their values; beside them the parent's name and its field definitions.
 * Their files are readable by everyone while they are shown. (Home's slides and notices.)
 */
export interface ShownSpec {
  path: string;
  key: string;
  on: string | number;
}

/** The answer of a ShownSpec's call. */
export interface ShownAnswer {
  name: string;
  fields: { name: string; title: string; type: string }[];
  list: Record<string, unknown>[];
}

/**
 * A call that sets a record's top-level `field` to one of its listed (enum) values: `POST path
 * {id, <field>}`, or with `method` GET, `GET path?id=&<field>=`.
 */
export interface StatusSwitchSpec {
  path: string;
  field: string;
  method?: 'GET' | 'POST';
}

/**
 * Records that are jobs the server runs on a period (scheduled jobs): each record's `mark` (an enum
 * field) names the work, which the server's code does. GET `marks` answers `{<mark>: <name>}` in
 * the person's language; POST `run {id}` runs a job at once; every run is a record of the child
 * collection `runs`.
 */
export interface ScheduleSpec {
  marks: string;
  run: string;
  runs: string;
}

/**
 * Records that are a template's form filled in (an instrument's dossiers): `template` is the
 * `x-ref` field naming the template, whose list field `fields` (marked `x-field-definitions`)
 * defines the form. Filling one keeps a copy of those fields in the record's own `fields`, the
 * values in `values`, the template's revision in `revision`, who filled it in `by`, and the
 * template fields `copy` names (record field → template field). GET `form?tid=&<parent param>=`
 * answers the form definition of the template as it is now; POST `submit?tid=&<parent param>=`
 * takes its values; `status` sets a filled record's status (valid or withdrawn).
 */
export interface FillsSpec {
  template: string;
  fields: string;
  values: string;
  revision: string;
  by: string;
  copy: Record<string, string>;
  form: string;
  submit: string;
  status?: StatusSwitchSpec;
}

/**
 * A record is open while its `until` field is empty (a trip still in the hole); at most one record
 * per value of `onePer` (a well) is open at a time.
 */
export interface OpenSpec {
  until: string;
  onePer: string;
}

/**
 * The records of this resource the server keeps from records of another (a run per instrument per
 * trip): one per item of the source's list field `each`, holding the item in `as` and the source's
 * id in `field`, with the `copy` fields (this resource's field → the source's) following the
 * source. Made, changed and deleted with the source in the same transaction; a person may change
 * the other fields only, and may not delete one.
 */
export interface MadeFromSpec {
  resource: string;
  field: string;
  each: string;
  as: string;
  copy: Record<string, string>;
}

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
  /** The field naming a record whose `recordRepresentation` field is empty (a menu group without a title: its path). */
  representationFallback?: string;
  /** The fields the list's `q` parameter searches: case-insensitive, any of them containing the text. */
  search?: string[];
  /**
   * Found by the header search across everything (`GET /search`): by `fields` (default: `search`),
   * with the `subtitle` fields' values shown under its name.
   */
  find?: { fields?: string[]; subtitle?: string[] };
  parent?: ParentSpec;
  record?: RecordPageSpec;
  /** Sets of fields no two records may share (a well number; a dictionary item's key within its list). */
  unique?: string[][];
  /**
   * Who may call the endpoints when no route shows the resource (a resource a route shows takes
   * that route's roles). Neither: nobody may.
   */
  roles?: string[];
  /** Served by the in-browser mock only (the template endpoints of the wire contract: articles, tables, transactions, user search); the real server has no table or route for it. */
  mockOnly?: boolean;
  /** The resource's statistics screen (`resource:<name>:statistics`) and the call that answers it. */
  statistics?: StatisticsSpec;
  /** This child collection assigns records of another resource to its parent (see AssignSpec). */
  assign?: AssignSpec;
  /** Records a value of one field closes (see LockSpec). */
  lock?: LockSpec;
  /** Records open while a field is empty, at most one per value of another (see OpenSpec). */
  open?: OpenSpec;
  /** Records the server makes from another resource's records (see MadeFromSpec). */
  madeFrom?: MadeFromSpec;
  /** Records a value of one field closes to new assignments and children (see CloseSpec). */
  close?: CloseSpec;
  /** Records written through forms made from the fields their parent defines (see FormsSpec). */
  forms?: FormsSpec;
  /** Records that are a template's form filled in (see FillsSpec). */
  fills?: FillsSpec;
  /** A field the list and the record page show as a switch, set through this call after the "Tip" question. */
  switch?: StatusSwitchSpec;
  /** Records that are jobs the server runs on a period (see ScheduleSpec). */
  schedule?: ScheduleSpec;
  /** This resource holds part of who may see what: the menu, the roles or the accounts (see AccessSpec). */
  access?: AccessSpec;
  /**
   * One record and no more (the system parameters): `info` answers it without an id, every field
   * the record never saved at its `default`; `update` edits it (no id; a stale version refused);
   * no list, add or del. Its edit route has no `:id` (kernel/schema/singleton.ts).
   */
  singleton?: true;
  /** A well's survey: where its stations come from and what is worked out from them (see SurveySpec). */
  survey?: SurveySpec;
  /**
   * The instrument lifecycle (kernel/fleet/lifecycle.ts) runs on these records: `status` is the
   * field holding the lifecycle's status, `hours` the `sumSince` field counting hours since the
   * last repair, whose runs and repairs are the child collections it names.
   */
  /** Stock kept per part and base, moved by the records of other resources (see LedgerSpec). */
  ledger?: LedgerSpec;
  lifecycle?: {
    status: string;
    hours: string;
    /** The date-time field of when the instrument came: days since the last service count from it before any. */
    registered?: string;
    /** The repair records' list field naming the service counters (hours, days, runs) their return resets. */
    resets?: string;
    /**
     * The calibration records (a child collection with `date`, `result` and `nextDue`: kernel/fleet/calibration.ts)
     * and the read-only date field of the instrument the server keeps as the last day of its latest passed calibration.
     */
    calibrations?: { resource: string; until: string };
  };
  seed?: SeedPlan;
}

/** A value of one station of a well's trajectory, as kernel/survey/minimum-curvature.ts works it out. */
export type StationValue = 'tvd' | 'north' | 'east' | 'vs' | 'closure' | 'closureAzi' | 'dls' | 'intervalMaxDls';
/** A figure of a whole well's trajectory (TrajectoryTotals). */
export type TrajectoryFigure = 'md' | 'tvd' | 'closure' | 'closureAzi' | 'maxInclination' | 'maxDls' | 'maxClosure';

/** Three fields of a record that make one survey station: measured depth, inclination, azimuth. */
export interface StationFields {
  md: string;
  inc: string;
  azi: string;
}

/** Records of another resource that carry survey stations of a well (daily reports, runs' MWD stations). */
export interface SurveySource {
  resource: string;
  /** The field naming the well: its id, or, with `wellBy`, the value of that field of the well (a well number). */
  well: string;
  wellBy?: string;
  stations: StationFields[];
  /**
   * Read-only fields of these records the server sets from the well's trajectory at the depth of
   * the record's first station (`intervalMaxDls`: the largest dogleg severity since the record
   * before it), by field path.
   */
  derived?: Record<string, StationValue>;
}

/**
 * On a well resource: its survey. Stations come from an imported listing (`listing`, one record
 * per well, the first to count at a depth), then from `sources` in their order; where two share a
 * depth the earlier wins and the other is reported. `totals` are read-only fields of the well set
 * from its trajectory whenever a station changes (kernel/survey/wells.ts).
 */
export interface SurveySpec {
  /** GET `?id=<well>`: the well's stations with their computed values, totals and merge warnings. */
  trajectory: string;
  /** POST multipart `?id=<well>`: a CSV or XLSX survey listing replacing the well's imported one. */
  import: string;
  /**
   * `history`: the resource keeping each replaced listing (the listing's fields and `replacedAt`):
   * the listing an import or a restore replaced, so that `restore` can bring it back.
   */
  listing: { resource: string; well: string; stations: string; history?: string };
  /** POST multipart `?id=<well>`: what an import of the file would change, writing nothing. */
  preview?: string;
  /** POST `?id=<well>`: the listing the last import or restore replaced becomes the well's again. */
  restore?: string;
  /**
   * Anti-collision (kernel/survey/clearance.ts): GET `path?id=<well>&radius=<m>` scans the well
   * against every well whose wellhead is within the radius. `north` and `east` name the well's
   * fields holding its wellhead on the common grid (m), `holeDiameter` its hole size (mm) and
   * `magnetics` its group {declination, dip, totalField, convergence} the error model reads.
   */
  clearance?: { path: string; north: string; east: string; holeDiameter: string; magnetics: string };
  /** The well's field holding the vertical section's azimuth (°); without a value, the closure direction at the last station. */
  verticalSectionAzimuth?: string;
  /** The well's group field holding a tie-on point {md, tvd, north, east, inc?, azi?}: the computation starts there. */
  tieOn?: string;
  sources: SurveySource[];
  totals: Record<string, TrajectoryFigure>;
}

/**
 * Who sees what, kept as records (server/access/): `menus` are the route tree's entries, `roles`
 * list the entries they may use in their field `menus` (`superRole` sees everything and is never
 * renamed or deleted), and `accounts` are the people, served by the server's accounts instead of
 * the record store, with two calls of their own.
 */
export type AccessSpec =
  | { kind: 'menus' }
  /**
   * `permissions`, when given: the roles' field listing what else each may do (override an
   * instrument's fitness gate); the super role may do all of it, whatever it lists.
   */
  | { kind: 'roles'; superRole: string; menus: string; permissions?: string }
  | { kind: 'accounts'; resetPassword: string; disable: string };

/**
 * The demo data of a resource: `count` generated records, then the `fixed` ones. A child
 * collection may share its `count` among its parents: `perParent` [min, max] records each, for
 * a `parentShare` of them (default all).
 */
export interface SeedPlan {
  count: number;
  fixed?: Record<string, unknown>[];
  perParent?: [number, number];
  parentShare?: number;
  /** Sets of fields no two generated records share, where the server does not require it (an asset number). */
  distinct?: string[][];
  /**
   * A named generator of kernel/demo makes these records instead of the field-by-field faker,
   * where records must agree with each other (wells: trips that follow one another in depth, a
   * daily report for every day of a trip, assignments that match the instruments' statuses).
   */
  generator?: string;
}

/**
 * One entry of a statistics screen: the records counted by the values of a field (`groupBy`), or
 * by ranges of a number field starting at each of the ascending `bins` (the last one open), or the
 * records of another resource that refer to this one and whose date `field` falls within the next
 * `days` days (`expiring`: certificates running out, with the person they belong to).
 */
export type StatisticsEntry =
  | { groupBy: string; resource?: string; sum?: string }
  | { histogram: string; bins: number[] }
  | { expiring: ExpiringSpec }
  | { perMonth: PerMonthSpec }
  | { reliability: ReliabilitySpec }
  | { pareto: ParetoSpec };

/**
 * Failures per 1,000 hours and mean time between failures of the runs of `resource`, grouped by
 * `by` (a top-level field, or a text member of a group: `mudata.type`), over the period asked. The
 * runs' `hours` are worked out between their start and end times (`hoursBetween`): a run counts in
 * the period by its start time, and one still going on counts its hours up to now. A run is a
 * failed one when every field of `failedWhen` holds its value (`{"status": 0}`).
 */
export interface ReliabilitySpec {
  resource: string;
  hours: string;
  by: string;
  failedWhen: Record<string, string | number | boolean>;
}

/**
 * The records of `resource` meeting `when` (failed runs), counted by the free text of `field`
 * (their reason) grouped whatever its case and spacing, most first, with the cumulative share;
 * over the period asked, by their `date`.
 */
export interface ParetoSpec {
  resource: string;
  field: string;
  date: string;
  when: Record<string, string | number | boolean>;
}

/**
 * Records of `resource` (default this one) by the month of their date `field`, over the last
 * `months` months including this one, every month listed even when empty: their count, and the
 * `sum` or the `average` of a number field (footage per month; rate of penetration per month).
 */
export interface PerMonthSpec {
  resource?: string;
  date: string;
  months: number;
  sum?: string;
  average?: string;
}

export interface ExpiringSpec {
  resource: string;
  field: string;
  days: number;
}

export interface StatisticsSpec {
  /** The GET endpoint under /dev-api that answers every entry at once. */
  path: string;
  entries: StatisticsEntry[];
}

/** How a rule compares its field with another: greater than, at least, less than, at most. */
export type RuleComparison = 'gt' | 'gte' | 'lt' | 'lte';
export const RULE_COMPARISONS: readonly RuleComparison[] = ['gt', 'gte', 'lt', 'lte'];

/** The fields a `period` rule reads beside its own: the parts of a scheduled job's period. */
export const PERIOD_PARTS = ['week', 'day', 'hour', 'minute', 'second'] as const;

/**
 * A check across fields of one record (`x-rules`), its error attached to `field`: compared with
 * another field (`{"field": "endcl", "gte": "startcl"}`), or required while other fields hold
 * given values (`{"field": "reason", "requiredWhen": {"status": 0}}`). Fields are dotted paths.
 */
export type FieldRule = {
  field: string;
  requiredWhen?: Record<string, string | number | boolean>;
  /** `field` is required once the other field is given (a trip's end depth, with its trip-out time). */
  requiredWith?: string;
  /** The given fields together (those given) are at most `max` (a day's hours: at most 24). */
  sumAtMost?: { of: string[]; max: number };
  /** `field` is a scheduled job's period type, and the top-level week, day, hour, minute and second its parts (kernel/schedule). */
  period?: true;
  /** `field` is a time log: a list of rows from one clock time to a later one, neither overlapping, covering the day while `coverWhen` holds. */
  timeLog?: TimeLogRule;
  /** `field`, a date or a time, may not be later than now (a repair's return): what has not happened yet cannot be recorded. */
  notFuture?: true;
} & Partial<Record<RuleComparison, string>>;

/** The parts of a time log's rows that hold the clock times ("HH:MM", "24:00" the day's end), and when the rows must fill the day. */
export interface TimeLogRule {
  from: string;
  to: string;
  coverWhen?: Record<string, string | number | boolean>;
}

/** The hours of the rows of a time log (`list`, its `from` and `to`) whose fields hold one of the listed values each. */
export interface LogHoursSpec {
  list: string;
  from: string;
  to: string;
  where: Record<string, (string | number | boolean)[]>;
}

/** A value the server works out from other fields on every write. */
export type ComputedSpec =
  /** The fields' values joined (a device's name from its number type and number). */
  | { concat: string[] }
  /** The hours from the first date-time field to the second, on the field's step; only when both are given. */
  | { hoursBetween: [string, string] }
  /** Another top-level field's value as it is (an accessory's `spec`: the same list as its `rule_value`). */
  | { copy: string }
  /** The first item of a list field (a trip's first instrument, for readers of one). */
  | { first: string }
  /** The first number field minus the second, when both are given (a trip's footage: end depth − start depth). */
  | { difference: [string, string] }
  /** The first number field divided by the second, when both are given and the second is not 0 (footage per hour). */
  | { ratio: [string, string] }
  /** A field of the parent record (a child collection's), copied on every write (a daily report's well, from its trip). */
  | { fromParent: string }
  /** The total of a number field over the child records of `resource` that belong to this one, kept up to date as they change. */
  | { sumOf: { resource: string; field: string } }
  /**
   * The total of a number field over the child records of `resource` whose `time` is after the
   * latest `since.field` among this record's child records of `since.resource` (all of them when
   * none has one): an instrument's hours since its last repair came back.
   */
  | {
      sumSince: {
        resource: string;
        field: string;
        time: string;
        /** `when`: only the records whose list field holds the value count (those without the list count too). */
        since: { resource: string; field: string; when?: Record<string, string> };
      };
    }
  /** 1 for a new record, then one more each time the named field's value changes (a template's revision). */
  | { revisionOf: string }
  /** The next run of a scheduled job: from the period whose type is the field `period` (the fields of a `period` rule), while every `openWhen` field holds its value; empty otherwise. */
  | { nextRun: { period: string; openWhen: Record<string, string | number | boolean> } }
  /** The hours of a time log's rows that match (a daily report's drilling hours, from its log). */
  | { logHours: LogHoursSpec };

/** What an upload field takes: `image` (png, jpg, gif, webp), `document` (PDF, office, text) or `any`. */
export interface UploadSpec {
  accept: UploadAccept;
}

/** How a form lays a field out. Help and placeholder texts are translated under resources.<name>.help.<path> and .placeholders.<path>. */
export interface FieldUi {
  width?: 'full' | 'half' | 'third';
  /** A multi-line text input with this many rows (true: 3). */
  multiline?: boolean | number;
  help?: boolean;
  placeholder?: boolean;
  /** The colour of each option's chip in lists, by option value, where the colour carries meaning. */
  colors?: Record<string, ChipColor>;
  /** An input the console registers by this name instead of the one the type gives (the menu entries' tree, role names, a password). */
  widget?: string;
  /** A date the record stops being valid on (a certificate's expiry): shown as expired once past, as expiring within this many days. */
  expiry?: number;
  /** A top-level boolean field of the record whose true value turns the expiry off (a calibration a later one supersedes). */
  expiryUnless?: string;
  /** A machine name the form makes from this other top-level text field as it is typed, until the person types one of their own. */
  nameOf?: string;
}

export interface FieldSchema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';
  title?: string;
  description?: string;
  enum?: (string | number)[];
  format?: string;
  readOnly?: boolean;
  /** Taken on create only and never answered (an account's initial password). */
  writeOnly?: boolean;
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
  minItems?: number;
  maxItems?: number;
  /** On a list of objects: no two items may have the same value of this key (compared trimmed, ignoring case). */
  'x-unique-by'?: string;
  $ref?: string;
  /** The value a new record gets when the field is left out (the form starts with it too); a list's default is its rows. */
  default?: string | number | boolean | unknown[];
  /**
   * Where the allowed values come from: an option list of GET /config (`brandOption`), or a list
   * of the data dictionary that admins edit at run time (`dict:wellType`).
   */
  'x-options'?: string;
  /** The value is the id of a record of this resource. */
  'x-ref'?: string;
  /** The value is the name of a resource (what an operation log entry is about): shown as that resource's translated name. */
  'x-resource-name'?: true;
  /** The value is a route's title key (`meta.title`, a visit log entry's screen): shown as the route's translated title. */
  'x-route-title'?: true;
  /** The value is the id of a record of the resource that this other top-level field (marked `x-resource-name`) names: linked to the record's page. */
  'x-record-of'?: string;
  /**
   * On an `x-ref` field: the record it names must be, or have been, assigned to the record that
   * this other `x-ref` field of the same record names (a trip's instrument, to its well).
   */
  'x-assigned'?: string;
  /** The field keeping the text an `x-ref` field held before it became a reference, when no record matched it. */
  'x-unlinked-text'?: string;
  /**
   * On an object field: it holds the values of the fields that this list field of the parent
   * record defines (a group's `typelist`), checked against the form made from them.
   */
  'x-form-values'?: string;
  /** On a list field: its items define the fields of a form (name, title, type, options), checked as such. */
  'x-field-definitions'?: boolean;
  /**
   * The value is the URL of a file uploaded to this server, of the kinds `accept` names: chosen
   * with an upload button, shown as a thumbnail, and kept as long as the record names it.
   */
  'x-upload'?: UploadSpec;
  /** The unit of a number, shown beside its input and in its column header; translated under units.<unit>. */
  'x-unit'?: string;
  'x-ui'?: FieldUi;
  /** A readable message for a validation keyword (`pattern`, …), translated under validation.custom.<message>. */
  'x-messages'?: Record<string, string>;
  /** A value computed by the server from other fields; never typed by a person. */
  'x-computed'?: ComputedSpec;
  /** A hint for the fake-data generator (see mock/fake.ts). */
  'x-fake'?: string;
  /** `now`: the server fills the current time when the field is absent on create. */
  'x-default'?: 'now';
}

export interface ResourceSchema extends FieldSchema {
  $schema?: string;
  $id: string;
  /** A note for the people who read the file. */
  $comment?: string;
  definitions?: Record<string, FieldSchema>;
  /** Checks across fields, run by the console and the server alike. */
  'x-rules'?: FieldRule[];
  'x-resource': ResourceMeta;
}

export interface OptionList {
  labelField: string;
  /**
   * The data dictionary list (its code) that holds this option list, which admins extend at run
   * time: GET /config serves its items, and values are checked against them. `items` are then its
   * first items, seeded into it, and what is served while the database has no such list.
   */
  dictionary?: string;
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

/**
 * `x-resource.ledger`: this resource's records are the stock of a part at a base (its fields
 * named here), moved by the records of other resources: each record of a move (or each row of its
 * top-level list `list`) names a `part`, a `base` and a `quantity` under the same names, taken
 * (`sign` -1: a repair's parts) or added (`sign` 1: a receipt). Kept by the server in the same
 * write (server/stock/): a take the stock does not hold is refused naming the part and the base;
 * `lowSince` is stamped when the quantity falls below `reorderLevel`, and the people who may see
 * the parts are told once.
 */
export interface LedgerSpec {
  part: string;
  base: string;
  quantity: string;
  unit: string;
  reorderLevel: string;
  lowSince: string;
  moves: { resource: string; list?: string; sign: -1 | 1 }[];
}
