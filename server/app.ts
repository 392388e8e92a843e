// The back-end contract as one Hono app: served over HTTP by server/start.ts,
// and run inside the browser by the mock (mock/index.ts). Same code, so they cannot drift.
import { Hono } from 'hono';
import type { Registry } from '../kernel/schema/registry';
import type { Accounts } from './auth/accounts';
import { API_BASE, Code } from '../kernel/contract/codes';
import { DEFAULT_JSON_BODY_MAX_BYTES, echo } from '../kernel/contract/limits';
import { type AppEnv, fail, isComplete } from './context';
import { createApi } from './http/endpoints';
import { pickLanguage, translator } from './http/messages';
import { registerResource } from './resources/calls';
import { createAssignments } from './assign/assignments';
import { createClosing } from './assign/close';
import { registerDuplicates } from './resources/duplicates';
import { registerSearch } from './search/calls';
import { createRestApi } from './rest/rest';
import { registerConfig } from './resources/config-options';
import { registerDictionary } from './resources/dictionary';
import { registerStatistics } from './statistics/calls';
import { createRelations, type Follower } from './resources/relations';
import { createWellSurveys, surveyedResources } from './survey/wells';
import { registerSurveyCalls } from './survey/calls';
import { registerClearanceCall } from './survey/clearance';
import { revisionNotices } from './survey/revised';
import { accessTables, createAccess } from './access/access';
import { accessGuards, combineGuards } from './access/guards';
import { registerAccountCalls } from './access/account-calls';
import { accessResource, keptByAccounts } from '../kernel/schema/access';
import { viewPaths } from '../kernel/routes/tree';
import { badQueryParam } from './http/request';
import { type AddressOf, registerSession } from './auth/session';
import { registerTemplates } from './resources/templates';
import { registerFormRecords } from './forms/form-records';
import { registerFilledForms } from './forms/filled-forms';
import { registerStatusSwitch } from './forms/form-calls';
import { createScheduler } from './schedule/scheduler';
import { createFleet, fleetNames } from './fleet/register';
import { fitnessGuards, registerFitness, unfitOf } from './fleet/gates';
import { rolePermissions } from './access/role-permissions';
import { createStock } from './stock/register';
import { type Parameters, createParameters } from './settings/parameters';
import { registerScheduleCalls } from './schedule/calls';
import { registerHistory } from './history/register';
import { registerVisits } from './history/visits';
import { registerBackups } from './backups/register';
import type { Backups } from './backups/types';
import { type UploadDeps, registerUploadFiles, registerUploads } from './files/uploads';
import { serverUploads } from './files/node';
import { registerReports } from './files/reports';
import { registerAttachments } from './files/attachments';
import { createFiles } from './files/service';
import { registerNotices } from './notify/register';
import { type People, peopleOf } from './notify/people';
import type { NotifyInput } from './notify/notifications';
import type { NoticeBus } from './notify/bus';
import type { Store } from './store/types';
import { RecordValidator } from '../kernel/schema/validation';
import { actorOf, createWriteService } from './write/service';
import { dailyGuard, footageFollower, hasDailyLog } from './daily/time-log';
import { type SheetReader, inlineSheetReader } from './sheets/reader';
import { registerImport } from './import/calls';
import { registerDailyCharts } from './daily/charts';
import { registerPdfCalls } from './pdf/register';
import type { PdfRenderer } from './pdf/types';

export interface AppDeps {
  /** The system parameters, when shared with what the app is given (the accounts' sign-in limits); else read from `store`. */
  parameters?: Parameters;
  registry: Registry;
  store: Store;
  accounts: Accounts;
  now?: () => Date;
  addressOf?: AddressOf;
  /** Where failures are reported (the Node entry logs them). */
  onError?: (error: unknown) => void;
  /**
   * Where uploaded files live: a storage (the mock's is in memory, files/memory.ts), or the
   * server's directory and database. Without it, the app takes no uploads.
   */
  uploads?: UploadDeps;
  /** The largest JSON body accepted (JSON_BODY_MAX_BYTES). */
  jsonBodyMaxBytes?: number;
  /** Who may be sent messages; by default the accounts. */
  people?: People;
  /** How new messages reach streams on other instances (postgresBus of notify/pg-bus.ts on PostgreSQL); in memory by default. */
  noticeBus?: NoticeBus;
  /** How other instances hear that the menu or the roles changed (another postgresBus channel); this process alone by default. */
  accessSignal?: NoticeBus;
  /** Who makes the database's backups: the SQLite copies of the Node entry, or pg_dump on PostgreSQL; none in the mock. */
  backups?: Backups;
  /**
   * The headers whoever serves the app sets on each of its answers (the Node entry's security
   * headers, web.ts): the JSON answers are made with them at once. None in the mock.
   */
  answerHeaders?: Record<string, string>;
  /** Who makes PDF reports and labels: pdfmake in the Node entry (pdf/node.ts); none in the mock, which then has no PDF calls. */
  pdf?: PdfRenderer;
  /**
   * How uploaded spreadsheets (imports, survey listings) are read: in a worker thread on the Node
   * server (sheets/worker.ts), so that other requests are answered meanwhile; inline by default.
   */
  sheets?: SheetReader;
}

