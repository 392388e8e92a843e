// `x-resource.switch` and `x-resource.schedule`, checked against what the server reads: a switch
// sets a top-level field that lists its values; a scheduled job has the fields the scheduler
// writes (kernel/schedule/names.ts), a next run computed from a period, and its runs are a child
// collection with the fields of a run.
import { JOB_FIELDS, RUN_FIELDS } from '../schedule/names';
import type { ResourceContext } from './check-fields';
import type { Found } from './check-form';
import { properties } from './registry';

export function scheduleProblems({ root, resources }: ResourceContext): Found[] {
  const out: Found[] = [];
  const meta = root['x-resource'];
  const own = properties(root);
  const sw = meta.switch;
  if (sw && !own[sw.field]?.enum)
    out.push({ pointer: '/x-resource/switch/field', message: `"${sw.field}" is not a top-level field with a list of values (enum)` });
  const spec = meta.schedule;
  if (!spec) return out;
  const add = (key: string, message: string) => out.push({ pointer: `/x-resource/schedule${key}`, message });
  const missing = Object.values(JOB_FIELDS).filter((field) => !own[field]);
  if (missing.length > 0)
    add('', `a scheduled job needs the top-level fields ${Object.values(JOB_FIELDS).join(', ')}; missing: ${missing.join(', ')}`);
  if (own[JOB_FIELDS.mark] && !own[JOB_FIELDS.mark].enum)
    add('', `"${JOB_FIELDS.mark}" must list the kinds of work (enum): the server has code for each`);
  const next = own[JOB_FIELDS.nextRun]?.['x-computed'];
  if (own[JOB_FIELDS.nextRun] && !(next && 'nextRun' in next))
    add('', `"${JOB_FIELDS.nextRun}" must be computed from the period (x-computed nextRun)`);
  const runs = resources[spec.runs];
  if (!runs) add('/runs', `no resource "${spec.runs}"`);
  else if (runs['x-resource'].parent?.resource !== root.$id)
    add('/runs', `${spec.runs} is not a child collection of ${root.$id}: its x-resource.parent must name ${root.$id}`);
  else {
    const lacking = Object.values(RUN_FIELDS).filter((field) => !properties(runs)[field]);
    if (lacking.length > 0)
      add('/runs', `a run needs the top-level fields ${Object.values(RUN_FIELDS).join(', ')}; ${spec.runs} lacks ${lacking.join(', ')}`);
  }
  return out;
}
