// The calls of records that are a template's form filled in (`x-resource.fills`: an instrument's
// dossiers): the form definition of a template as it is now, and its submission, checked against
// that form and stored with a copy of the template's fields, name and revision, so that a later
// change to the template leaves the dossier as it was filled. Listing and deleting are the
// resource's ordinary endpoints.
import { Code } from '../../kernel/contract/codes';
import { rulesOf } from '../../kernel/forms/definitions';
import { withDefaults } from '../../kernel/schema/derive';
import type { FieldDefinition, FormDefinition } from '../../kernel/forms/types';
import { formProblems } from '../../kernel/forms/validate';
import { parentParam as parentParamOf } from '../../kernel/schema/query';
import type { Registry } from '../../kernel/schema/registry';
import { properties } from '../../kernel/schema/registry';
import type { FillsSpec } from '../../kernel/schema/types';
import { type AppContext, ok } from '../context';
import { answerWrite } from '../write/answer';
import { actorOf, type WriteService } from '../write/service';
import type { Api } from '../http/endpoints';
import type { RecordFiles } from '../files/record-files';
import { FORM_DEFINITION_DOC } from './form-record-docs';
import { idParameter } from '../resources/docs';
import { idIn, imageFiles, kept, notFound, refuse, registerStatusSwitch } from './form-calls';
import { readJson, refuseBody } from '../http/request';
import type { Row, Store } from '../store/types';

interface Deps {
  registry: Registry;
  store: Store;
  /** Where the filled forms are written (server/write/service.ts). */
  writes: WriteService;
  files?: RecordFiles;
}

/** The query parameter naming the template. */
const TEMPLATE_PARAM = 'tid';

export function registerFilledForms(api: Api, deps: Deps) {
  for (const [name, schema] of Object.entries(deps.registry.resources)) {
    const spec = schema['x-resource'].fills;
    if (spec) registerOne(api, name, spec, deps);
  }
}

function registerOne(api: Api, name: string, spec: FillsSpec, { registry, store, writes, files }: Deps) {
  const schema = registry.resources[name];
  const parent = schema['x-resource'].parent!;
  const parentParam = parentParamOf(schema)!;
  const templateResource = properties(schema)[spec.template]['x-ref']!;
  const revisionField = Object.entries(properties(registry.resources[templateResource])).find(
    ([, prop]) => prop['x-computed'] && 'revisionOf' in prop['x-computed'],
  )?.[0];
  const access = { resource: name };
  const tags = [name];
  const parameters = [idParameter(TEMPLATE_PARAM), idParameter(parentParam)];

  const fieldsOf = (template: Row) => (Array.isArray(template[spec.fields]) ? (template[spec.fields] as FieldDefinition[]) : []);
  /** The template and the parent the query names, or the refusal. */
  const named = async (c: AppContext): Promise<{ template: Row; parentId: number } | Response> => {
    const tid = idIn(c, TEMPLATE_PARAM);
    if (tid instanceof Response) return tid;
    const parentId = idIn(c, parentParam);
    if (parentId instanceof Response) return parentId;
    const [template, parentRow] = await Promise.all([store.get(templateResource, tid), store.get(parent.resource, parentId)]);
    if (!template) return notFound(c, templateResource, tid);
    if (!parentRow) return notFound(c, parent.resource, parentId);
    return { template, parentId };
  };

  api.on(
    {
      method: 'GET',
      path: spec.form,
      access,
      doc: {
        tags,
        summary: `The form of a ${templateResource} as it is now, to fill in for a ${parent.resource}`,
        parameters,
        data: FORM_DEFINITION_DOC,
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const found = await named(c);
      if (found instanceof Response) return found;
      const { template, parentId } = found;
      const definition: FormDefinition = {
        rules: rulesOf(fieldsOf(template)),
        title: String(template[registry.resources[templateResource]['x-resource'].recordRepresentation] ?? template.id),
        action: `${spec.submit}?${TEMPLATE_PARAM}=${template.id}&${parentParam}=${parentId}`,
        method: 'POST',
        info: typeof template.info === 'string' ? template.info : '',
        status: true,
      };
      return ok(c, definition);
    },
  );

  api.on(
    {
      method: 'POST',
      path: spec.submit,
      access,
      doc: {
        tags,
        summary: `Fill in the form of a ${templateResource} for a ${parent.resource}`,
        description:
          "The body holds the values of the template's fields, checked against them; the record keeps a copy of the fields it was filled with.",
        parameters,
        body: { type: 'object', additionalProperties: true },
        bodyIsJson: true,
        data: { type: 'object', required: ['id'], additionalProperties: true },
        codes: [Code.invalidInput, Code.notFound],
      },
    },
    async (c) => {
      const found = await named(c);
      if (found instanceof Response) return found;
      const read = await readJson(c);
      if (!('body' in read)) return refuseBody(c, read);
      const t = c.get('t');
      const check = (template: Row) => formProblems({ rules: rulesOf(fieldsOf(template)), title: '' }, read.body, c.get('language'), t);
      const problems = check(found.template);
      if (problems.length > 0) return refuse(c, problems);
      const fileErrors = files
        ? await files.checkNamed(name, imageFiles(spec.values, fieldsOf(found.template), read.body), undefined, c.get('user')!, t)
        : [];
      if (fileErrors.length > 0) return refuse(c, fileErrors);
      const outcome = await writes.transaction(actorOf(c), async (w) => {
        // Read again in the transaction that writes: the template as it is when the dossier is kept.
        const template = await w.tx.get(templateResource, found.template.id);
        if (!template) return w.refuse({ status: 'missing', resource: templateResource, ids: [found.template.id] });
        const copies = Object.fromEntries(Object.entries(spec.copy).map(([mine, theirs]) => [mine, template[theirs]]));
        const row = await w.create(
          name,
          {
            ...withDefaults(schema, {}),
            ...kept(copies),
            [parent.field]: found.parentId,
            [spec.template]: template.id,
            [spec.fields]: fieldsOf(template),
            [spec.values]: kept(read.body),
            [spec.revision]: revisionField ? template[revisionField] : undefined,
            [spec.by]: c.get('user')?.name,
          },
          { validate: () => check(template) },
        );
        w.afterCommit(() => files?.attachNamed(name, row.id, imageFiles(spec.values, fieldsOf(template), read.body)));
        return row;
      });
      const others =
        outcome.status === 'ok'
          ? { ...outcome, changed: outcome.changed.filter((x) => x.resource !== name || x.id !== outcome.value.id) }
          : outcome;
      return answerWrite(c, others, (row) => row, 'server.added');
    },
  );
  if (spec.status) registerStatusSwitch(api, { name, schema, writes, spec: spec.status, answer: (row) => row });
}