/** Headers as a record with names in lower case, in the order a Headers object lists them. */
const sortedHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers)
      .map(([name, value]) => [name.toLowerCase(), value])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

export function createApp({
  registry,
  store,
  accounts,
  now,
  addressOf = () => 'local',
  onError = console.error,
  uploads,
  jsonBodyMaxBytes = DEFAULT_JSON_BODY_MAX_BYTES,
  people,
  noticeBus,
  accessSignal,
  backups,
  answerHeaders,
  pdf,
  sheets = inlineSheetReader,
  parameters = createParameters({ registry, store }),
}: AppDeps) {
  const app = new Hono<AppEnv>().basePath(API_BASE);
  const validator = new RecordValidator(registry);
  // Who sees what: the stored menu and roles, read once and kept until one changes (access/).
  const access = createAccess({ registry, store, signal: accessSignal, onError });
  const permissions = access;
  const api = createApi(app, accounts, permissions, jsonBodyMaxBytes);
  // Every header of a JSON answer made by ok() and fail() (context.ts), when the app is served
  // with headers of its own; names in lower case and in order, as they went out when they were
  // set one by one on each answer.
  const jsonHeaders = answerHeaders && sortedHeaders({ 'Cache-Control': 'no-store', 'Content-Type': 'application/json', ...answerHeaders });
  app.use(async (c, next) => {
    const language = pickLanguage(c.req.header('Accept-Language'));
    c.set('language', language);
    c.set('t', translator(language));
    const broken = badQueryParam(c.req.url);
    // (This refusal goes out without Cache-Control, as it always has; the server adds its own headers to it.)
    if (broken !== undefined) return fail(c, Code.invalidQuery, c.get('t')('server.bad_query_text', { param: broken }));
    if (jsonHeaders) c.set('jsonHeaders', jsonHeaders);
    await next();
    if (isComplete(c.res)) return;
    // Answers are about one person's data at one moment: never kept by a browser or a proxy.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // Every write a person makes through `store` from here on is kept in the operation log (its
  // calls registered after the middleware above, which gives each request its language).
  store = registerHistory(api, { registry, store: access.watch(store), accounts, now });
  // Sign-outs end the session's event streams, which are registered further down.
  const signOuts: ((token: string) => void)[] = [];
  registerSession(api, accounts, addressOf, access, (token) => signOuts.forEach((signedOut) => signedOut(token)));
  registerVisits(api, { registry, store, now });
  registerBackups(api, { registry, backups });
  const files = uploads && createFiles({ storage: 'db' in uploads ? serverUploads(uploads) : uploads, registry, store, permissions });
  // The instruments' hours, status lifecycle, due dates and daily check (fleet/).
  const fleet = createFleet({ registry, store, parameters, files, now: now ?? (() => new Date()) });
  if (files) {
    registerUploadFiles(api, files);
    registerUploads(api, files);
    if (registry.resources.device)
      registerReports(api, {
        files,
        store,
        resource: 'device',
        base: '/device/report',
        // Declared below; called only once requests come in. A report becomes the certificate of a
        // calibration record with the result "unknown", written through the write service.
        onFiled: async (id, c) => void (await fleet.adoptReports(writes, actorOf(c), id)),
        certificates: {
          list: (id) => fleet.certificates(writes, actorOf)?.list(id) ?? Promise.resolve([]),
          remove: (upload, c) => fleet.certificates(writes, actorOf)?.remove(upload, c) ?? Promise.resolve({ missing: true }),
        },
      });
    registerAttachments(api, { files, registry, store });
  }
  // A renamed parent refreshes the names its members show (assignments.ts).
  // An instrument not fit to go is sent only with a reason, by a role allowed to override (fleet/gates.ts).
  const mayDo = rolePermissions(registry);
  const unfit = unfitOf(fleet);
  const assignments = createAssignments(registry, now, { unfit, mayDo });
  // What follows a change of other records inside the write's transaction (relations.ts Follower).
  // A closed record (a completed well) releases what is assigned to it and takes no new children (assign/close.ts).
  const closing = createClosing(registry, assignments.release);
  const followers: Follower[] = [...fleet.followers, assignments.follower, closing.follower];
  // Wells keep their trajectory's values as their stations change (survey/).
  // A submitted report they revise is told to whoever submitted it, through the notices made below.
  const told: { notify?: (input: NotifyInput) => Promise<number> } = {};
  const clearanceChecks = new Map<string, (wellIds: number[]) => Promise<void>>();
  const wellSurveys = surveyedResources(registry).map(({ resource, spec }) =>
    createWellSurveys(resource, spec, {
      registry,
      now,
      onRevised: revisionNotices(registry, resource, () => told.notify),
      // A new station below a clearance threshold is told (survey/clearance.ts), once the call exists.
      onStationsChanged: async (ids) => clearanceChecks.get(resource)?.(ids),
    }),
  );
  followers.push(...wellSurveys.map((wells) => wells.follower));
  // Daily reports keep each day's footage from the depths of the days before (daily/).
  const dailyLog = hasDailyLog(registry);
  if (dailyLog) followers.push(footageFollower());
  const relations = createRelations(registry, followers);
  /** Everyone whose role may use a resource: whom news about its records is told to. */
  const mayUseResource = async (resource: string) => {
    const usernames = new Set<string>();
    for (const role of await access.roleNames())
      if (await permissions.mayUse([role], resource))
        for (const person of await (people ?? peopleOf(accounts)).withRole(role)) usernames.add(person.username);
    return [...usernames].sort();
  };
  // Spare parts in stock: repairs take the parts they use, receipts add them; a part falling low is told once (stock/).
  const stock = createStock({
    registry,
    now: now ?? (() => new Date()),
    store,
    notify: () => told.notify,
    recipients: mayUseResource,
  });
  registerDictionary(api, registry, store);
  registerDuplicates(api, registry, store);
  registerSearch(api, { registry, store, routesFor: access.routesFor, mayUse: permissions.mayUse });
  registerConfig(api, registry, store);
  registerStatistics(api, registry, store, now);
  fleet.registerCalls(api);
  const fleetDevice = fleetNames(registry)?.device;
  if (fleetDevice) registerFitness(api, fleetDevice, fleet, now ?? (() => new Date()));
  stock.registerCalls(api);
  registerTemplates(api, registry);
  const tables = accessTables(registry);
  const guards = combineGuards(
    tables && accessGuards(tables, accounts),
    fleet.guards,
    fitnessGuards(registry, unfit, mayDo, now ?? (() => new Date())),
    stock.guards,
    closing.guards,
    dailyLog ? { daily: dailyGuard(now ?? (() => new Date()), assignments.takeBack) } : undefined,
  );
  if (dailyLog) registerDailyCharts(api, store);
  // Every write of a record, by any call below, goes through this one service (write/service.ts).
  const writes = createWriteService({ registry, store, validator, relations, guards, files: files?.records, now });
  // A saved parameter is used at once on this instance (other instances read it again within seconds).
  const resourceDeps = { store, writes, validator, onSingletonWrite: () => parameters.forget() };
  // The accounts' calls are the accounts' own (below); every other resource's are generic.
  const byRecords = Object.entries(registry.resources).filter(([, schema]) => !keptByAccounts(schema));
  for (const [name, schema] of byRecords) registerResource(api, name, schema, resourceDeps);
  assignments.register(api, writes);
  for (const wells of wellSurveys) registerSurveyCalls(api, { registry, store, writes, wells, sheets, now: now ?? (() => new Date()) });
  if (pdf) registerPdfCalls(api, { registry, store, renderer: pdf, parameters, files, wellSurveys });
  registerImport(api, { registry, store, writes, permissions, sheets, now: now ?? (() => new Date()) });
  for (const wells of wellSurveys) {
    const clearance = registerClearanceCall(api, {
      registry,
      store,
      wells,
      parameters,
      notify: () => told.notify,
      recipients: mayUseResource,
    });
    if (clearance) clearanceChecks.set(wells.resource, clearance.check);
  }
  registerFormRecords(api, { registry, store, writes, files: files?.records });
  registerFilledForms(api, { registry, store, writes, files: files?.records });
  for (const [name, schema] of byRecords) {
    const spec = schema['x-resource'].switch;
    if (spec) registerStatusSwitch(api, { name, schema, writes, spec, answer: (row) => row });
  }
  // Messages, notifications and their stream; `notices.notify(...)` tells people things (server/notify/notifications.ts).
  const notices = registerNotices(api, {
    registry,
    store,
    accounts,
    now,
    bus: noticeBus,
    people: people ?? peopleOf(accounts),
    roleNames: access.roleNames,
  });
  told.notify = notices && ((input) => notices.notify(input));
  if (notices) signOuts.push(notices.endSession);
  const accountsResource = accessResource(registry, 'accounts');
  if (accountsResource) {
    const { name, schema, spec } = accountsResource;
    const link = viewPaths(registry.routes)[name]?.list;
    registerAccountCalls(api, {
      ...{ name, schema, spec, accounts, validator, link },
      roleNames: access.roleNames,
      superRole: access.superRole,
      notify: notices && ((input) => notices.notify(input)),
      writes,
    });
  }
  // Built here, started by the Node entry: the mock and the tests run jobs only when asked. A
  // failed run is told to the admins.
  const work = fleet.jobWork(writes, notices && ((input) => notices.notify(input)), people ?? peopleOf(accounts), permissions, () =>
    access.roleNames(),
  );
  const scheduler = createScheduler({
    registry,
    store,
    now,
    parameters,
    work,
    sweepUploads: files?.sweep,
    pruneSignIns: (before) => accounts.pruneSignIns(before),
    onError,
    onFailure: notices && ((failure) => notices.notify(failure)),
  });
  registerScheduleCalls(api, registry, scheduler);
  // Built on first request, when every operation (itself included) has been declared. Its code
  // (with the demo data's, which makes its example records) is loaded only then.
  let openApi: Record<string, unknown> | undefined;
  api.on({ method: 'GET', path: '/openapi.json', access: 'public', doc: { tags: ['document'], summary: 'This document' } }, async (c) => {
    openApi ??= (await import('./http/openapi')).openApiDocument(registry, api.operations, permissions);
    return c.json(openApi);
  });

  // A stranger learns nothing of which paths exist: without a session every path asks for one.
  app.notFound(async (c) => {
    const t = c.get('t') ?? translator('en');
    const session = await accounts.check(c.req.header('X-Token'));
    if ('problem' in session)
      return fail(
        c,
        session.problem === 'expired' ? Code.tokenExpired : Code.tokenInvalid,
        t(session.problem === 'expired' ? 'server.token_expired' : 'server.token_invalid'),
      );
    return fail(c, Code.notFound, t('server.no_endpoint', { path: echo(c.req.path) }));
  });
  app.onError((error, c) => {
    onError(error);
    const t = c.get('t') ?? translator('en');
    return c.json({ code: Code.internal, message: t('server.internal') }, 500);
  });
  /**
   * Works out again every value kept from other records (after demo data is loaded, or on an
   * install made before they were kept); `pause`, between two records, lets requests in meanwhile.
   */
  const settle = async (pause?: () => Promise<void>) => {
    for (const wells of wellSurveys) await wells.refreshAll(store, pause);
    await fleet.settle(pause);
  };
  /**
   * The calibration reports filed before instruments had calibration records become the
   * certificates of records with the result "unknown", for an admin to complete (logged under
   * `by`, an admin); answers how many records it made.
   */
  const adoptReports = (by = 'migration') =>
    fleet.adoptReports(writes, { user: { name: by, username: by, roles: ['admin'] }, t: translator('en'), language: 'en' });
  // The same resources in ra-data-simple-rest's dialect, at /api (rest/rest.ts).
  const rest = createRestApi({ registry, store, writes, accounts, permissions, onError, jsonBodyMaxBytes });
  return Object.assign(app, { scheduler, notices, parameters, access, settle, adoptReports, fleet, rest });
}

export type App = ReturnType<typeof createApp>;
