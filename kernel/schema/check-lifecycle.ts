// `x-resource.lifecycle` names the instruments' status field and their total of hours since the
// last repair: the status must be a top-level field with options, the hours a `sumSince` total;
// `registered` a top-level time of the instrument, `resets` a list field of the repair records,
// and, when given, their calibration records (a child collection) and the date kept from them.
import type { ResourceContext } from './check-fields';
import type { Found } from './check-form';

/** The fields a calibration record needs (kernel/fleet/calibration.ts reads them). */
const CALIBRATION_FIELDS = ['date', 'result', 'nextDue', 'superseded'] as const;

export function lifecycleProblems({ root, resources }: ResourceContext): Found[] {
  const lifecycle = root['x-resource'].lifecycle;
  if (!lifecycle) return [];
  const out: Found[] = [];
  const status = root.properties?.[lifecycle.status];
  if (!status) out.push({ pointer: '/x-resource/lifecycle/status', message: `no top-level field "${lifecycle.status}"` });
  else if (!status.enum && !status['x-options'])
    out.push({ pointer: '/x-resource/lifecycle/status', message: `"${lifecycle.status}" needs options (enum or x-options)` });
  const hours = root.properties?.[lifecycle.hours];
  const computed = hours?.['x-computed'];
  if (!hours) out.push({ pointer: '/x-resource/lifecycle/hours', message: `no top-level field "${lifecycle.hours}"` });
  else if (!computed || !('sumSince' in computed))
    out.push({ pointer: '/x-resource/lifecycle/hours', message: `"${lifecycle.hours}" must be a total kept by x-computed sumSince` });
  if (lifecycle.registered !== undefined && root.properties?.[lifecycle.registered]?.format !== 'date-time')
    out.push({ pointer: '/x-resource/lifecycle/registered', message: `"${lifecycle.registered}" must be a top-level date-time field` });
  const calibrations = lifecycle.calibrations;
  if (calibrations) {
    const at = '/x-resource/lifecycle/calibrations';
    const child = resources[calibrations.resource];
    if (!child || child['x-resource'].parent?.resource !== root.$id)
      out.push({ pointer: `${at}/resource`, message: `"${calibrations.resource}" must be a child collection of this resource` });
    else
      for (const field of CALIBRATION_FIELDS)
        if (!child.properties?.[field])
          out.push({ pointer: `${at}/resource`, message: `"${calibrations.resource}" needs the field "${field}"` });
    const until = root.properties?.[calibrations.until];
    if (!until || until.format !== 'date' || !until.readOnly)
      out.push({ pointer: `${at}/until`, message: `"${calibrations.until}" must be a read-only top-level date field` });
  }
  return out;
}
