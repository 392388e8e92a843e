// The calls of records written through forms the server makes (`x-resource.forms`: a group's
// items, whose fields the group defines): the table's columns for a parent, the add and edit form
// definitions, their submissions (checked against the same form before anything is stored), and
// the status switch. Listing and deleting are the resource's ordinary endpoints, which answer
// each record's values beside its own fields.
import { Code } from '../kernel/contract/codes';
import {
  flattenRecord,
  formValuesField,
  ownFormFields,
  parentDefined,
  recordFormRules,
  splitSubmission,
} from '../kernel/forms/record-form';
import type { FieldDefinition, FormDefinition } from '../kernel/forms/types';
import { formProblems } from '../kernel/forms/validate';
import { derive, withDefaults } from '../kernel/schema/derive';
import { parentParam as parentParamOf } from '../kernel/schema/query';
import type { Registry } from '../kernel/schema/registry';
import { properties } from '../kernel/schema/registry';
import type { FormsSpec } from '../kernel/schema/types';
import type { FieldError } from '../kernel/schema/validation';
import { type AppContext, ok } from './context';
import { authored } from './history/recorder';
import type { Api } from './endpoints';
import { FORM_DEFINITION_DOC, FORM_HEADER_DOC, idParameter, submissionDoc } from './form-record-docs';
import { readJson, refuseBody } from './request';
import type { RecordFiles } from './files/record-files';
import { IMAGE_TYPES, idIn, imageFiles, kept, notFound, refuse, registerStatusSwitch } from './form-calls';
import type { Row, Store } from './store/types';

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
  now?: () => Date;
  /** The uploaded files records name (when the app takes uploads): an image field's files belong to its record. */
  files?: RecordFiles;
}

export function registerFormRecords(api: Api, deps: Deps) {
  for (const [name, schema] of Object.entries(deps.registry.resources)) {
    const spec = schema['x-resource'].forms;
    if (spec) registerOne(api, name, spec, deps);
  }
}

function registerOne(api: Api, name: string, spec: FormsSpec, { registry, store, now = () => new Date(), files }: Deps) {
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

  type Outcome = { missing: string; id: number } | { problems: FieldError[] } | { row: Row; parentRow: Row };
  const answer = async (c: AppContext, result: Outcome, given: Record<string, unknown>, done: string) => {
    if ('missing' in result) return notFound(c, result.missing, result.id);
    if ('problems' in result) return refuse(c, result.problems);
    await files?.attachNamed(name, result.row.id, namedFiles(result.parentRow, given));
    return ok(c, flattenRecord(schema, result.row), c.get('t')(done));
  };
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
    const written = await authored(store, c).transaction(async (tx): Promise<Outcome> => {
      // Checked again with the fields the group has now, in the transaction that writes.
      const parentRow = await tx.get(parent.resource, gid);
      if (!parentRow) return { missing: parent.resource, id: gid };
      const problems = check(c, parentRow, read.body);
      if (problems.length > 0) return { problems };
      const record = derive(
        schema,
        { ...withDefaults(schema, kept(own)), [parent.field]: gid, [values.field]: kept(given) },
        undefined,
        now(),
      );
      return { parentRow, row: await tx.insert(name, record) };
    });
    return answer(c, written, given, 'server.added');
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
    const result = await authored(store, c).transaction(async (tx): Promise<Outcome> => {
      const existing = await tx.get(name, id);
      if (!existing) return { missing: name, id };
      const parentRow = await tx.get(parent.resource, existing[parent.field] as number);
      if (!parentRow) return { missing: parent.resource, id: existing[parent.field] as number };
      const problems = check(c, parentRow, read.body);
      if (problems.length > 0) return { problems };
      const { id: _id, version: _version, ...stored } = existing;
      // The form holds every field: one it leaves empty is cleared, as in any edit form.
      const cleared = Object.fromEntries(ownFormFields(schema).map(([field]) => [field, undefined]));
      const record = derive(
        schema,
        { ...stored, ...cleared, ...withDefaults(schema, kept(own)), [values.field]: kept(given) },
        existing,
        now(),
      );
      const written = await tx.update(name, id, record);
      return written.status === 'ok' ? { parentRow, row: written.row } : { missing: name, id };
    });
    return answer(c, result, given, 'server.edited');
  });

  if (spec.status) registerStatusSwitch(api, { name, schema, store, spec: spec.status, answer: (row) => flattenRecord(schema, row) });
}
