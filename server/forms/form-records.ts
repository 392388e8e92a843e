// The calls of records written through forms the server makes (`x-resource.forms`: a group's
// items, whose fields the group defines): the table's columns for a parent, the add and edit form
// definitions, their submissions (checked against the same form before anything is stored), and
// the status switch. Listing and deleting are the resource's ordinary endpoints, which answer
// each record's values beside its own fields.
import { Code } from '../../kernel/contract/codes';
import {
  flattenRecord,
  formValuesField,
  ownFormFields,
  parentDefined,
  recordFormRules,
  splitSubmission,
} from '../../kernel/forms/record-form';
import type { FieldDefinition, FormDefinition } from '../../kernel/forms/types';
import { formProblems } from '../../kernel/forms/validate';
import { withDefaults } from '../../kernel/schema/derive';
import { parentParam as parentParamOf } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { properties } from '../../kernel/schema/registry';
import type { FormsSpec, ShownAnswer, ShownSpec } from '../../kernel/schema/types';
import { type AppContext, fail, ok } from '../context';
import { answerWrite } from '../write/answer';
import { type Outcome, actorOf, type WriteService } from '../write/service';
import type { Api } from '../http/endpoints';
import { FORM_DEFINITION_DOC, FORM_HEADER_DOC, submissionDoc } from './form-record-docs';
import { idParameter } from '../resources/docs';
import { readJson, refuseBody } from '../http/request';
import type { RecordFiles } from '../files/record-files';
import { IMAGE_TYPES, idIn, imageFiles, kept, notFound, refuse, registerStatusSwitch } from './form-calls';
import type { Row, Store } from '../store/types';

/** One column of a form-record table: a field (`key`) or a cell the console draws (`slot`). */
export interface HeaderItem {
  key?: string;
  slot?: string;
  title: string;
  minWidth: number;
  type?: string;
}

interface Deps {
  registry: Registry;
  store: Store;
  /** Where the submissions are written (server/write/service.ts). */
  writes: WriteService;
  /** The uploaded files records name (when the app takes uploads): an image field's files belong to its record. */
  files?: RecordFiles;
}

export function registerFormRecords(api: Api, deps: Deps) {
  for (const [name, schema] of Object.entries(deps.registry.resources)) {
    const spec = schema['x-resource'].forms;
    if (spec) registerOne(api, name, spec, deps);
  }
}

