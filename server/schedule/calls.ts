// The calls of scheduled jobs beside their list, info and save: the kinds of work by name
// (`schedule.marks`), and running a job at once (`schedule.run`). Switching a job on or off is
// the resource's switch (`x-resource.switch`), registered with the other switches.
import { Code } from '../../kernel/contract/codes';
import type { Registry } from '../../kernel/schema/registry';
import { properties } from '../../kernel/schema/registry';
import { JOB_FIELDS } from '../../kernel/schedule/names';
import { ok } from '../context';
import type { Api } from '../http/endpoints';
import { idIn, notFound } from '../forms/form-calls';
import { idParameter } from '../resources/docs';
import type { Scheduler } from './scheduler';

export function registerScheduleCalls(api: Api, registry: Registry, scheduler: Scheduler) {
  for (const [name, schema] of Object.entries(registry.resources)) {
    const spec = schema['x-resource'].schedule;
    if (!spec) continue;
    const access = { resource: name };
    const tags = [name];
    const marks = (properties(schema)[JOB_FIELDS.mark]?.enum ?? []).map(String);

    api.on(
      {
        method: 'GET',
        path: spec.marks,
        access,
        doc: {
          tags,
          summary: 'The kinds of work a job may do, each by its name',
          data: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
      (c) => {
        const t = c.get('t');
        return ok(c, Object.fromEntries(marks.map((mark) => [mark, t(`resources.${name}.enums.${JOB_FIELDS.mark}.${mark}`, { _: mark })])));
      },
    );

    api.on(
      {
        method: 'POST',
        path: spec.run,
        access,
        doc: {
          tags,
          summary: 'Runs a job now and answers the run',
          description: 'The answer is the run as recorded, its `result` ok or failed.',
          parameters: [idParameter('id')],
          data: { type: 'object', additionalProperties: true },
          codes: [Code.invalidInput, Code.notFound],
        },
      },
      async (c) => {
        const id = idIn(c, 'id');
        if (id instanceof Response) return id;
        const run = await scheduler.runNow(name, id, c.get('user')?.name ?? '');
        if (!run) return notFound(c, name, id);
        const t = c.get('t');
        return ok(c, run, t(run.result === 'ok' ? 'schedule.ran' : 'schedule.run_failed', { message: String(run.message ?? '') }));
      },
    );
  }
}