function registerOne(api: Api, name: string, spec: FormsSpec, { registry, store, writes, files }: Deps) {
  const schema = registry.resources[name];
  const parent = schema['x-resource'].parent!;
  const values = formValuesField(schema)!;
  const parentParam = parentParamOf(schema)!;
  const access = { resource: name };
  const tags = [name];

  const fieldsOf = (parentRow: Row) =>
    Array.isArray(parentRow[values.definedBy]) ? (parentRow[values.definedBy] as FieldDefinition[]) : [];
  const definition = (c: AppContext, parentRow: Row, record: Record<string, unknown> | undefined, action: string): FormDefinition => {
    const t = c.get('t');
    const parentName = String(parentRow[registry.resources[parent.resource]['x-resource'].recordRepresentation] ?? parentRow.id);
    return {
      rules: recordFormRules(name, schema, fieldsOf(parentRow), t, record),
      title: t(record ? 'forms.edit_title' : 'forms.add_title', { name: parentName }),
      action,
      method: 'POST',
      info: typeof parentRow.info === 'string' ? parentRow.info : '',
      status: true,
    };
  };
  /** The problems of a submission against the form of the parent's fields. */
  const check = (c: AppContext, parentRow: Row, body: Record<string, unknown>) =>
    formProblems(
      { rules: recordFormRules(name, schema, fieldsOf(parentRow), c.get('t')), title: '' },
      withDefaults(schema, body),
      c.get('language'),
      c.get('t'),
    );
  const namedFiles = (parentRow: Row, given: Record<string, unknown>, before?: Record<string, unknown>) =>
    imageFiles(values.field, fieldsOf(parentRow), given, before);

  api.on(
    {
      method: 'GET',
      path: spec.header,
      access,
      doc: {
        tags,
        summary: `The columns of a table of ${name} records for one ${parent.resource}`,
        parameters: [idParameter(parentParam)],
        data: FORM_HEADER_DOC,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const gid = idIn(c, parentParam);
      if (gid instanceof Response) return gid;
      const parentRow = await store.get(parent.resource, gid);
      if (!parentRow) return notFound(c, parent.resource, gid);
      const t = c.get('t');
      const title = (field: string) => t(`resources.${name}.fields.${field}`, { _: field });
      const statusField = spec.status?.field;
      const own = Object.keys(properties(schema)).filter(
        (field) => field !== parent.field && field !== values.field && field !== statusField,
      );
      const header: HeaderItem[] = [
        ...own.slice(0, 1).map((key) => ({ key, title: title(key), minWidth: 70 })),
        ...parentDefined(schema, fieldsOf(parentRow)).map((f) => ({
          key: f.name,
          title: f.title,
          minWidth: IMAGE_TYPES.has(f.type) ? 100 : 160,
          type: IMAGE_TYPES.has(f.type) ? 'image' : f.type,
        })),
        ...own.slice(1).map((key) => ({ key, title: title(key), minWidth: 120 })),
        ...(statusField ? [{ slot: statusField, title: title(statusField), minWidth: 100, type: 'switch' }] : []),
        { slot: 'action', title: t('forms.actions'), minWidth: 140 },
      ];
      return ok(c, { header });
    },
  );

  api.on(
    {
      method: 'GET',
      path: spec.add.form,
      access,
      doc: {
        tags,
        summary: `The form that adds a ${name} record to a ${parent.resource}`,
        parameters: [idParameter(parentParam)],
        data: FORM_DEFINITION_DOC,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const gid = idIn(c, parentParam);
      if (gid instanceof Response) return gid;
      const parentRow = await store.get(parent.resource, gid);
      if (!parentRow) return notFound(c, parent.resource, gid);
      return ok(c, definition(c, parentRow, undefined, `${spec.add.submit}?${parentParam}=${gid}`));
    },
  );

  api.on(
    {
      method: 'GET',
      path: spec.edit.form,
      access,
      doc: {
        tags,
        summary: `The form that edits a ${name} record, with its values`,
        parameters: [idParameter('id')],
        data: FORM_DEFINITION_DOC,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const id = idIn(c, 'id');
      if (id instanceof Response) return id;
      const row = await store.get(name, id);
      if (!row) return notFound(c, name, id);
      const parentRow = await store.get(parent.resource, row[parent.field] as number);
      if (!parentRow) return notFound(c, parent.resource, row[parent.field] as number);
      return ok(c, definition(c, parentRow, row, `${spec.edit.submit}?id=${id}`));
    },
  );

  /** The answer of a submission: the record with its values, and the other records it changed. */
  const answer = (c: AppContext, outcome: Outcome<{ row: Row; parentRow: Row }>, done: string) =>
    answerWrite(c, outcome, ({ row }) => flattenRecord(schema, row), done);
  const others = (outcome: Outcome<{ row: Row; parentRow: Row }>) =>
    outcome.status === 'ok'
      ? { ...outcome, changed: outcome.changed.filter((x) => !(x.resource === name && x.id === outcome.value.row.id)) }
      : outcome;
  /** The problems of the files a submission names, checked before the write (outside its transaction). */
  const fileProblems = async (c: AppContext, parentId: number, given: Record<string, unknown>, existing?: Row) => {
    const parentRow = files && (await store.get(parent.resource, parentId));
    if (!files || !parentRow) return [];
    const before = (existing?.[values.field] ?? {}) as Record<string, unknown>;
    return files.checkNamed(name, namedFiles(parentRow, given, before), existing?.id, c.get('user')!, c.get('t'));
  };

  api.on({ method: 'POST', path: spec.add.submit, access, doc: submissionDoc(name, parentParam, 'add') }, async (c) => {
    const gid = idIn(c, parentParam);
    if (gid instanceof Response) return gid;
    const read = await readJson(c);
    if (!('body' in read)) return refuseBody(c, read);
    const { own, values: given } = splitSubmission(schema, read.body);
    const parentBefore = await store.get(parent.resource, gid);
    if (!parentBefore) return notFound(c, parent.resource, gid);
    const problems = check(c, parentBefore, read.body);
    if (problems.length > 0) return refuse(c, problems);
    const fileErrors = await fileProblems(c, gid, given);
    if (fileErrors.length > 0) return refuse(c, fileErrors);
    const written = await writes.transaction(actorOf(c), async (w) => {
      // Checked again with the fields the group has now, in the transaction that writes.
      const parentRow = await w.tx.get(parent.resource, gid);
      if (!parentRow) return w.refuse({ status: 'missing', resource: parent.resource, ids: [gid] });
      const row = await w.create(
        name,
        { ...withDefaults(schema, kept(own)), [parent.field]: gid, [values.field]: kept(given) },
        { validate: () => check(c, parentRow, read.body) },
      );
      w.afterCommit(() => files?.attachNamed(name, row.id, namedFiles(parentRow, given)));
      return { row, parentRow };
    });
    return answer(c, others(written), 'server.added');
  });

  api.on({ method: 'POST', path: spec.edit.submit, access, doc: submissionDoc(name, 'id', 'edit') }, async (c) => {
    const id = idIn(c, 'id');
    if (id instanceof Response) return id;
    const read = await readJson(c);
    if (!('body' in read)) return refuseBody(c, read);
    const { own, values: given } = splitSubmission(schema, read.body);
    const before = await store.get(name, id);
    if (!before) return notFound(c, name, id);
    const fileErrors = await fileProblems(c, before[parent.field] as number, given, before);
    if (fileErrors.length > 0) return refuse(c, fileErrors);
    const result = await writes.transaction(actorOf(c), async (w) => {
      const existing = await w.tx.get(name, id);
      if (!existing) return w.refuse({ status: 'missing', resource: name, ids: [id] });
      const parentId = existing[parent.field] as number;
      const parentRow = await w.tx.get(parent.resource, parentId);
      if (!parentRow) return w.refuse({ status: 'missing', resource: parent.resource, ids: [parentId] });
      // The form holds every field: one it leaves empty is cleared, as in any edit form.
      const cleared = Object.fromEntries(ownFormFields(schema).map(([field]) => [field, undefined]));
      const row = await w.update(
        name,
        id,
        (stored) => ({ ...stored, ...cleared, ...withDefaults(schema, kept(own)), [values.field]: kept(given) }),
        { validate: () => check(c, parentRow, read.body) },
      );
      w.afterCommit(() => files?.attachNamed(name, row.id, namedFiles(parentRow, given)));
      return { row, parentRow };
    });
    return answer(c, others(result), 'server.edited');
  });

  if (spec.status) registerStatusSwitch(api, { name, schema, writes, spec: spec.status, answer: (row) => flattenRecord(schema, row) });
  if (spec.shown && spec.status) registerShown(api, { name, spec: spec.shown, statusField: spec.status.field, registry, store });
}

/** How many records a shown list answers at most: a page's slides or notices, never a table. */
const SHOWN_LIMIT = 100;

/**
 * `shown.path?<key>=<value>`: the records switched on of the parent whose `key` holds the value,
 * in the list's order, to any signed-in person (Home's slides and notices); nothing when no parent has it.
 */
/** The longest key the shown records are asked by. */
const SHOWN_KEY_MAX = 200;

function registerShown(
  api: Api,
  { name, spec, statusField, registry, store }: { name: string; spec: ShownSpec; statusField: string; registry: Registry; store: Store },
) {
  const schema = registry.resources[name];
  const parent = schema['x-resource'].parent!;
  const values = formValuesField(schema)!;
  const parentSchema = registry.resources[parent.resource];
  api.on(
    {
      method: 'GET',
      path: spec.path,
      access: 'signed-in',
      doc: {
        tags: [name],
        summary: `The ${name} records shown (${statusField} ${JSON.stringify(spec.on)}) of the ${parent.resource} whose ${spec.key} is given, in their order`,
        description: `Answers the ${parent.resource}'s name and field definitions beside the records, each with its values; an empty list when no ${parent.resource} has that ${spec.key}.`,
        parameters: [{ name: spec.key, in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: SHOWN_KEY_MAX } }],
        data: {
          type: 'object',
          required: ['name', 'fields', 'list'],
          properties: {
            name: { type: 'string' },
            fields: { type: 'array', items: { type: 'object', additionalProperties: true } },
            list: { type: 'array', items: { type: 'object', additionalProperties: true } },
          },
        },
      },
    },
    async (c) => {
      const key = c.req.query(spec.key) ?? '';
      if (key === '' || key.length > SHOWN_KEY_MAX) {
        const message = c.get('t')('server.bad_key', { param: spec.key, max: SHOWN_KEY_MAX });
        return fail(c, Code.invalidInput, message, { errors: [{ field: spec.key, message }] });
      }
      const none: ShownAnswer = { name: '', fields: [], list: [] };
      const [parentRow] = (
        await store.list(parent.resource, {
          conditions: [{ field: spec.key, op: 'eq', value: key }],
          sort: { field: 'id', order: 'ASC' },
          page: 1,
          limit: 1,
        })
      ).rows;
      if (!parentRow) return ok(c, none);
      const { rows } = await store.list(name, {
        conditions: [
          { field: parent.field, op: 'eq', value: parentRow.id },
          { field: statusField, op: 'eq', value: spec.on },
        ],
        sort: schema['x-resource'].list.sort,
        page: 1,
        limit: SHOWN_LIMIT,
      });
      const definitions = parentRow[values.definedBy];
      const answer: ShownAnswer = {
        name: String(parentRow[parentSchema['x-resource'].recordRepresentation] ?? ''),
        fields: Array.isArray(definitions) ? (definitions as ShownAnswer['fields']) : [],
        list: rows.map((row) => flattenRecord(schema, row)),
      };
      return ok(c, answer);
    },
  );
}
